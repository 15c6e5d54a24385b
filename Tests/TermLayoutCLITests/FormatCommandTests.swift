import Foundation
import SystemPackage
import TestSupport
import Testing

/// `termlayout format`, run as a real process on real files.
struct FormatCommandTests {
    typealias Folder = CheckCommandTests.Folder

    /// The repository checkout this test file is in.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every template folder of the repository.
    static var templateFolders: [String] {
        let demos = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Demos").path)) ?? []
        return ["Templates"] + demos.sorted().map { "Demos/\($0)/Templates" }
            .filter { FileManager.default.fileExists(atPath: repository.appendingPathComponent($0).path) }
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func rewritesAMessyTemplateInTheStandardForm() throws {
        let folder = try Folder(["Messy.xml": """
            <Column gap="1"   padding="2">
              <!-- the greeting -->
              <Label text="{a+b*2} and {max(1,x)}  +literal+" width="100%-2" bold="!x&amp;&amp;y" color="x ? #f00:blue"/>


              <Label text="{ a // a note
            }"/>
              <Label outlet="o" id="l">Hello <b>{name}</b>,<br/>  welcome</Label>
              <macro name="m" value="1+2"/>
            </Column>

            """])
        let result = try CLIRunner.run(["format", folder.file("Messy.xml")])
        #expect(result.status == 0)
        #expect(try Self.read(folder.file("Messy.xml")) == """
            <Column
                padding="2"
                gap="1">
                <macro
                    name="m"
                    value="1 + 2"
                />

                <!-- the greeting -->
                <Label
                    width="100% - 2"
                    bold="!x &amp;&amp; y"
                    color="x ? #f00 : blue"
                    text="{a + b * 2} and {max(1, x)}  +literal+"
                />

                <Label text="{ a // a note
            }"/>
                <Label
                    id="l"
                    outlet="o">Hello <b>{name}</b>,<br/>  welcome</Label>
            </Column>

            """)
        let again = try CLIRunner.run(["format", "--check", folder.file("Messy.xml")])
        #expect(again.status == 0)
        #expect(again.stdout == "")
    }

    @Test func checkListsFilesThatWouldChangeAndWritesNothing() throws {
        let messy = "<Column gap=\"1\" padding=\"2\"/>\n"
        let folder = try Folder(["A.xml": messy, "B.xml": "<Label text=\"ok\"/>\n"])
        let result = try CLIRunner.run(["format", "--check", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout == folder.file("A.xml") + "\n")
        #expect(try Self.read(folder.file("A.xml")) == messy)
    }

    /// Found by a user: CDATA in one label kept the whole file as written.
    @Test func cdataKeepsOnlyItsOwnElementAsWritten() throws {
        let folder = try Folder(["C.xml": "<Column>\n      <Label><![CDATA[x < y]]></Label>\n   <Label text=\"{a+b}\"/>\n</Column>\n"])
        let result = try CLIRunner.run(["format", folder.file("C.xml")])
        #expect(result.status == 0)
        #expect(try Self.read(folder.file("C.xml")) == "<Column>\n    <Label><![CDATA[x < y]]></Label>\n    <Label text=\"{a + b}\"/>\n</Column>\n")
    }

    @Test func aFileThatDoesNotParseIsLeftUntouchedWithItsDiagnostic() throws {
        let broken = "<Column>\n    <Label text=\"a\">\n</Column>\n"
        let folder = try Folder(["Broken.xml": broken])
        let result = try CLIRunner.run(["format", folder.file("Broken.xml")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(folder.file("Broken.xml")):3:1: error: </Column> does not match <Label>"))
        #expect(try Self.read(folder.file("Broken.xml")) == broken)
    }

    @Test func filesThatAreNotTemplatesAreSkippedWithANote() throws {
        let layout = "<UIView backgroundColor=\"red\"   width=\"10\"/>\n"
        let folder = try Folder(["Layout.xml": layout])
        let result = try CLIRunner.run(["format", folder.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Layout.xml: note: skipped: not a TermLayout template (<UIView> is not a widget)"))
        #expect(try Self.read(folder.file("Layout.xml")) == layout)
    }

    /// Every template in the repository is already formatted (CI checks it too), and
    /// formatting a copy of each with its start tags joined and their attributes reversed gives back
    /// the same file, which checks and renders exactly as the original.
    @Test func everyTemplateInTheRepositoryIsFormattedAndKeepsItsMeaning() throws {
        let folders = Self.templateFolders.map { Self.repository.appendingPathComponent($0).path }
        let check = try CLIRunner.run(["format", "--check"] + folders)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        for source in folders {
            let copy = TemporaryPath.unique("termlayout-format-")
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            let files = try FileManager.default.contentsOfDirectory(atPath: copy).filter { $0.hasSuffix(".xml") }.sorted()
            for name in files {
                let path = FilePath(copy).appending(name).string
                let formatted = try Self.read(path)
                // Undo the format: one line per element, attributes in reverse order.
                try Self.unformat(formatted).write(toFile: path, atomically: true, encoding: .utf8)
                let state = Self.sampleState(for: path, in: copy)
                let before = try CLIRunner.run(["render", path, "--size", "100x40"] + state)
                let result = try CLIRunner.run(["format", path])
                #expect(result.status == 0, "\(name): \(result.stderr)")
                #expect(try Self.read(path) == formatted, "\(name) does not format back to the committed form")
                let after = try CLIRunner.run(["render", path, "--size", "100x40"] + state)
                #expect(after.stdout == before.stdout, "\(name) renders differently once formatted")
                #expect(after.status == before.status)
            }
            let checked = try CLIRunner.run(["check", copy])
            #expect(checked.status == 0, "\(checked.stdout)")
        }
    }

    /// `--state` with the folder's sample state: `NAME.state.json`, or the folder's only one.
    static func sampleState(for path: String, in folder: String) -> [String] {
        var own = FilePath(path)
        own.extension = "state.json"  // NAME.xml → NAME.state.json
        if FileManager.default.fileExists(atPath: own.string) { return ["--state", own.string] }
        let states = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".state.json") }
        return states.count == 1 ? ["--state", FilePath(folder).appending(states[0]).string] : []
    }

    /// A formatted template made messy: each multi-line start tag joined onto one line,
    /// unindented, with its attributes reversed.
    static func unformat(_ text: String) -> String {
        var output: [String] = []
        var tag: [String] = []
        for original in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Lines outside start tags keep their indentation (comments span lines).
            let line = original.trimmingCharacters(in: .whitespaces)
            if !tag.isEmpty {
                if line == "/>" {
                    output.append(([tag[0]] + tag.dropFirst().reversed()).joined(separator: " ") + "/>")
                    tag = []
                } else if let end = line.range(of: "\">") {
                    let attributes = tag.dropFirst() + [String(line[..<end.lowerBound]) + "\""]
                    output.append(([tag[0]] + attributes.reversed()).joined(separator: " ") + ">" + line[end.upperBound...])
                    tag = []
                } else {
                    tag.append(line)
                }
            } else if line.hasPrefix("<"), !line.contains(">"), !line.hasPrefix("<!--") {
                tag = [line]
            } else {
                output.append(String(original))
            }
        }
        return output.joined(separator: "\n")
    }
}
