import Foundation
import Testing
import TermLayout

/// The Swift examples of the Templates and Expressions articles (Sources/TermLayout/TermLayout.docc),
/// verbatim, so they keep compiling and stay true.
struct ReadmeExamplesTests {
    @Test func fromSwift() throws {
        let half = try ParsedExpression("(width - 15) / 2")
        #expect(half.symbols.map(\.description) == ["width"])
        let value = try half.evaluate(DictionaryResolver(state: ["width": 100]))
        #expect(value == .number(42.5))

        struct Profile: Codable, Equatable { var name: String; var unread: Int; var note: String? }
        let state = try Value(encoding: Profile(name: "Ada", unread: 3))
        #expect(state == ["name": "Ada", "unread": 3, "note": nil])
        let profile = try state.decode(as: Profile.self)
        #expect(profile == Profile(name: "Ada", unread: 3))
        let status: Value = "\(profile.unread) unread"
        #expect(status == .string("3 unread"))
    }

    @Test func parsedExpressionDocComment() throws {
        let greeting = try ParsedExpression("Hello {name}!", mode: .string)
        #expect(try greeting.evaluate(DictionaryResolver(state: ["name": "Ada"])) == "Hello Ada!")
        let resolver = DictionaryResolver(state: ["user": ["name": "Ada"]])
        #expect(try ParsedExpression("user.name").evaluate(resolver) == "Ada")
    }

    @Test func templatesFromSwift() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // The article says "Templates/Main.xml", relative to the repository; tests run in parallel,
        // so the path is made absolute here rather than changing the working directory.
        let template = try TemplateLoader().load(file: repository.appendingPathComponent("Templates/Main.xml").path).get()
        let json = try Data(contentsOf: repository.appendingPathComponent("Templates/Main.state.json"))
        let root = try LayoutNode(template: template, state: JSONDecoder().decode([String: Value].self, from: json))
        let text = try root.outlet("count", as: "Label").styledText()
        #expect(text.map(\.text).joined() == "You have 3 new messages, Ada.")
        try root.setState(["unread": 4])
        #expect(try root.outlet("count", as: "Label").styledText().map(\.text).joined() == "You have 4 new messages, Ada.")

        // Driving it headless.
        root.screenSize = (80, 24)
        let interaction = Interaction(root: root)
        var log: [String] = []
        interaction.onAction = { name, node in log.append("action \(name) from \(node.displayName)") }
        interaction.bind(.control("r")) { log.append("refresh") }
        try interaction.handle(.tab)
        try interaction.handle(.control("r"))
        var screen = try Renderer(focused: interaction.focused).render(root, columns: 80, rows: 24)
        try interaction.handle(.mouse(MouseEvent(.press, column: 3, row: 12)))
        screen = try Renderer(focused: interaction.focused).render(root, columns: 80, rows: 24)
        #expect(screen.text.contains("Grace"))
        #expect(log == ["refresh", "action open from List"])
        #expect(root.currentState["selected"] == 1)
    }

    @Test func blueprintFromSwift() throws {
        let root = try LayoutNode(Column(["padding": "1"]) {
            Label(text: "Hello {name}")
            Button(title: "OK", press: "save")
        }, state: ["name": "Ada"])
        #expect(try root.children[0].value(of: "text") == "Hello Ada")
        #expect(try root.children[1].action(for: "press") == "save")
    }
}
