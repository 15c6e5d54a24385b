import Foundation
import Testing
@testable import TermLayout

/// The command palette (issue 27): Ctrl-P lists the template's actions, the app's commands
/// and the built-in ones, filters as the user types, and runs the chosen one.
@MainActor
struct CommandPaletteTests {
    struct Counter: Codable { var count = 0; var confirming = false }

    static let template = """
    <Column>
        <Label text="count {count}"/>
        <Button title="Add one" press="increment"/>
        <Button title="Reset" press="reset" command="Reset the counter"/>
        <TextField text="" submit="submitName" change="typed"/>
        <Checkbox title="Later" toggle="later"/>
        <List items="{[1, 2]}" select="rowPicked"><Label text="{item}"/></List>
        <Modal presented="{confirming}"><Button title="Really?" press="confirm"/></Modal>
    </Column>
    """

    func app() throws -> (LayoutApp<Counter>, Pilot<Counter>, TemplateFixture) {
        let fixture = try TemplateFixture(["Main.xml": Self.template])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Counter(), options: options)
        app.on("increment") { $0.app.state.count += 1 }
        app.on("reset") { $0.app.state.count = 0 }
        app.on("submitName") { _ in }
        app.on("typed") { _ in }
        app.on("later") { _ in }
        app.on("rowPicked") { _ in }
        app.on("confirm") { _ in }
        app.on("saveDraftNow") { $0.app.state.count = 100 }
        let pilot = Pilot(app, columns: 60, rows: 20)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        return (app, pilot, fixture)
    }

    /// The titles listed, top to bottom, read off the screen.
    func listed(_ pilot: Pilot<Counter>) -> [String] {
        pilot.lines.compactMap { line -> String? in
            guard line.contains("│"), !line.contains("> ") else { return nil }
            let inner = line.split(separator: "│", omittingEmptySubsequences: false)
            guard inner.count >= 3 else { return nil }
            let text = inner[1].trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
    }

    @Test func ctrlPListsActionsCommandsAndBuiltIns() throws {
        let (app, pilot, fixture) = try app()
        app.command("Export everything", detail: "Ctrl-E") { $0.state.count = 42 }
        pilot.press(.control("p"))
        #expect(app.showsCommandPalette)
        #expect(pilot.text.contains("Commands"))
        let titles = listed(pilot).map { $0.components(separatedBy: "  ").first ?? $0 }
        // Button titles, a `command` attribute, a field's submit by name; a List's row action
        // and a Modal not presented are left out; a handler no element fires is listed by
        // its name made readable; then the app's commands and the built-in ones.
        // `change` reports typing, not a command: it is not listed.
        #expect(titles == ["Add one", "Reset the counter", "Submit name", "Later", "Save draft now", "Export everything",
                           "Reload the template", "Show frame stats", "Quit"], "\(pilot.lines)")
        withExtendedLifetime(fixture) {}
    }

    @Test func typingFiltersAndEnterRunsTheFirstMatch() throws {
        let (app, pilot, fixture) = try app()
        pilot.press(.control("p"))
        pilot.type("add")
        #expect(listed(pilot).first?.hasPrefix("Add one") == true, "\(pilot.lines)")
        pilot.press(.enter)
        #expect(!app.showsCommandPalette)
        #expect(app.state.count == 1)
        #expect(pilot.lines[0].hasPrefix("count 1"))
        #expect(!pilot.text.contains("Commands"), "the rows it covered are the app's again")
        withExtendedLifetime(fixture) {}
    }

    @Test func arrowsMoveEscapeClosesAndNothingElseHappens() throws {
        let (app, pilot, fixture) = try app()
        pilot.press(.control("p"))
        pilot.type("q")                                      // a query, not quitting
        #expect(pilot.isRunning)
        pilot.press(.backspace, .down, .enter)                // the second entry: Reset
        #expect(app.state.count == 0)
        pilot.press(.control("p"), .escape)
        #expect(!app.showsCommandPalette)
        pilot.press(.control("p"))
        pilot.type("zzzz")
        #expect(pilot.text.contains("no matching command"))
        pilot.press(.enter)                                  // nothing to run: it stays open
        #expect(app.showsCommandPalette)
        pilot.press(.control("p"))                            // Ctrl-P again closes it
        #expect(!app.showsCommandPalette)
        withExtendedLifetime(fixture) {}
    }

    @Test func builtInsReloadToggleStatsAndQuit() throws {
        let (app, pilot, fixture) = try app()
        pilot.press(.control("p"))
        pilot.type("frame stats")
        pilot.press(.enter)
        #expect(app.stats.overlayShown)
        pilot.press(.control("p"))
        pilot.type("hide frame")
        pilot.press(.enter)
        #expect(!app.stats.overlayShown)
        pilot.press(.control("p"))
        pilot.type("quit")
        pilot.press(.enter)
        #expect(!pilot.isRunning)
        withExtendedLifetime(fixture) {}
    }

    @Test func aClickRunsAnEntryAndAClickOutsideCloses() throws {
        let (app, pilot, fixture) = try app()
        pilot.press(.control("p"))
        let entry = try #require(pilot.position(of: "Add one"))
        pilot.click(column: entry.column, row: entry.row)
        #expect(app.state.count == 1)
        #expect(!app.showsCommandPalette)
        pilot.press(.control("p"))
        pilot.click(column: 0, row: 19)
        #expect(!app.showsCommandPalette)
        #expect(app.state.count == 1)
        withExtendedLifetime(fixture) {}
    }

    @Test func theReadmesExampleTitlesAnActionAndAddsACommand() throws {
        let (app, pilot, fixture) = try app()
        var exported: Counter?
        func export(_ state: Counter) throws { exported = state }
        app.command("Save the note", for: "increment")
        app.command("Export as HTML", detail: "Ctrl-E") { app in try export(app.state) }
        pilot.press(.control("p"))
        #expect(listed(pilot).first?.hasPrefix("Save the note") == true, "\(pilot.lines)")
        #expect(pilot.text.contains("Ctrl-E"))
        pilot.type("html")
        pilot.press(.enter)
        #expect(exported != nil)
        withExtendedLifetime(fixture) {}
    }

    @Test func aCommandThatThrowsShowsInTheRedBox() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk full" } }
        let (app, pilot, fixture) = try app()
        app.command("Break") { _ in throw Broken() }
        pilot.press(.control("p"))
        pilot.type("break")
        pilot.press(.enter)
        #expect(app.diagnostics.contains { "\($0)".contains("the command 'Break' failed") && "\($0)".contains("disk full") },
                "\(app.diagnostics)")
        pilot.press(.control("p"))
        #expect(!app.showsCommandPalette, "no palette over the red box")
        withExtendedLifetime(fixture) {}
    }

    @Test func anAppThatBindsCtrlPKeepsIt() throws {
        let (app, pilot, fixture) = try app()
        app.bind(.control("p")) { $0.state.count = 7 }
        pilot.press(.control("p"))
        #expect(!app.showsCommandPalette)
        #expect(app.state.count == 7)
        withExtendedLifetime(fixture) {}
    }

    @Test func matchingRanksPrefixesThenSubstringsThenWordStarts() {
        let commands = ["Reload the template", "Add one", "Save draft now", "Show frame stats", "Open"].enumerated().map {
            CommandPalette.Command(title: $1, detail: "", id: $0)
        }
        #expect(CommandPalette.filter(commands, by: "o").map(\.title) == ["Open", "Reload the template", "Add one", "Save draft now", "Show frame stats"])
        #expect(CommandPalette.filter(commands, by: "sfs").map(\.title) == ["Show frame stats"])
        #expect(CommandPalette.filter(commands, by: "sd").map(\.title) == ["Save draft now"])
        #expect(CommandPalette.filter(commands, by: "rtmp").map(\.title) == ["Reload the template"], "any subsequence")
        #expect(CommandPalette.filter(commands, by: "xyz").isEmpty)
        #expect(LayoutApp<Counter>.readable("saveDraftNow") == "Save draft now")
        #expect(LayoutApp<Counter>.readable("clear_done-items") == "Clear done items")
        #expect(LayoutApp<Counter>.readable("openURL") == "Open URL")
    }

    @Test func aTinyScreenStillWorks() throws {
        let (app, pilot, fixture) = try app()
        pilot.resize(columns: 12, rows: 4)
        pilot.press(.control("p"))
        #expect(pilot.lines[0] == "╭─ Comman…─╮", "the title fits inside the corners: \(pilot.lines)")
        pilot.type("add")
        pilot.press(.enter)
        #expect(app.state.count == 1)
        pilot.resize(columns: 3, rows: 2)
        pilot.press(.control("p"), .escape)
        #expect(pilot.isRunning)
        withExtendedLifetime(fixture) {}
    }

    /// Found by a reviewer: a wide character cut in half by the palette's left edge hung the
    /// app when the palette closed (a CJK label at column 7 of 80).
    @Test func aWideCharacterUnderTheEdgeNeitherHangsNorStays() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column padding="1"><Label text="日本語のファイル名です"/><Label text="x日本語のファイル名です"/></Column>"#])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: [String: Value](), options: options)
        let pilot = Pilot(app, columns: 80, rows: 24)
        pilot.press(.control("p"))
        #expect(pilot.text.contains("Commands"))
        pilot.press(.escape)
        #expect(pilot.lines[1].hasPrefix(" 日本語のファイル名です"), "\(pilot.lines[1])")
        #expect(pilot.lines[2].hasPrefix(" x日本語のファイル名です"))
        withExtendedLifetime(fixture) {}
    }

    /// Found by a reviewer: filtering shrank the box, and the rows it no longer covered kept
    /// the old entries — on screen, and after closing too.
    @Test func aShrinkingPaletteLeavesNoStaleRows() throws {
        let (_, pilot, fixture) = try app()
        pilot.press(.control("p"))
        #expect(pilot.text.contains("Quit"))
        pilot.type("reset")
        #expect(!pilot.text.contains("Quit"), "\(pilot.lines)")
        #expect(pilot.lines.filter { $0.contains("╰") }.count == 1, "one bottom border")
        pilot.press(.escape)
        #expect(!pilot.text.contains("╰") && !pilot.text.contains("Commands"), "\(pilot.lines)")
        withExtendedLifetime(fixture) {}
    }
}

/// An error in an element's `command` is shown, not passed over: the palette used to drop the
/// element's name silently (issue 28's audit of silent fallbacks; Layout reports every failed
/// expression, Layout/LayoutNode.swift:2683–2764).
@MainActor
struct CommandPaletteErrorTests {
    struct Flags: Codable { var flag = true }

    @Test func anErrorInACommandShowsTheRedBox() throws {
        let fixture = try TemplateFixture(["Main.xml": """
        <Column>
            <Button title="Go" press="go" command="Run {flag / 2}"/>
        </Column>
        """])
        var options = LayoutAppOptions()
        options.watchesFiles = false
        let app = LayoutApp(template: fixture.path("Main.xml"), state: Flags(), options: options)
        app.on("go") { _ in }
        let pilot = Pilot(app, columns: 60, rows: 20)
        #expect(pilot.diagnostics.isEmpty, "\(pilot.diagnostics)")
        pilot.press(.control("p"))
        #expect(pilot.diagnostics.contains { $0.message.contains("'/'") || $0.message.contains("bool") }, "\(pilot.diagnostics)")
        #expect(pilot.text.contains("Main.xml:2:"))
    }
}
