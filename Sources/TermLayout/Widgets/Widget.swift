// Widgets: what each kind of node is and does — its properties, size, drawing and input.
// Owns: the `Widget` protocol and one type per standard widget (`Standard/`). Must not know
// about: terminals (painters only see cells).

/// A kind of node that templates can use, as a type: its element name and properties, how it
/// measures, paints, lays out its children and handles keys, clicks and the wheel. Layout,
/// rendering and input ask the node's widget type; none of them knows widgets by name.
///
/// Every requirement but ``name``, ``summary`` and ``paint(_:into:)`` has a default: no own
/// properties, no children, no flags, the size of its children plus padding and border,
/// and no input. Register a widget to use it from templates:
///
/// ```swift
/// enum Sparkline: Widget {
///     static let name = "Sparkline"
///     static let summary = "A one-row chart of numbers"
///     static let properties = [PropertyDescriptor("values", .array, default: [], "The numbers")]
///
///     static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
///         context.size(columns: try context.value("values").arrayValue?.count ?? 0, rows: 1)
///     }
///
///     static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
///         buffer.write("▁▄█", column: context.rect.column, row: context.rect.row, style: CellStyle(), clip: context.clip)
///     }
/// }
///
/// var registry = WidgetRegistry.standard
/// registry.register(Sparkline.self)
/// let loader = TemplateLoader(registry: registry)
/// ```
public protocol Widget: Sendable {
    /// The element name templates use, such as `Label`.
    static var name: String { get }
    /// A one-line description, for `termlayout docs`.
    static var summary: String { get }
    /// The widget's own properties, in addition to ``WidgetRegistry/commonProperties``.
    static var properties: [PropertyDescriptor] { get }
    /// How it places its child elements (default ``ChildLayout/none``: it takes none).
    static var childLayout: ChildLayout { get }
    /// What layout, rendering and input need to know about it (default: nothing).
    static var traits: WidgetTraits { get }

    /// The size it would like, in points, when at most `context.maxWidth` wide (default:
    /// its children's extent plus padding and border).
    static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size
    /// The narrowest it can be without overflowing, in points; read only for widgets with
    /// ``WidgetTraits/measuresMinContent`` (default 0).
    static func minContentWidth(_ context: MeasureContext) throws(Diagnostic) -> Double
    /// Draws the widget into `buffer` within `context.clip`, over its background (already
    /// filled). Narrow `context.contentClip` where its children must not draw (a border).
    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic)
    /// Handles a key while the widget has focus, or — `bubbled` — one a focused descendant
    /// did not use. Returns whether it used the key (default: it does not).
    static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool
    /// A mouse press at `column`, `row` inside `cells`, the widget's cells; it has just
    /// been focused (default: nothing more happens).
    static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic)
    /// The mouse wheel over the widget or a descendant, `rows` down (negative: up). Returns
    /// whether it scrolled; if not, the wheel goes to its parent (default: it does not).
    static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool
    /// The pointer moved to `column`, `row` (screen cells, maybe outside the widget) with the
    /// button held since a press on the widget. Returns whether it used it (default: no).
    static func drag(_ node: LayoutNode, column: Int, row: Int, in interaction: Interaction) throws(Diagnostic) -> Bool
}

extension Widget {
    public static var properties: [PropertyDescriptor] { [] }
    public static var childLayout: ChildLayout { .none }
    public static var traits: WidgetTraits { [] }

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        try context.childrenSize()
    }

    public static func minContentWidth(_ context: MeasureContext) throws(Diagnostic) -> Double { 0 }

    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool,
                              in interaction: Interaction) throws(Diagnostic) -> Bool { false }

    public static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {}

    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool { false }

    public static func drag(_ node: LayoutNode, column: Int, row: Int, in interaction: Interaction) throws(Diagnostic) -> Bool { false }
}

/// How a widget places its child elements.
public enum ChildLayout: Sendable, Hashable {
    /// It takes no children.
    case none
    /// Flexbox, children side by side unless `direction` says otherwise (Row).
    case row
    /// Flexbox, children one below another unless `direction` says otherwise (Column,
    /// ScrollView, Modal).
    case column
    /// Children place themselves with frame expressions (`left`, `width`, `previous.bottom`…);
    /// a `direction` attribute makes it a flex container (View).
    case frames
    /// Frame expressions, each child as tall as the container unless it says otherwise (Layer).
    case layers
    /// Pages below a one-row bar: only the selected child shows (Tabs).
    case pages
    /// The one child element is a row template, built once per item on screen (List).
    case rowTemplate
    /// Each child element is a `<Column>` declaration — a header, a width and the cell a row
    /// shows — not a node: the widget draws its rows itself (Table). Inside such a widget
    /// `<Column>` means a column declaration, never the flex container.
    case tableColumns

    /// Whether child elements are allowed.
    public var acceptsChildren: Bool { self != .none }
}

/// Flags on a widget type that layout, rendering and input read — stored on its
/// ``WidgetDescriptor`` so the hot paths test a bit, never a name.
public struct WidgetTraits: OptionSet, Sendable, Hashable {
    /// The traits as bits, one per trait below.
    public let rawValue: UInt16
    /// Traits from their bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// It takes keyboard focus (Tab reaches it, clicks focus it, keys go to it).
    public static let focusable = WidgetTraits(rawValue: 1 << 0)
    /// A dialog: out of the flow, centred on the screen, hidden unless `presented`, drawn
    /// last over a shaded screen; focus and clicks stay inside it; Escape dismisses it.
    public static let modal = WidgetTraits(rawValue: 1 << 1)
    /// Its content scrolls by an offset the user moves (arrows, wheel), with a scrollbar.
    public static let scrollsContent = WidgetTraits(rawValue: 1 << 2)
    /// It shows part of a larger content, so as a flex item it may be smaller than its
    /// content (ScrollView, List).
    public static let viewport = WidgetTraits(rawValue: 1 << 3)
    /// It edits text: typed characters arrive in runs as one event, and the terminal's
    /// cursor shows its insertion point.
    public static let editsText = WidgetTraits(rawValue: 1 << 4)
    /// It changes with the animation frame (repainted on every frame).
    public static let animates = WidgetTraits(rawValue: 1 << 5)
    /// In frame expressions, its width defaults to its parent's (containers always do).
    public static let fillsWidth = WidgetTraits(rawValue: 1 << 6)
    /// In a flex container it grows into free space unless `grow` or `weight` says otherwise.
    public static let growsByDefault = WidgetTraits(rawValue: 1 << 7)
    /// It has a min-content width of its own (``Widget/minContentWidth(_:)``), below which
    /// a flex item does not shrink — a label's longest word.
    public static let measuresMinContent = WidgetTraits(rawValue: 1 << 8)
}
