import Testing
@testable import TermLayout

/// Every number property of every widget in the registry, set to values far outside any
/// sensible range, is laid out, rendered and driven with keys and the mouse without a trap
/// or a hang (issue 10, item 3). Errors are allowed; crashes are not.
struct NumericPropertyRobustnessTests {
    /// Literals a template or a style may hold, and values only state can hold (NaN, ±∞).
    static let literals = ["1e19", "-1e300", "1e308"]
    static let stateValues: [Double] = [-1e19, .nan, .infinity]

    /// The number properties of a widget, from the registry, so a new one is swept too.
    static func numberProperties(of widget: WidgetDescriptor) -> [String] {
        widget.properties.values.filter {
            if case .number = $0.type { return true } else { return false }
        }.map(\.name).sorted()
    }

    /// A template using `widget` with `property` set to `value`, among siblings and with
    /// children that take focus, so layout, painting and input all reach it.
    static func template(_ widget: String, _ property: String, _ value: String, parent: String) -> String {
        let body: String = switch widget {
        case "Tabs": #"<View title="a"><Button title="in a"/></View><View title="b"/>"#
        case "List": ""
        default: WidgetRegistry.standard.widget(named: widget)?.acceptsChildren == true
            ? #"<Button title="inside"/><Label text="a long line of text"/>"# : ""
        }
        let attributes: String = switch widget {
        case "List": #" items="[1, 2, 3, 4, 5]""#
        case "Label": #" text="text""#
        case "TextField": #" text="abc""#
        default: ""
        }
        return """
        <\(parent)>
            <Label text="before"/>
            <\(widget)\(attributes) \(property)="\(value)">\(body)</\(widget)>
            <Button title="after"/>
        </\(parent)>
        """
    }

    /// Lays out, renders (full and incremental), then presses every key and clicks on every
    /// tenth cell, rendering after each; returns the first error, if any.
    @discardableResult
    static func exercise(_ xml: String, state: [String: Value] = [:]) throws -> CellBuffer {
        let root = try makeNode(xml, state: state)
        root.screenSize = (40, 12)
        var screen = try Renderer().render(root, columns: 40, rows: 12)
        let incremental = IncrementalRenderer()
        _ = try? incremental.render(root, columns: 40, rows: 12)
        let interaction = Interaction(root: root)
        let keys: [InputEvent] = [.down, .pageDown, .end, .up, .pageUp, .home, .right, .left, .character("x"), .backspace,
                                  .delete, .enter]
        for _ in 0..<2 {
            for key in keys { _ = try? interaction.handle(key) }
            _ = try? interaction.handle(.tab)
            _ = try? incremental.render(root, columns: 40, rows: 12)
        }
        for row in stride(from: 0, to: 12, by: 4) {
            for column in stride(from: 0, to: 40, by: 13) {
                for kind in [MouseEvent.Kind.press, .wheelDown, .wheelUp] {
                    _ = try? interaction.handle(.mouse(MouseEvent(kind, column: column, row: row)))
                }
            }
        }
        screen = try Renderer(focused: interaction.focused).render(root, columns: 40, rows: 12)
        return screen
    }

    @Test(arguments: WidgetRegistry.standard.names)
    func hugeLiteralsNeverTrap(_ widget: String) throws {
        let descriptor = try #require(WidgetRegistry.standard.widget(named: widget))
        let properties = Self.numberProperties(of: descriptor)
        #expect(properties.contains("width"))
        for property in properties {
            // Each value in another kind of parent: flex column, expression frames, flex row.
            for (value, parent) in zip(Self.literals, ["Column", "View", "Row"]) {
                _ = try? Self.exercise(Self.template(widget, property, value, parent: parent))
            }
        }
    }

    @Test(arguments: WidgetRegistry.standard.names)
    func hugeStateValuesNeverTrap(_ widget: String) throws {
        let descriptor = try #require(WidgetRegistry.standard.widget(named: widget))
        for property in Self.numberProperties(of: descriptor) {
            for value in Self.stateValues {
                _ = try? Self.exercise(Self.template(widget, property, "n", parent: "Row"), state: ["n": .number(value)])
            }
        }
    }

    /// `termlayout render --state '{"sel":1e19}'` with `selection="sel"` exited 132.
    @Test(arguments: [1e19, -1e19, 1e308, .nan, .infinity])
    func listSelectionIsClampedToTheItems(_ selection: Double) throws {
        let xml = #"<Column><List items="['a', 'b', 'c']" selection="sel" height="3"/></Column>"#
        let buffer = try renderBuffer(xml, 10, 3, state: ["sel": .number(selection)])
        #expect(buffer.text == "a\nb\nc")
        // Only a selection within the items reverses a row; the list still draws.
        let reversed = (0..<3).filter { buffer[0, $0].style.attributes.contains(.reverse) }
        #expect(reversed.count <= 1)
    }

    @Test func aListWithARowTemplateSurvivesAHugeSelection() throws {
        let xml = #"<Column><List items="['a', 'b', 'c']" selection="sel" height="3"><Label text="{item}!"/></List></Column>"#
        #expect(try screen(xml, 10, 3, state: ["sel": 1e19]) == "a!\nb!\nc!")
        try Self.exercise(xml, state: ["sel": 1e19])
    }

    @Test(arguments: [1e19, 1e308, .infinity])
    func tabsSelectedBeyondThePagesShowsTheLast(_ selected: Double) throws {
        let xml = #"<Tabs selected="tab"><View title="One"><Label text="first"/></View><View title="Two"><Label text="second"/></View></Tabs>"#
        #expect(try screen(xml, 20, 2, state: ["tab": .number(selected)]).contains("second"))
        #expect(try screen(xml, 20, 2, state: ["tab": .number(-selected)]).contains("first"))
    }

    @Test func hugeNumbersFromStylesAreClamped() throws {
        let styles = #"{"big": {"width": "1e19", "margin": "-1e300", "lines": "1e19", "minHeight": "1e308"}}"#
        let xml = "<?properties \(styles)?><Column><Label id=\"a\" class=\"big\" text=\"x\"/><Button title=\"b\"/></Column>"
        try Self.exercise(xml)
        #expect(try makeNode(xml).node(withID: "a")?.frame().width == Clamp.lengthLimit)
    }

    @Test func hugeSizesAreClampedNotInfinite() throws {
        let root = try makeNode(#"<Column><Label id="a" text="x" width="1e308" margin="-1e300"/><Label id="b" text="y" grow="1e308"/></Column>"#)
        let a = try #require(root.node(withID: "a")), b = try #require(root.node(withID: "b"))
        #expect(try a.frame().width == Clamp.lengthLimit)
        #expect(try a.frame().x == -Clamp.lengthLimit)
        #expect(try b.frame().height.isFinite)
        #expect(try a.cellFrame().columns <= 2 * Clamp.cellLimit)
    }

    /// A label given no width (`width="w"`, `w` zero or negative) shows nothing and keeps one
    /// row per line: it used to wrap a character per row, pushing what follows off the screen.
    @Test(arguments: [-5.0, 0, -1e19])
    func aLabelWithNoWidthDoesNotPushTheRestOffTheScreen(width: Double) throws {
        let xml = """
        <Column>
            <Label id="gone" text="A short sentence that wraps" width="w"/>
            <Label text="after"/>
        </Column>
        """
        let lines = try screen(xml, 40, 6, state: ["w": .number(width)]).split(separator: "\n", omittingEmptySubsequences: false)
        // The empty label keeps its one row; "after" follows straight under it.
        #expect(lines.count > 1 && lines[1].hasPrefix("after"), "\(lines)")
        let root = try makeNode(xml, state: ["w": .number(width)])
        let gone = try #require(root.node(withID: "gone"))
        #expect(try gone.frame().width == 0)
        #expect(try gone.cellFrame().rows == 1)
        // Two paragraphs, two rows; `lines` still caps them.
        let two = try makeNode(#"<Column><Label id="a" text="one&#10;two" width="0"/><Label id="b" text="x&#10;y&#10;z" width="0" lines="2"/></Column>"#)
        #expect(try two.node(withID: "a")?.cellFrame().rows == 2)
        #expect(try two.node(withID: "b")?.cellFrame().rows == 2)
    }
}
