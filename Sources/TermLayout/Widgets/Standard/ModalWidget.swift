/// `Modal`: a dialog laid out as a flex column, out of its parent's flow, centred on the
/// screen while `presented`; drawn last over a shaded screen, holding focus and clicks;
/// Escape dismisses it (see ``WidgetTraits/modal``).
public enum ModalWidget: BoxWidget {
    public static let name = "Modal"
    public static let summary = "A dialog centred over the screen; it holds the focus while presented"
    public static let properties = WidgetRegistry.containerProperties + [
        PropertyDescriptor("presented", .bool, default: true, "Whether it is shown"),
        PropertyDescriptor("dismiss", .action, "Action fired when Escape closes it"),
    ]
    public static let childLayout = ChildLayout.column
    public static let traits: WidgetTraits = .modal
}
