import Foundation
import Testing

/// A symlink in a template folder to a file outside it is never read by any command: as a
/// file argument it is an error naming only the link, in a folder walk it is skipped with a
/// warning, as a state, constants or strings file it is an error. Nothing of the target —
/// neither its content nor its path — is printed.
struct SymlinkDisclosureTests {
    static let secret = "TOP-SECRET-LINE"

    /// `base/app/` holds `Main.xml`, `Main.state.json` and links out: `Leak.xml` → `../secret.xml`,
    /// `Env.xml` → `/proc/self/environ`, `Passwd.xml` → `/etc/passwd`, `leak.json` →
    /// `../secret.json`, `Leak.strings` → `../secret.strings`.
    final class Folder {
        let base = NSTemporaryDirectory() + "termlayout-links-\(UUID().uuidString)"
        var app: String { base + "/app" }

        init() throws {
            try FileManager.default.createDirectory(atPath: base + "/app", withIntermediateDirectories: true)
            let secret = SymlinkDisclosureTests.secret
            for (name, text) in ["app/Main.xml": "<Label text=\"{name}\"/>",
                                 "secret.xml": "<View>\(secret)\nroot:x:0:0", "secret.json": "{\"\(secret)\": 1, oops",
                                 "secret.strings": "\"k\" = \"\(secret)\";\n\(secret) oops"] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: base + "/" + name))
            }
            for (link, target) in ["Leak.xml": "../secret.xml", "Env.xml": "/proc/self/environ", "Passwd.xml": "/etc/passwd",
                                   "leak.json": "../secret.json", "Leak.strings": "../secret.strings"] {
                try FileManager.default.createSymbolicLink(atPath: app + "/" + link, withDestinationPath: target)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: base) }
    }

    /// Whether anything of a target shows in what a command printed.
    static func leaks(_ result: CLIRunner.Result) -> Bool {
        let printed = result.stdout + result.stderr
        return ["TOP-SECRET", "root:x", "PATH=", "HOME=", "secret.", "/etc/passwd", "/proc/"].contains { printed.contains($0) }
    }

    static let linkedFiles = ["Leak.xml", "Env.xml", "Passwd.xml"]

    @Test(arguments: [["check", "FILE"], ["check", "--excerpts", "FILE"], ["format", "--check", "FILE"], ["list", "FILE"],
                      ["list", "--json", "FILE"], ["strings", "FILE"], ["port", "FILE"], ["render", "FILE", "--size", "20x3"],
                      ["layout", "FILE", "--size", "20x3"], ["rename", "FILE", "a", "b", "--dry-run"], ["preview", "FILE"]])
    func aLinkedFileArgumentIsRefused(_ command: [String]) throws {
        let folder = try Folder()
        for link in Self.linkedFiles {
            let result = try CLIRunner.run(command.map { $0 == "FILE" ? link : $0 }, in: folder.app)
            #expect(result.status == 1, "\(command) \(link)")
            #expect(!Self.leaks(result), "\(command) \(link): \(result.stdout)\(result.stderr)")
            #expect((result.stdout + result.stderr).contains("'\(link)' is outside the template root"), "\(command) \(link)")
        }
    }

    @Test(arguments: [["check", "."], ["format", "--check", "."], ["list", "."], ["list", "--json", "."], ["strings", "."],
                      ["port", "."], ["rename", ".", "a", "b", "--dry-run"]])
    func folderWalksSkipLinksOutWithAWarning(_ command: [String]) throws {
        let folder = try Folder()
        let result = try CLIRunner.run(command, in: folder.app)
        #expect(!Self.leaks(result), "\(command): \(result.stdout)\(result.stderr)")
        for link in Self.linkedFiles {
            #expect(result.stderr.contains("./\(link): warning: skipped: a symbolic link out of the folder '.'"), "\(command)")
        }
    }

    @Test func aLinkedFolderArgumentLeadingOutIsNotWalked() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.base + "/elsewhere", withIntermediateDirectories: true)
        try Data("<View>\(Self.secret)".utf8).write(to: URL(fileURLWithPath: folder.base + "/elsewhere/Secret.xml"))
        try FileManager.default.createSymbolicLink(atPath: folder.app + "/Outside", withDestinationPath: "../elsewhere")
        for command in ["check", "list", "format", "strings", "port"] {
            for path in ["Outside", "Outside/"] {
                let result = try CLIRunner.run([command, path], in: folder.app)
                #expect(result.status == 1, "\(command) \(path)")
                #expect(result.stderr.contains("'\(path)' is outside the template root"), "\(command) \(path): \(result.stderr)")
                #expect(!Self.leaks(result) && !result.stderr.contains("elsewhere"), "\(command) \(path)")
            }
        }
        // A link to a folder inside is walked as the user named it.
        try FileManager.default.createDirectory(atPath: folder.app + "/real", withIntermediateDirectories: true)
        try Data("<Label text=\"in\"/>".utf8).write(to: URL(fileURLWithPath: folder.app + "/real/In.xml"))
        try FileManager.default.createSymbolicLink(atPath: folder.app + "/Inside", withDestinationPath: "real")
        #expect(try CLIRunner.run(["list", "Inside"], in: folder.app).stdout == "Inside/In.xml\n")
    }

    @Test func stateConstantsAndStringsFilesAreConfined() throws {
        let folder = try Folder()
        let cases: [([String], String)] = [
            (["render", "Main.xml", "--size", "9x1", "--state", "leak.json"], "--state: 'leak.json' is outside the template root"),
            (["check", "Main.xml", "--state", "@leak.json"], "--state: 'leak.json' is outside the template root"),
            (["layout", "Main.xml", "--size", "9x1", "--constants", "leak.json"], "--constants: 'leak.json' is outside the template root"),
            (["strings", "Main.xml", "--missing", "Leak.strings"], "--missing: 'Leak.strings' is outside the template root"),
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(arguments, in: folder.app)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!Self.leaks(result), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aSampleStateLinkedOutIsAnError() throws {
        let folder = try Folder()
        try FileManager.default.createSymbolicLink(atPath: folder.app + "/Main.state.json", withDestinationPath: "../secret.json")
        for arguments in [["check", "Main.xml"], ["check", "."]] {
            let result = try CLIRunner.run(arguments, in: folder.app)
            #expect(result.status == 1)
            #expect(result.stderr.contains("the sample state: 'Main.state.json' is outside the template root")
                    || result.stderr.contains("the sample state: './Main.state.json' is outside the template root"), "\(result.stderr)")
            #expect(!Self.leaks(result), "\(result.stderr)")
        }
    }

    @Test func stringsBesideInputsLinkedOutAreNotCopiedByPort() throws {
        let folder = try Folder()
        try FileManager.default.createSymbolicLink(atPath: folder.app + "/Localizable.strings", withDestinationPath: "../secret.strings")
        try Data("<UILabel text=\"hi\"/>".utf8).write(to: URL(fileURLWithPath: folder.app + "/Port.xml"))
        let result = try CLIRunner.run(["port", "Port.xml", "--out", "../out"], in: folder.app)
        #expect(!Self.leaks(result), "\(result.stderr)")
        #expect(result.stderr.contains("Localizable.strings: warning: not copied: outside the template root"))
        #expect(!FileManager.default.fileExists(atPath: folder.base + "/out/Localizable.strings"))
    }
}
