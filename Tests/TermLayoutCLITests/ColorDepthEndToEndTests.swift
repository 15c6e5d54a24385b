import Foundation
import TestSupport
import Testing

/// `preview` in tmux, which keeps 24-bit colours in its cells (`capture-pane -e` shows them
/// as `38;2;r;g;b`): with `TERM=xterm-256color` and `COLORTERM=truecolor` the `xterm-direct`
/// entry is opened and `#ff8800` arrives as itself; with `NO_COLOR=1` no colour arrives at
/// all, while bold still does. The `xterm-direct` entry is compiled with `tic` into a
/// temporary folder (`TERMINFO_DIRS`), so the test does not depend on ncurses-term.
struct ColorDepthEndToEndTests {
    static let template = """
    <Column background="#ff8800">
        <Label text="Orange" bold="true"/>
    </Column>
    """

    /// A compiled `xterm-direct` entry (as ncurses' own, colons and all) in `folder`.
    static let directSource = #"""
    xterm-direct|xterm with direct-color indexing (test copy),
    	RGB, colors#0x1000000, pairs#0x10000,
    	setab=\E[%?%p1%{8}%<%t4%p1%d%e48\:2\:\:%p1%{65536}%/%d\:%p1%{256}%/%{255}%&%d\:%p1%{255}%&%d%;m,
    	setaf=\E[%?%p1%{8}%<%t3%p1%d%e38\:2\:\:%p1%{65536}%/%d\:%p1%{256}%/%{255}%&%d\:%p1%{255}%&%d%;m,
    	setb@, setf@, initc@, ccc@, oc@,
    	use=xterm-256color,
    """#

    /// The pane, with its SGR sequences, once `Orange` shows, for `preview` run with
    /// `arguments` after the file and `environment` (`env`'s options: `-u NAME`s first, then `NAME=value`s).
    static func screen(environment: String, arguments: String = "") throws -> String {
        let executable = try #require(CLIRunner.executable)
        let folder = NSTemporaryDirectory() + "termlayout-color-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/terminfo", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.template.utf8).write(to: URL(fileURLWithPath: folder + "/Screen.xml"))
        try Data(Self.directSource.utf8).write(to: URL(fileURLWithPath: folder + "/direct.src"))
        let tmux = TmuxSession()
        let q = TmuxSession.quoted
        try tmux.start("tic -x -o \(q(folder + "/terminfo")) \(q(folder + "/direct.src")) && env \(environment) TERM=xterm-256color "
                       + "TERMINFO_DIRS=\(q(folder + "/terminfo")): \(q(executable.path)) preview \(q(folder + "/Screen.xml")) \(arguments)", columns: 40, rows: 6)
        _ = try tmux.waitFor { $0.contains("Orange") }
        return try tmux.run(["capture-pane", "-p", "-e", "-t", tmux.session])
    }

    /// The SGR parameters in `screen` that set a colour (30–38, 40–48, 90–97, 100–107; 39
    /// and 49, back to the default, do not).
    static func colorParameters(in screen: String) -> [Int] {
        screen.split(separator: "\u{1B}").compactMap { sequence -> [Int]? in
            guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return nil }
            return sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").compactMap { Int($0) }
        }.flatMap { $0 }.filter { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0) }
    }

    @Test func colortermTruecolorGives24BitColour() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let screen = try Self.screen(environment: "-u NO_COLOR -u FORCE_COLOR COLORTERM=truecolor")
        #expect(screen.contains("48;2;255;136;0"), "\(screen.debugDescription)")
    }

    @Test func withoutColortermTheColourIsTheNearestOf256() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let screen = try Self.screen(environment: "-u NO_COLOR -u FORCE_COLOR -u COLORTERM")
        #expect(screen.contains("48;5;208"), "\(screen.debugDescription)")
        #expect(!screen.contains("48;2;"))
    }

    @Test func noColorGivesNoColourButKeepsBold() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let screen = try Self.screen(environment: "-u FORCE_COLOR NO_COLOR=1 COLORTERM=truecolor")
        #expect(Self.colorParameters(in: screen).isEmpty, "\(screen.debugDescription)")
        #expect(screen.contains("\u{1B}[1m"), "bold stays: \(screen.debugDescription)")
    }

    @Test func colorFlagBeatsTheEnvironment() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let never = try Self.screen(environment: "-u NO_COLOR FORCE_COLOR=1 COLORTERM=truecolor", arguments: "--color=never")
        #expect(Self.colorParameters(in: never).isEmpty, "\(never.debugDescription)")
        let always = try Self.screen(environment: "-u FORCE_COLOR NO_COLOR=1 COLORTERM=truecolor", arguments: "--color always")
        #expect(always.contains("48;2;255;136;0"), "\(always.debugDescription)")
    }
}

/// `COLORTERM=truecolor` where the `-direct` entry is not installed (stock Debian and Ubuntu
/// lack ncurses-term): 256 colours are drawn, and after exit a note says why. The terminal
/// type is one compiled for the test (`tltest-256color`), so no `tltest-direct` exists
/// whatever the machine has installed.
struct MissingDirectEntryEndToEndTests {
    static let source = """
    tltest-256color|xterm-256color under another name (test copy),
    \tuse=xterm-256color,
    """

    /// The pane after `preview` ran with `environment` and was stopped with Ctrl-C.
    static func afterExit(environment: String) throws -> String {
        let executable = try #require(CLIRunner.executable)
        let folder = NSTemporaryDirectory() + "termlayout-nodirect-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/terminfo", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(ColorDepthEndToEndTests.template.utf8).write(to: URL(fileURLWithPath: folder + "/Screen.xml"))
        try Data(Self.source.utf8).write(to: URL(fileURLWithPath: folder + "/entry.src"))
        let tmux = TmuxSession()
        let q = TmuxSession.quoted
        try tmux.start("tic -x -o \(q(folder + "/terminfo")) \(q(folder + "/entry.src")) && env -u NO_COLOR -u FORCE_COLOR -u COLORTERM \(environment) "
                       + "TERM=tltest-256color TERMINFO_DIRS=\(q(folder + "/terminfo")): \(q(executable.path)) preview \(q(folder + "/Screen.xml"))",
                       columns: 100, rows: 8)
        let screen = try tmux.waitFor { $0.contains("Orange") }
        #expect(screen.contains("Orange"), "\(screen)")
        try tmux.run(["send-keys", "-t", tmux.session, "C-c"])
        return try tmux.waitFor { $0.contains("STATUS") }
    }

    @Test func colortermTruecolorWithoutTheDirectEntrySaysSoAfterExit() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let after = try Self.afterExit(environment: "COLORTERM=truecolor")
        #expect(after.contains("STATUS 0"), "\(after)")
        let joined = after.split(separator: "\n").joined()
        #expect(joined.contains("note: COLORTERM=truecolor, but the terminfo entry tltest-direct is not installed: drew 256 colours"), "\(after)")
    }

    @Test func noNoteWhen24BitWasNotAskedFor() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let after = try Self.afterExit(environment: "")
        #expect(after.contains("STATUS 0") && !after.contains("note:"), "\(after)")
    }
}
