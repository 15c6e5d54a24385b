import Foundation
import TestSupport
import Testing

/// `preview` in tmux without a locale: with none chosen (`LANG`, `LC_ALL`, `LC_CTYPE` unset)
/// a UTF-8 one is used and borders are drawn as they are; with `LANG=C` chosen they are ASCII
/// stand-ins. Never blanks.
struct LocaleEndToEndTests {
    static let template = """
    <Column border="rounded" title="Locale">
        <Label text="Inside…"/>
    </Column>
    """

    /// The pane once `Inside` shows, for `preview` run with `environment` (`env`'s options).
    static func screen(environment: String) throws -> String {
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-locale-\(UUID().uuidString)"
        try Data(Self.template.utf8).write(to: URL(fileURLWithPath: base + ".xml"))
        defer { try? FileManager.default.removeItem(atPath: base + ".xml") }
        let tmux = TmuxSession()
        let q = TmuxSession.quoted
        try tmux.start("env -u LANG -u LC_ALL -u LC_CTYPE -u LC_MESSAGES \(environment) \(q(executable.path)) preview \(q(base + ".xml"))",
                       columns: 30, rows: 6)
        return try tmux.waitFor { $0.contains("Inside") }
    }

    /// `locale -a`'s list.
    static func installedLocales() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["locale", "-a"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func noLocaleChosenDrawsUTF8Borders() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        // Only where a UTF-8 locale is installed to switch to.
        try #require(Self.installedLocales().contains { ["c.utf8", "c.utf-8", "en_us.utf8", "en_us.utf-8"].contains($0.lowercased()) },
                     "no UTF-8 locale installed")
        let screen = try Self.screen(environment: "")
        #expect(screen.contains("╭") && screen.contains("Inside…"), "\(screen)")
    }

    @Test func aChosenCLocaleDrawsASCIIBorders() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let screen = try Self.screen(environment: "LANG=C")
        #expect(screen.contains("+") && screen.contains("Inside.") && !screen.contains("╭"), "\(screen)")
    }
}

/// `LANG=en_US.UTF-8` sent (over SSH, say) to a machine that does not have that locale but
/// has `C.UTF-8`: UTF-8 was asked for, so borders are drawn as they are with `C.UTF-8`, and
/// after exit one note says which locale stood in. The locale's name is made up, so it is
/// missing on any machine.
struct MissingLocaleEndToEndTests {
    @Test func aMissingUTF8LocaleDrawsWithAnInstalledOneAndSaysSo() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        try #require(LocaleEndToEndTests.installedLocales().contains { ["c.utf8", "c.utf-8"].contains($0.lowercased()) },
                     "C.UTF-8 is not installed")
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-locale-\(UUID().uuidString)"
        try Data(LocaleEndToEndTests.template.utf8).write(to: URL(fileURLWithPath: base + ".xml"))
        defer { try? FileManager.default.removeItem(atPath: base + ".xml") }
        let tmux = TmuxSession()
        let q = TmuxSession.quoted
        try tmux.start("env -u LC_ALL -u LC_CTYPE LANG=xx_TL.UTF-8 \(q(executable.path)) preview \(q(base + ".xml"))", columns: 70, rows: 6)
        let screen = try tmux.waitFor { $0.contains("Inside") && $0.contains("╭") }
        #expect(screen.contains("╭") && screen.contains("Inside…"), "\(screen)")
        try tmux.run(["send-keys", "-t", tmux.session, "C-c"])
        let after = try tmux.waitFor { $0.contains("STATUS") }
        let joined = after.split(separator: "\n").joined()
        #expect(joined.contains("note: LANG=xx_TL.UTF-8 is not installed; drew with C."), "\(after)")
    }
}
