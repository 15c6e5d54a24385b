import Foundation
import Testing

/// Every command, over hostile files (the fuzz seeds, and templates, state, strings and
/// file names full of ESC, BEL, OSC 52, CSI, C1 and bidi overrides): nothing it prints —
/// stdout or stderr — holds a C0 control but line feed and tab, DEL, a C1 control or a bidi
/// override. (`render --format ansi` is left out: its escape sequences are our own.)
struct HostileOutputTests {
    typealias Folder = CheckCommandTests.Folder

    static let osc52 = "&#x1B;]52;c;aGk=&#x7;", csi = "&#x1B;[2J", c1 = "&#x9B;31m", bidi = "&#x202E;&#x200F;&#x61C;"
    static let hostileName = "E\u{1B}]0;title\u{07}\u{9B}\u{202E}.xml"

    static var files: [String: String] {
        let all = osc52 + csi + c1 + bidi + "&#x7F;&#x85;"
        return [
            "Main.xml": """
                <Column id="i\(csi)" class="c\(c1)" gap="1">
                    <macro name="m\u{9B}" value="'\(all)'"/>
                    <Label id="l\(bidi)" text="{name} \(all) {missing\(c1)}"/>
                    <Label outlet="o\(osc52)">body \(all) <b>{name}</b> raw \u{9B}2J \u{7F} \u{202E}</Label>
                    <Button title="{strings.Title\u{9B}}" press="act\(osc52)"/>
                    <View xml="\(hostileName)" wdth\u{9B}="{unread}"/>
                    <Lable\u{9B} text="\(all)"/>
                </Column>

                """,
            "Main.state.json": #"{"name": "\u001b]52;c;aGk=\u0007\u009b2J\u202e", "k\u001b[2J": 1, "unread": "\u0085"}"#,
            "Good.xml": "<Column id=\"g\(c1)\"><Label text=\"{name} \(all)\"/><Label>\(all) {name}</Label></Column>\n",
            "Good.state.json": #"{"name": "\u001b]52;c;aGk=\u0007\u009b2J\u202e"}"#,
            "Broken.xml": "<Column>\n  <Label text=\"a\u{1B}]52;c;aGk=\u{07}b\u{9B}\"/>\n</Column>\n",
            "Unclosed.xml": "<Column \u{9B}\u{202E}=\"x\">\n  <Label text=\"\(osc52)\">\n",
            hostileName: "<Row id=\"r\u{9B}\"><param name=\"p\u{9B}\" type=\"string\"/><Label text=\"{p\u{9B}} \(all)\"/></Row>\n",
            "Localizable.strings": "\"Title\u{9B}\" = \"T\u{1B}]0;pwn\u{07}\";\n\"Other\" = \"\u{202E}x\";\n",
            "UIKit.xml": """
                <UIView backgroundColor="\(c1)" foo\u{9B}="x">
                    <UILabel text="\(osc52)" textColor="\(csi)" numberOfLines="\(bidi)"/>
                    <UILabel>body \(all) raw \u{9B}</UILabel>
                    <UIButton touchUpInside="go\(osc52)" title="{'\(all)'}"/>
                </UIView>

                """,
        ]
    }

    /// What a terminal would act on: C0 but line feed and tab, DEL, C1, bidi controls.
    static func unsafeScalars(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(value)
                || [0x061C, 0x200E, 0x200F].contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// Runs `termlayout` with its output in files rather than pipes: with thousands of
    /// warnings on stderr, a pipe read after stdout would fill and stall the process.
    static func run(_ arguments: [String]) throws -> (stdout: String, stderr: String) {
        guard let executable = CLIRunner.executable else { throw CocoaError(.fileNoSuchFile) }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-output-\(UUID().uuidString)")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (String(decoding: try Data(contentsOf: out), as: UTF8.self), String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    static func expectSafe(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(arguments)
        let shown = arguments.map { $0.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "·" : String($0) }.joined() }
        #expect(unsafeScalars(in: result.stdout).isEmpty, "stdout of \(shown): \(unsafeScalars(in: result.stdout))", sourceLocation: sourceLocation)
        #expect(unsafeScalars(in: result.stderr).isEmpty, "stderr of \(shown): \(unsafeScalars(in: result.stderr))", sourceLocation: sourceLocation)
    }

    @Test func everyCommandPrintsHostileFilesSafely() throws {
        let folder = try Folder(Self.files)
        let main = folder.file("Main.xml"), hostile = folder.file(Self.hostileName)
        let state = "@" + folder.file("Main.state.json")
        let commands: [[String]] = [
            ["check", folder.path], ["check", "--excerpts", folder.path], ["check", main, "--state", state],
            ["list", folder.path], ["list", "--json", folder.path],
            ["strings", folder.path], ["strings", folder.path, "--missing", folder.file("Localizable.strings"), "--unused"],
            ["format", "--check", folder.path],
            ["rename", "--dry-run", folder.path, "name", "who"], ["rename", "--dry-run", folder.file("Good.xml"), "name", "who"],
            ["rename", folder.path, "name", "x\u{1B}[2J"], ["rename", folder.path, "#g\u{9B}", "#h"],
            ["port", folder.file("UIKit.xml")], ["port", folder.path],
            ["eval", "name", "--state", state], ["eval", "--json", "name", "--state", state], ["eval", "--string", "{name}\u{9B}", "--state", state],
            ["eval", "nme\u{1B}]52;c;aGk=\u{07}", "--state", state], ["eval", "--\u{1B}[2J"],
            ["layout", main, "--size", "60x20", "--state", state], ["layout", folder.file("Good.xml"), "--size", "60x20", "--json", "--state", state],
            ["layout", hostile, "--size", "40x10"], ["layout", folder.file("Broken.xml"), "--size", "40x10"],
            ["render", folder.file("Good.xml"), "--size", "60x8", "--state", state], ["render", main, "--size", "60x8", "--state", state],
            ["render", folder.file("Unclosed.xml"), "--size", "\u{9B}x1"],
            ["preview", folder.file("Good.xml"), "--state", state], ["preview", main],
            ["docs"],
            // Last: these write the folder.
            ["format", folder.path],
            ["port", folder.file("UIKit.xml"), "--out", folder.file("ported\u{1B}]0;x\u{07}")],
            ["rename", folder.file("Good.xml"), "name", "who"],
        ]
        for arguments in commands { try Self.expectSafe(arguments) }
    }

    @Test func theFuzzSeedsPrintSafelyThroughEveryTemplateCommand() throws {
        let repository = FormatCommandTests.repository
        var files: [String: String] = [:]
        for corpus in ["FuzzTemplateLoader", "FuzzMarkupReader"] {
            let directory = repository.appendingPathComponent("Fuzz/Corpus/" + corpus).path
            for name in (try FileManager.default.contentsOfDirectory(atPath: directory)).sorted() {
                guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { continue }
                files["\(corpus)-\(name).xml"] = String(decoding: data, as: UTF8.self)
            }
        }
        #expect(files.count > 300)
        let folder = try Folder(files)
        for arguments in [["check", "--excerpts", folder.path], ["list", "--json", folder.path], ["strings", folder.path],
                          ["format", "--check", folder.path], ["port", folder.path], ["rename", "--dry-run", folder.path, "a", "b"],
                          ["format", folder.path]] {
            try Self.expectSafe(arguments)
        }
        // Rendering runs once per file: a sample of the seeds keeps the test quick.
        for name in files.keys.sorted().enumerated().filter({ $0.offset % 25 == 0 }).map(\.element) {
            try Self.expectSafe(["render", folder.file(name), "--size", "40x10"])
        }
    }
}
