import Testing
@testable import TermLayout

/// A copy too big to send (issue 30, trial B10): the clipboard keeps what it had, so the
/// refusal must show — ``LayoutApp/copyToClipboard(_:)`` says so, a widget's Ctrl-O notes it
/// in the status line, and a List's `copy` action does not fire. And what is copied never
/// carries control characters (B2).
@MainActor
struct ClipboardRefusalTests {
    func app(_ xml: String, state: [String: Value]) throws -> (LayoutApp<[String: Value]>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": xml])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.showsStatusLine = true
        return (LayoutApp(template: fixture.path("Main.xml"), state: state, options: options), fixture)
    }

    @Test func aTextAreaSelectionTooBigToCopySaysSoInTheStatusLine() throws {
        // 5,000 lines of 100 characters: 504,999 bytes with the line breaks.
        let body = Array(repeating: String(repeating: "x", count: 100), count: 5_000).joined(separator: "\n")
        let (app, fixture) = try app(#"<Column><TextArea text="{body}" height="4"/></Column>"#, state: ["body": .string(body)])
        let pilot = Pilot(app, columns: 60, rows: 6)
        pilot.press(.control("a"), .control("o"))
        #expect(pilot.backend.copied.isEmpty)
        #expect(pilot.lines.last?.hasPrefix("too big to copy: 504,999 bytes (at most 400,000)") == true, "\(pilot.lines)")
        // A small selection copies, and says so.
        pilot.press(.end, .modified(.left, [.shift]), .modified(.left, [.shift]), .control("o"))
        #expect(pilot.backend.copied == ["xx"])
        #expect(pilot.lines.last?.hasPrefix("copied 2 bytes") == true, "\(pilot.lines)")
        withExtendedLifetime(fixture) {}
    }

    @Test func aTextFieldSelectionTooBigToCopySaysSo() throws {
        let (app, fixture) = try app(#"<Column><TextField text="{name}"/></Column>"#,
                                     state: ["name": .string(String(repeating: "é", count: 200_001))])
        let pilot = Pilot(app, columns: 60, rows: 3)
        pilot.press(.modified(.home, [.shift]), .control("o"))
        #expect(pilot.backend.copied.isEmpty)
        #expect(pilot.lines.last?.hasPrefix("too big to copy: 400,002 bytes (at most 400,000)") == true, "\(pilot.lines)")
        withExtendedLifetime(fixture) {}
    }

    @Test func aListRowTooBigToCopyDoesNotFireCopy() throws {
        let (app, fixture) = try app(#"<Column><List items="{rows}" copy="copied" height="3"/></Column>"#,
                                     state: ["rows": [.string(String(repeating: "r", count: 400_001)), "small"]])
        var fired = 0
        app.on("copied") { _ in fired += 1 }
        let pilot = Pilot(app, columns: 60, rows: 5)
        pilot.press(.control("o"))
        #expect(pilot.backend.copied.isEmpty)
        #expect(fired == 0, "nothing was copied: `copy` does not fire")
        #expect(pilot.lines.last?.hasPrefix("too big to copy: 400,001 bytes (at most 400,000)") == true, "\(pilot.lines)")
        pilot.press(.down, .control("o"))
        #expect(pilot.backend.copied == ["small"])
        #expect(fired == 1)
        withExtendedLifetime(fixture) {}
    }

    @Test func aCopiedListRowLosesItsControlCharacters() throws {
        let row = "beta \u{1B}]0;X\u{7} \u{9B}31m\u{1B}[201~ \u{202E}esc\u{7F}"
        let (app, fixture) = try app(#"<Column><List items="{rows}" height="3"/></Column>"#, state: ["rows": [.string(row)]])
        let pilot = Pilot(app, columns: 60, rows: 5)
        pilot.press(.control("o"))
        #expect(pilot.backend.copied == ["beta ]0;X 31m[201~ esc"])
        withExtendedLifetime(fixture) {}
    }

    @Test func anAppsCopyLosesControlsButKeepsLinesAndTabs() throws {
        let (app, fixture) = try app(#"<Column><Label text="x"/></Column>"#, state: [:])
        let pilot = Pilot(app, columns: 30, rows: 3)
        #expect(app.copyToClipboard("a\tb\r\nc\u{1B}[201~d\u{85}e\u{2066}f\u{200F}") == .copied(bytes: 17))
        #expect(pilot.backend.copied == ["a\tb\r\nc[201~def\u{200F}"])
        withExtendedLifetime(fixture) {}
    }
}
