import Testing
@testable import TermLayout

/// A node that sets none of the text style's properties gets its widget's defaults without
/// reading them (issue 32, 4c: seven property reads per label per frame).
struct DefaultTextStyleTests {
    private func context(_ node: LayoutNode) -> PaintContext {
        PaintContext(node: node, rect: CellRect(column: 0, row: 0, columns: 4, rows: 1), clip: CellRect(column: 0, row: 0, columns: 4, rows: 1),
                     focused: false, frame: 0, usesHardwareCursor: false)
    }

    @Test(arguments: WidgetRegistry.standard.names)
    func isWhatReadingEachPropertyGives(widget: String) throws {
        // Bare, as most nodes are; a Modal's, a Tabs' or a List's rules do not matter here.
        guard let node = try? makeNode("<\(widget)/>") else { return }
        #expect(!node.setsTextStyle)
        #expect(try context(node).textStyle() == context(node).readTextStyle())
    }

    @Test(arguments: WidgetRegistry.standard.names)
    func laysTextOutAsReadingEachPropertyGives(widget: String) throws {
        guard let node = try? makeNode("<\(widget)/>") else { return }
        let context = context(node), layout = try LabelWidget.textLayout(context)
        #expect(!node.setsTextLayout)
        #expect(layout.wrap == TextMeasure.Wrap.named(try context.string("wrap")) ?? .word)
        #expect(layout.alignment == TextLayout.Alignment(rawValue: try context.string("alignment")) ?? .left)
    }

    @Test func aLabelThatSetsItsLayoutReadsIt() throws {
        let node = try makeNode("<Label text=\"a\" alignment=\"{a}\" wrap=\"char\"/>", state: ["a": "right"])
        #expect(node.setsTextLayout)
        let layout = try LabelWidget.textLayout(context(node))
        #expect(layout.wrap == .char && layout.alignment == .right)
        #expect(try makeNode("<Label text=\"a\" lines=\"2\"/>").setsTextLayout)
        #expect(try screen("<Label width=\"6\" alignment=\"right\" text=\"ab\"/>", 6, 1) == "    ab")
        #expect(try screen("<Label width=\"6\" text=\"ab\"/>", 6, 1) == "ab")
    }

    @Test func aNodeThatSetsOneReadsThemAll() throws {
        let node = try makeNode("<Label text=\"a\" underline=\"{u}\"/>", state: ["u": true])
        #expect(node.setsTextStyle)
        #expect(try context(node).textStyle().attributes == .underline)
        let colored = try makeNode("<Label text=\"a\" color=\"red\"/>")
        #expect(try context(colored).textStyle().foreground == .palette(.red))
        #expect(try !makeNode("<Label text=\"a\" width=\"3\" background=\"red\" wrap=\"char\"/>").setsTextStyle)
    }

    @Test func namesTheStyleProperties() {
        for name in ["color", "bold", "dim", "italic", "underline", "strikethrough", "reverse"] { #expect(TextStyleProperties.contains(name)) }
        for name in ["text", "background", "colors", "b", "", "dimmed", "row", "selected", "wrap", "width", "id"] {
            #expect(!TextStyleProperties.contains(name))
        }
    }

    @Test(arguments: WidgetRegistry.standard.names)
    func theBackgroundIsWhatReadingItGives(widget: String) throws {
        guard let node = try? makeNode("<\(widget)/>") else { return }
        #expect(!node.setsBackground)
        #expect(try context(node).background() == context(node).color("background"))
    }

    @Test func aBackgroundSetOrDefaultedByTheWidgetIsPainted() throws {
        var registry = WidgetRegistry.standard
        registry.register(Swatch.self)
        let xml = #"<Row><Swatch width="2" height="1"/><Swatch width="2" height="1" background="{bg}"/><Label text="a" background="{bg}"/></Row>"#
        let template = try TemplateLoader(registry: registry).load(text: xml, path: "T.xml", directory: "/nonexistent").get()
        let root = try LayoutNode(template: template, state: ["bg": .color(.palette(.red))])
        root.screenSize = (6, 1)
        #expect(try context(root.children[0]).background() == .palette(.blue), "the widget's own default")
        #expect(root.children[1].setsBackground && root.children[2].setsBackground)
        let incremental = IncrementalRenderer()
        for color in [PaletteColor.red, .green, .yellow] {
            try root.setState(["bg": .color(.palette(color))])
            let fast = try incremental.render(root, columns: 6, rows: 1)
            #expect(fast == (try Renderer().render(root, columns: 6, rows: 1)))
            #expect(fast[0, 0].style.background == .palette(.blue))
            #expect(fast[2, 0].style.background == .palette(color) && fast[4, 0].style.background == .palette(color))
        }
    }

    @Test func aLabelPaintsInItsStyle() throws {
        let plain = try renderBuffer("<Label text=\"ab\"/>", 4, 1)
        #expect(plain[0, 0].style.attributes == [] && plain[0, 0].style.foreground == .default)
        let bold = try renderBuffer("<Label text=\"ab\" bold=\"true\" color=\"#ff0000\"/>", 4, 1)
        #expect(bold[0, 0].style.attributes == .bold && bold[0, 0].style.foreground == .rgb(255, 0, 0))
    }
}

/// A widget with a background of its own by default: a box painted blue.
private enum Swatch: Widget {
    static let name = "Swatch"
    static let summary = "A box in a colour"
    static let properties = [PropertyDescriptor("background", .color, default: .color(.palette(.blue)), "The colour")]

    static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {}
}
