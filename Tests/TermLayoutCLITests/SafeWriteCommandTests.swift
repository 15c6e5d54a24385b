import Foundation
import Testing

/// `format` and `rename` write through the one safe writer: a symlinked template stays a
/// symlink, a 0600 file stays 0600, a read-only file is refused (exit 1) and left as it was,
/// and `rename` writes nothing at all when one of its files cannot be written.
struct SafeWriteCommandTests {
    typealias Folder = CheckCommandTests.Folder
    static let unformatted = "<Column><Label text=\"{count}\"/></Column>\n"

    func permissions(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func formatKeepsSymlinksAndModes() throws {
        let folder = try Folder(["real.xml": Self.unformatted, "Private.xml": Self.unformatted])
        try FileManager.default.createSymbolicLink(atPath: folder.file("Link.xml"), withDestinationPath: "real.xml")
        chmod(folder.file("Private.xml"), 0o600)
        let result = try CLIRunner.run(["format", "Link.xml", "Private.xml"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("Link.xml")) == "real.xml")
        #expect(try FormatCommandTests.read(folder.file("real.xml")) != Self.unformatted)
        #expect(try permissions(folder.file("Private.xml")) == 0o600)
        #expect(try FormatCommandTests.read(folder.file("Private.xml")) != Self.unformatted)
    }

    @Test func formatRefusesAReadOnlyFileAndGoesOnWithTheRest() throws {
        let folder = try Folder(["A.xml": Self.unformatted, "B.xml": Self.unformatted])
        chmod(folder.file("A.xml"), 0o444)
        let result = try CLIRunner.run(["format", folder.file("A.xml"), folder.file("B.xml")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write \(folder.file("A.xml")): it is read-only"))
        #expect(try FormatCommandTests.read(folder.file("A.xml")) == Self.unformatted)
        #expect(try permissions(folder.file("A.xml")) == 0o444)
        #expect(try FormatCommandTests.read(folder.file("B.xml")) != Self.unformatted)
    }

    @Test func renameWritesNothingWhenOneFileIsReadOnly() throws {
        let folder = try Folder(["A.xml": "<Label text=\"{count}\"/>\n", "B.xml": "<Label text=\"{count} more\"/>\n"])
        chmod(folder.file("B.xml"), 0o444)
        let result = try CLIRunner.run(["rename", folder.path, "count", "total"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("it is read-only"))
        #expect(try FormatCommandTests.read(folder.file("A.xml")) == "<Label text=\"{count}\"/>\n", "no file half renamed")
        chmod(folder.file("B.xml"), 0o644)
        let again = try CLIRunner.run(["rename", folder.path, "count", "total"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FormatCommandTests.read(folder.file("B.xml")) == "<Label text=\"{total} more\"/>\n")
    }

    /// Hostile pass H3-18: a file reached through two names in a folder is read, counted and
    /// written once.
    @Test func aFileWithTwoNamesIsRenamedOnce() throws {
        let folder = try Folder(["real.xml": "<Label text=\"{a}\"/>\n", "L.state.json": "{\"a\": 1}\n"])
        try FileManager.default.createSymbolicLink(atPath: folder.file("L.xml"), withDestinationPath: "real.xml")
        try FileManager.default.createSymbolicLink(atPath: folder.file("real.state.json"), withDestinationPath: "L.state.json")
        let result = try CLIRunner.run(["rename", folder.path, "a", "cc"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("renamed 2 occurrences in 2 files"), "\(result.stderr)")
        #expect(result.stderr.contains("note: skipped: the same file as"))
        #expect(try FormatCommandTests.read(folder.file("real.xml")) == "<Label text=\"{cc}\"/>\n")
        #expect(try FormatCommandTests.read(folder.file("L.state.json")).contains("\"cc\""))
        let check = try CLIRunner.run(["check", folder.path])
        #expect(check.stderr.contains("checked 1 template"))
    }
}

/// Hostile pass H3-25: a template that is not UTF-8 (a Latin-1 file) is an error at its first
/// such byte, everywhere, and `format` and `rename` never write replacement characters
/// over the original bytes.
struct NotUTF8Tests {
    static let latin1 = Data("<Column>\n    <Label>Caf".utf8) + Data([0xE9]) + Data(" {n}</Label>\n</Column>\n".utf8)

    @Test func aLatin1TemplateIsAnErrorAndIsLeftAlone() throws {
        let folder = try CheckCommandTests.Folder([:])
        let file = folder.file("Latin1.xml")
        try Self.latin1.write(to: URL(fileURLWithPath: file))
        for arguments in [["check", file], ["format", file], ["rename", file, "n", "m"], ["render", file, "--size", "20x3"]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect((result.stdout + result.stderr).contains("Latin1.xml:2:15: error: byte 0xE9 is not UTF-8"), "\(arguments): \(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Self.latin1, "\(arguments) left the bytes")
        }
    }
}
