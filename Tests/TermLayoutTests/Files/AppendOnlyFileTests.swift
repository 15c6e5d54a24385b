import Foundation
import SystemPackage
import Testing
@testable import TermLayout

/// `AppendOnlyFile`: one writer at a time, a read-only file left alone, an empty path named
/// as such, and whether an earlier file was replaced.
struct AppendOnlyFileTests {
    static let signature = #"{"termlayoutTrace":"#

    @Test func aSecondWriterIsRefusedWhileTheFirstHasItOpen() throws {
        let fixture = try TemplateFixture(["Main.xml": "<View/>"])
        let path = FilePath(fixture.path("shared.jsonl"))
        let first = try AppendOnlyFile(creating: path, signature: Self.signature)
        first.append(Self.signature + "1}\n")
        #expect(throws: FileAccessError(.inUse, path: path)) {
            try AppendOnlyFile(creating: path, signature: Self.signature)
        }
        // The first writer's file is untouched by the refused one.
        #expect(try String(contentsOfFile: path.string, encoding: .utf8) == Self.signature + "1}\n")
        first.finish()
        let second = try AppendOnlyFile(creating: path, signature: Self.signature)
        #expect(second.replacedEarlier)
        second.finish()
    }

    @Test func aReadOnlyFileIsRefusedAndKeepsItsMode() throws {
        let fixture = try TemplateFixture(["Main.xml": "<View/>", "ro.jsonl": ""])
        let path = fixture.path("ro.jsonl")
        #expect(chmod(path, 0o400) == 0)
        #expect(throws: FileAccessError(.readOnly, path: FilePath(path))) {
            try AppendOnlyFile(creating: FilePath(path), signature: Self.signature)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o400)
    }

    @Test func anEmptyPathSaysSo() {
        #expect(throws: FileAccessError(.emptyPath, path: "")) {
            try AppendOnlyFile(creating: "", signature: Self.signature)
        }
        #expect(FileAccessError(.emptyPath, path: "").description == "cannot write '': the path is empty")
    }

    @Test func aNewFileIsNotAReplacement() throws {
        let fixture = try TemplateFixture(["Main.xml": "<View/>", "empty.jsonl": ""])
        let made = try AppendOnlyFile(creating: FilePath(fixture.path("new.jsonl")), signature: Self.signature)
        #expect(!made.replacedEarlier)
        let empty = try AppendOnlyFile(creating: FilePath(fixture.path("empty.jsonl")), signature: Self.signature)
        #expect(!empty.replacedEarlier)
    }
}
