import Testing
import TermLayout // Only the public API: what an app can do.

/// A custom widget that measures and paints: one column per number, a bar from ▁ to █
/// scaled between the smallest and the largest.
enum Sparkline: Widget {
    static let name = "Sparkline"
    static let summary = "A one-row chart of numbers"
    static let properties = [
        PropertyDescriptor("values", .array, default: [], "The numbers, one column each"),
        PropertyDescriptor("color", .color, "Bar color"),
    ]
    static let bars = Array("▁▂▃▄▅▆▇█")

    static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: try numbers(context).count, rows: 1)
    }

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let values = try numbers(context)
        guard let low = values.min(), let high = values.max() else { return }
        let scale = high > low ? Double(bars.count - 1) / (high - low) : 0
        let text = String(values.map { bars[Clamp.int(($0 - low) * scale, in: 0...(bars.count - 1), rounding: .toNearestOrAwayFromZero)] })
        let style = CellStyle(foreground: try context.color("color") ?? .default)
        buffer.write(text, column: context.rect.column, row: context.rect.row, style: style, clip: context.clip)
    }

    private static func numbers(_ reader: some WidgetPropertyReader) throws(Diagnostic) -> [Double] {
        (try reader.value("values").arrayValue ?? []).compactMap(\.numberValue)
    }
}

/// A custom widget that takes focus, keys and clicks: `‹ 3 ›`; `+`/Right and `-`/Left (or a
/// click on an arrow) change `value` and fire `change`.
enum Stepper: Widget {
    static let name = "Stepper"
    static let summary = "A number changed with + and -"
    static let properties = [
        PropertyDescriptor("value", .number(), default: 0, "The number"),
        PropertyDescriptor("change", .action, "Action fired when the number changes"),
    ]
    static let traits: WidgetTraits = .focusable

    static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        context.size(columns: label(try context.number("value")).count, rows: 1)
    }

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let style = try context.focusStyle(CellStyle())
        buffer.write(label(try context.number("value")), column: context.rect.column, row: context.rect.row, style: style, clip: context.clip)
    }

    static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        switch event {
        case .character("+"), .right: try step(node, by: 1, in: interaction)
        case .character("-"), .left: try step(node, by: -1, in: interaction)
        default: return false
        }
        return true
    }

    static func click(_ node: LayoutNode, column: Int, row: Int, cells: CellRect, in interaction: Interaction) throws(Diagnostic) {
        try step(node, by: column < cells.column + cells.columns / 2 ? -1 : 1, in: interaction)
    }

    private static func step(_ node: LayoutNode, by delta: Double, in interaction: Interaction) throws(Diagnostic) {
        try interaction.write(.number((try node.value(of: "value").numberValue ?? 0) + delta), to: "value", of: node)
        try interaction.fire("change", of: node)
    }

    private static func label(_ value: Double) -> String { "‹ \(Int(exactly: value).map(String.init) ?? "\(value)") ›" }
}

/// Apps register their own widgets, which templates then use like the standard ones.
@MainActor
struct CustomWidgetTests {
    static let registry: WidgetRegistry = {
        var registry = WidgetRegistry.standard
        registry.register(Sparkline.self)
        registry.register(Stepper.self)
        return registry
    }()

    func load(_ xml: String, state: [String: Value]) throws -> LayoutNode {
        let template = try TemplateLoader(registry: Self.registry).load(text: xml, path: "T.xml", directory: "/nonexistent").get()
        let root = try LayoutNode(template: template, state: state)
        root.screenSize = (24, 2)
        return root
    }

    @Test func aSparklineMeasuresAndPaintsInARow() throws {
        let root = try load("""
        <Column>
            <Row gap="1"><Label text="cpu"/><Sparkline id="spark" values="{load}" color="green"/><Label text="end"/></Row>
            <Row gap="1"><Label text="flat"/><Sparkline values="[3, 3]"/><Spacer/><Sparkline values="[0, 10, 5]"/></Row>
        </Column>
        """, state: ["load": [1, 2, 3, 4, 5, 6, 7, 8]])
        // Eight values: eight columns, one row, between its neighbours.
        #expect(try root.node(withID: "spark")?.cellFrame() == CellRect(column: 4, row: 0, columns: 8, rows: 1))
        let buffer = try Renderer().render(root, columns: 24, rows: 2)
        #expect(buffer.text == """
        cpu ▁▂▃▄▅▆▇█ end
        flat ▁▁              ▁█▅
        """)
        #expect(buffer[4, 0].style.foreground == .palette(.green))
        // The layout follows the values.
        try root.setState(["load": [5, 1]])
        #expect(try root.node(withID: "spark")?.cellFrame() == CellRect(column: 4, row: 0, columns: 2, rows: 1))
        #expect(try Renderer().render(root, columns: 24, rows: 2).text.hasPrefix("cpu █▁ end"))
    }

    @Test func unknownElementsAreSuggestedCustomNames() {
        let xml = "<Row>\n    <Sparkine values=\"[1]\"/>\n</Row>"
        let custom = TemplateLoader(registry: Self.registry).load(text: xml, path: "T.xml", directory: "/nonexistent")
        #expect(custom.diagnostics.map(\.summary) == ["T.xml:2:6: error: unknown element <Sparkine>; did you mean 'Sparkline'?"])
        // Its properties are checked like any widget's.
        let wrongType = TemplateLoader(registry: Self.registry).load(text: "<Sparkline values=\"'a' + 1\"/>", path: "T.xml")
        #expect(wrongType.template == nil)
    }

    @Test func theReferenceListsACustomWidgetsProperties() {
        let reference = WidgetReference.markdown(Self.registry)
        #expect(reference.contains("#### `Sparkline`\n\nA one-row chart of numbers\n"))
        #expect(reference.contains("| `values` | array | `[]` | The numbers, one column each |"))
        #expect(!WidgetReference.markdown().contains("Sparkline"))
    }

    @Test func aCustomWidgetTakesFocusKeysAndClicks() throws {
        let fixture = try TemplateFixture(["Main.xml": """
        <Row gap="1"><Label text="Volume"/><Stepper value="{volume}" change="changed"/><Button title="Mute" press="mute"/></Row>
        """])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["volume": 3], loader: TemplateLoader(registry: Self.registry))
        var changes: [Double] = []
        app.on("changed") { event in changes.append(event.app.state["volume"]?.numberValue ?? -1) }
        app.on("mute") { event in try event.app.setState(["volume": 0]) }
        let pilot = Pilot(app, columns: 30, rows: 1)
        #expect(pilot.lines[0].hasPrefix("Volume ‹ 3 › [ Mute ]"))
        // Focus starts on it (first in reading order); keys go to it.
        pilot.press(.character("+"), .character("+"), .left)
        #expect(changes == [4, 5, 4])
        #expect(pilot.lines[0].hasPrefix("Volume ‹ 4 › [ Mute ]"))
        // Tab moves on to the button and back; a click on the right arrow steps up.
        pilot.press(.tab, .enter)
        #expect(pilot.lines[0].hasPrefix("Volume ‹ 0 › [ Mute ]"))
        pilot.press(.character("+"))
        #expect(changes == [4, 5, 4])
        try pilot.click("›")
        #expect(changes == [4, 5, 4, 1])
        #expect(pilot.lines[0].hasPrefix("Volume ‹ 1 › [ Mute ]"))
    }

    @Test func everyStandardWidgetIsAType() {
        for name in WidgetRegistry.standard.names {
            #expect(WidgetRegistry.standard.widget(named: name)?.type.name == name)
        }
    }
}
