import Foundation
import Testing

/// What the commands say about awkward files: a name starting with `-`, FIFOs and devices,
/// folders, UTF-16 and byte-order-marked files, and `port --out` onto its own input.
struct FileMessageTests {
    final class Folder {
        let path = NSTemporaryDirectory() + "termlayout-files-\(UUID().uuidString)"

        init(_ files: [String: Data] = [:]) throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (name, data) in files { try data.write(to: URL(fileURLWithPath: path + "/" + name)) }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func aDashedNameIsAnUnknownOptionWithAHint() throws {
        let folder = try Folder(["-dash.xml": Data("<Label text=\"{\"/>".utf8)])
        let dashed = try CLIRunner.run(["check", "-dash.xml"], in: folder.path)
        #expect(dashed.status == 64)
        #expect(dashed.stderr.contains("unknown option '-dash.xml'"))
        #expect(dashed.stderr.contains("'./-dash.xml'") && dashed.stderr.contains("termlayout check -- -dash.xml"))
        #expect(!dashed.stdout.contains("USAGE") && !dashed.stdout.contains("OVERVIEW"), "no help, exit 0")
        for arguments in [["check", "--", "-dash.xml"], ["check", "./-dash.xml"], ["check", "."]] {
            let result = try CLIRunner.run(arguments, in: folder.path)
            #expect(result.status == 1, "\(arguments): the broken template is checked")
            #expect(result.stdout.contains("-dash.xml:1:"), "\(arguments): \(result.stdout)")
        }
        for command in [["render", "-dash.xml", "--size", "3x1"], ["list", "-dash.xml"], ["format", "-dash.xml"]] {
            #expect(try CLIRunner.run(command, in: folder.path).status == 64, "\(command)")
        }
        // A name from a glob may hold escape sequences: shown as placeholders.
        let hostile = try CLIRunner.run(["check", "-\u{1B}]52;c;aGk=\u{07}.xml"])
        #expect(hostile.status == 64 && hostile.stderr.contains("'-␛]52;c;aGk=␇.xml'") && !hostile.stderr.contains("\u{1B}"))
        // `eval` reads its own dashes: an expression may start with one.
        #expect(try CLIRunner.run(["eval", "-7"]).stdout == "-7\n")
        #expect(try CLIRunner.run(["check", "-h"]).status == 0)
    }

    @Test func fifosAndDevicesAreNotRegularFiles() throws {
        let folder = try Folder(["Main.xml": Data("<Label text=\"{x}\"/>".utf8)])
        #expect(mkfifo(folder.path + "/pipe.xml", 0o600) == 0)
        #expect(mkfifo(folder.path + "/state.json", 0o600) == 0)
        let cases: [([String], String)] = [
            (["check", "pipe.xml"], "error: cannot read template file 'pipe.xml': not a regular file (a FIFO)"),
            (["list", "pipe.xml"], "error: cannot read 'pipe.xml': not a regular file (a FIFO)"),
            (["render", "Main.xml", "--size", "3x1", "--state", "state.json"], "error: --state: cannot read 'state.json': not a regular file (a FIFO)"),
            (["render", "Main.xml", "--size", "3x1", "--state", "@/dev/zero"], "error: --state: cannot read '/dev/zero': not a regular file (a device)"),
            (["check", "/dev/zero"], "error: cannot read template file '/dev/zero': not a regular file (a device)"),
            (["strings", "Main.xml", "--missing", "/dev/null"], "error: --missing: cannot read '/dev/null': not a regular file (a device)"),
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(arguments, in: folder.path)
            #expect(result.status == 1, "\(arguments)")
            #expect((result.stdout + result.stderr).contains(message), "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(!result.stderr.contains("permission"))
        }
    }

    @Test func foldersAreFolders() throws {
        let folder = try Folder()
        for arguments in [["render", ".", "--size", "3x1"], ["strings", ".", "--missing", "."], ["render", "/", "--size", "3x1", "--state", "@."]] {
            let result = try CLIRunner.run(arguments, in: folder.path)
            #expect(result.status == 1)
            #expect(result.stderr.contains("is a folder"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        }
    }

    @Test func utf16StringsAndMarkedJSONAreRead() throws {
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "\"hello\" = \"Hallo\";\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let folder = try Folder(["Main.xml": Data("<Label text=\"{strings.hello} {name}\"/>".utf8), "Localizable.strings": Data(utf16),
                                 "Main.state.json": Data(mark + Array(#"{"name": "Ada"}"#.utf8)),
                                 "state.json": Data(mark + Array(#"{"name": "Bob"}"#.utf8)),
                                 "Strings.json": Data(mark + Array(#"{"other": "x"}"#.utf8))])
        #expect(try CLIRunner.run(["render", "Main.xml", "--size", "20x1", "--state", "state.json"], in: folder.path).stdout == "Hallo Bob\n")
        let check = try CLIRunner.run(["check", "Main.xml"], in: folder.path)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let missing = try CLIRunner.run(["strings", "Main.xml", "--missing", "Localizable.strings"], in: folder.path)
        #expect(missing.status == 0 && missing.stdout.isEmpty, "\(missing.stdout)\(missing.stderr)")
        let json = try CLIRunner.run(["strings", "Main.xml", "--missing", "Strings.json"], in: folder.path)
        #expect(json.stdout == "hello\n", "\(json.stderr)")
    }

    @Test func aStringsJSONFileIsNeverTakenForAPath() throws {
        let folder = try Folder(["Main.xml": Data("<Label text=\"{strings.k}\"/>".utf8), "S.json": Data("/etc/passwd".utf8)])
        let result = try CLIRunner.run(["strings", "Main.xml", "--missing", "S.json"], in: folder.path)
        #expect(result.status == 1)
        #expect(!result.stderr.contains("root:x"), "\(result.stderr)")
    }

    @Test(arguments: [".", "./", "sub/..", "alias"])
    func portRefusesToOverwriteItsInput(_ out: String) throws {
        let layout = Data("<UIView><UILabel text=\"hi\"/></UIView>".utf8)
        let folder = try Folder(["Screen.xml": layout])
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/alias", withDestinationPath: ".")
        let result = try CLIRunner.run(["port", "Screen.xml", "--out", out], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: --out '\(out)' would overwrite the input 'Screen.xml'; nothing was written"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Screen.xml")) == layout)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Screen.state.json"))
        // Another folder still works.
        let elsewhere = try CLIRunner.run(["port", "Screen.xml", "--out", "Ported"], in: folder.path)
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Ported/Screen.xml"))
    }
}
