import Foundation
import TestSupport
import Testing

/// `termlayout preview` in tmux with a one-character file name (it died with SIGILL with the
/// screen open) and with its file swapped for a symlink out of its folder while it runs: the
/// red box names the link, never shows the target.
struct PreviewPathEndToEndTests {
    static let secret = "TOP-SECRET-LINE"

    @Test func aShortNameThenASwappedInSymlinkShowNothingOfTheTarget() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-preview-paths-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/app", withIntermediateDirectories: true)
        try Data("<Label text=\"short name\"/>".utf8).write(to: URL(fileURLWithPath: base + "/app/a"))
        try Data("<View>\(Self.secret)".utf8).write(to: URL(fileURLWithPath: base + "/secret.xml"))

        let tmux = TmuxSession()
        try tmux.start("cd \(TmuxSession.quoted(base + "/app")) && \(TmuxSession.quoted(executable.path)) preview a", columns: 70, rows: 12)
        let first = try tmux.waitFor { $0.contains("short name") }
        #expect(first.contains("short name"))

        try FileManager.default.removeItem(atPath: base + "/app/a")
        try FileManager.default.createSymbolicLink(atPath: base + "/app/a", withDestinationPath: "../secret.xml")
        let refused = try tmux.waitFor { $0.contains("is outside the template root") && $0.contains("has errors") }
        #expect(refused.contains("'a' is outside the template root"), "\(refused)")
        #expect(!refused.contains(Self.secret) && !refused.contains("secret.xml"))

        try tmux.run(["send-keys", "-t", tmux.session, "q"])
        let ended = try tmux.waitFor { $0.contains("STATUS") }
        #expect(ended.contains("STATUS 1"), "quit while broken")
        #expect(!ended.contains(Self.secret))
    }

    /// Hostile pass H3-11: preview started inside the template folder (`preview Main.xml`)
    /// recovers by itself when that folder is deleted and re-created.
    @Test func theWorkingFolderDeletedAndRecreatedReloads() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-preview-cwd-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/t", withIntermediateDirectories: true)
        try Data("<Label text=\"before\"/>".utf8).write(to: URL(fileURLWithPath: base + "/t/Main.xml"))

        let tmux = TmuxSession()
        try tmux.start("cd \(TmuxSession.quoted(base + "/t")) && \(TmuxSession.quoted(executable.path)) preview Main.xml", columns: 60, rows: 8)
        #expect(try tmux.waitFor { $0.contains("before") }.contains("before"))
        try FileManager.default.removeItem(atPath: base + "/t")
        _ = try tmux.waitFor { $0.contains("has errors") || $0.contains("cannot read") }
        try FileManager.default.createDirectory(atPath: base + "/t", withIntermediateDirectories: true)
        try Data("<Label text=\"after\"/>".utf8).write(to: URL(fileURLWithPath: base + "/t/Main.xml"))
        let back = try tmux.waitFor { $0.contains("after") && !$0.contains("cannot read") }
        #expect(back.contains("after") && !back.contains("cannot read"), "\(back)")
        try tmux.run(["send-keys", "-t", tmux.session, "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 0"))
    }

    @Test func aLinkOutGivenAtStartIsRefusedInTheRedBox() throws {
        try #require(TmuxSession.isAvailable, "tmux is needed for end-to-end tests (bash .ci/run installs it)")
        let executable = try #require(CLIRunner.executable)
        let base = NSTemporaryDirectory() + "termlayout-preview-link-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/app", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/app/Env.xml", withDestinationPath: "/proc/self/environ")

        let tmux = TmuxSession()
        try tmux.start("cd \(TmuxSession.quoted(base + "/app")) && \(TmuxSession.quoted(executable.path)) preview Env.xml", columns: 70, rows: 12)
        let screen = try tmux.waitFor { $0.contains("is outside the template root") }
        #expect(screen.contains("'Env.xml' is outside the template root"), "\(screen)")
        #expect(!screen.contains("PATH=") && !screen.contains("HOME=") && !screen.contains("/proc"))
        try tmux.run(["send-keys", "-t", tmux.session, "q"])
        #expect(try tmux.waitFor { $0.contains("STATUS") }.contains("STATUS 1"))
    }
}
