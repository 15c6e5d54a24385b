import Testing
@testable import TermLayout

/// `terminal.dark`, `terminal.focused` and `theme.ROLE` in expressions: values, the reads
/// each records, "did you mean", and names in scope winning.
struct TerminalScopeTests {
    private func load(_ xml: String, state: [String: Value] = [:]) throws -> LayoutNode {
        let template = try TemplateLoader().load(text: xml, path: "T.xml", directory: "/nonexistent").get()
        let root = try LayoutNode(template: template, state: state)
        root.screenSize = (30, 4)
        return root
    }

    private let template = """
    <Column>
        <Label id="dark" text="{terminal.dark ? 'dark' : 'light'}"/>
        <Label id="focused" text="{terminal.focused}"/>
        <Label id="accent" text="x" color="{theme.accent}"/>
    </Column>
    """

    @Test func theDefaultsAreDarkAndFocused() throws {
        let root = try load(template)
        #expect(try root.node(withID: "dark")?.value(of: "text") == "dark")
        #expect(try root.node(withID: "focused")?.value(of: "text") == "true")
        #expect(try root.node(withID: "accent")?.value(of: "color") == .color(.palette(.cyan)))
    }

    @Test func aFocusChangeReEvaluatesOnlyWhatReadsFocused() throws {
        let root = try load(template)
        root.tree.activity = FrameActivity()
        for id in ["dark", "focused", "accent"] { _ = try root.node(withID: id)?.value(of: id == "accent" ? "color" : "text") }
        _ = root.tree.activity?.take()
        root.terminalFocused = false
        for id in ["dark", "focused", "accent"] { _ = try root.node(withID: id)?.value(of: id == "accent" ? "color" : "text") }
        #expect(root.tree.activity?.take().evaluated.names == ["Label#focused.text"])
        #expect(try root.node(withID: "focused")?.value(of: "text") == "false")
    }

    @Test func aLightBackgroundSwitchesTheThemeAndTheValue() throws {
        let root = try load(template)
        _ = try root.node(withID: "accent")?.value(of: "color")
        root.terminalDark = false
        #expect(try root.node(withID: "dark")?.value(of: "text") == "light")
        #expect(try root.node(withID: "accent")?.value(of: "color") == .color(Theme.standard.light.accent))
        var theme = Theme.standard
        theme.light.accent = .rgb(1, 2, 3)
        root.theme = theme
        #expect(try root.node(withID: "accent")?.value(of: "color") == .color(.rgb(1, 2, 3)))
    }

    @Test func unknownMembersSuggestTheRightOne() throws {
        let root = try load("<Column><Label id=\"a\" text=\"{terminal.drak}\"/><Label id=\"b\" text=\"x\" color=\"{theme.acent}\"/></Column>")
        #expect(throws: Diagnostic.self) { try root.node(withID: "a")?.value(of: "text") }
        do {
            _ = try root.node(withID: "a")?.value(of: "text")
        } catch {
            #expect(error.message.contains("terminal has no member 'drak'"))
            #expect(error.description.contains("dark"))
        }
        do {
            _ = try root.node(withID: "b")?.value(of: "color")
        } catch {
            #expect(error.message.contains("theme has no member 'acent'"))
            #expect(error.description.contains("accent"))
        }
    }

    @Test func aStateKeyOfTheSameNameStillWins() throws {
        let root = try load("<Label text=\"{theme}\"/>", state: ["theme": "Solarized"])
        #expect(try root.value(of: "text") == "Solarized")
        #expect(root.unresolvedNames(note: "").isEmpty)
        let plain = try load("<Label text=\"{terminal.dark}\"/>")
        #expect(plain.unresolvedNames(note: "").isEmpty)
    }
}
