import Foundation
import Testing
import TermLayout

/// A `TextArea` with a `submit` action submits on Enter and breaks the line on Shift+Enter
/// or Alt+Enter, leaving Ctrl+Enter to the app's bindings (issue 30, item 4).
@MainActor
struct ModifiedKeyBindingTests {
    struct Chat: Codable {
        var draft = ""
    }

    func pilot(_ template: String, draft: String = "") throws -> (Pilot<Chat>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Chat(draft: draft), options: options)
        return (Pilot(app, columns: 30, rows: 6), fixture)
    }

    @Test func aTextAreaWithSubmitSendsOnEnterAndBreaksTheLineOnShiftOrAltEnter() throws {
        let (pilot, _fixture) = try pilot(#"<Column><TextArea text="{draft}" submit="send" width="20" height="3"/></Column>"#)
        var sent: [String] = []
        pilot.app.on("send") { event in
            sent.append(event.app.state.draft)
            event.app.state.draft = ""
        }
        var ctrlEnter = 0
        pilot.app.bind(.modified(.enter, [.control])) { _ in ctrlEnter += 1 }
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        pilot.type("one")
        pilot.press(.modified(.enter, [.shift]))
        pilot.type("two")
        pilot.press(.modified(.enter, [.alt]))
        pilot.type("three")
        #expect(pilot.app.state.draft == "one\ntwo\nthree")
        #expect(pilot.lines[0].hasPrefix("one") && pilot.lines[1].hasPrefix("two") && pilot.lines[2].hasPrefix("three"))
        pilot.press(.enter)
        #expect(sent == ["one\ntwo\nthree"])
        #expect(pilot.app.state.draft == "")
        // Ctrl+Enter is not the area's: it reaches the app's binding.
        pilot.press(.modified(.enter, [.control]))
        #expect(ctrlEnter == 1)
        withExtendedLifetime(_fixture) {}
    }

    @Test func withoutSubmitEnterAndShiftEnterBothBreakTheLine() throws {
        let (pilot, _fixture) = try pilot(#"<Column><TextArea text="{draft}" width="20" height="3"/></Column>"#)
        pilot.type("a")
        pilot.press(.enter)
        pilot.type("b")
        pilot.press(.modified(.enter, [.shift]))
        pilot.type("c")
        #expect(pilot.app.state.draft == "a\nb\nc")
        withExtendedLifetime(_fixture) {}
    }
}
