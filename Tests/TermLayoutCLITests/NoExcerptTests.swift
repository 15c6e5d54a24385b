import Foundation
import Testing

/// Hostile pass H3-21: a file that does not begin like a template (or a JSON file like JSON)
/// is reported by position and message, never quoted: its first line may be a secret. A
/// template with a typo keeps its excerpt.
struct NoExcerptTests {
    typealias Folder = CheckCommandTests.Folder
    static let secret = "hunter2SECRET"

    @Test func filesThatAreNotTemplatesAreNeverQuoted() throws {
        let folder = try Folder(["settings.xml": "password=\(Self.secret)\n<x/>", ".env": "AWS_SECRET=\(Self.secret)\nX=1\n",
                                 "state.json": "TOKEN=\(Self.secret)\n"])
        let commands: [[String]] = [
            ["list", folder.path], ["list", "--json", folder.path], ["format", folder.path], ["format", "--check", folder.path],
            ["port", folder.path], ["strings", folder.path], ["rename", "--dry-run", folder.path, "a", "b"],
            ["check", "--excerpts", folder.path], ["render", folder.file(".env"), "--size", "10x2"],
            ["eval", "1", "--state", folder.file("state.json")],
        ]
        for arguments in commands {
            let result = try CLIRunner.run(arguments)
            #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aTemplateWithATypoKeepsItsExcerpt() throws {
        let folder = try Folder(["Typo.xml": "<Column>\n  <Label text=\"x\"\n</Column>", "bad.json": "{\"a\": 1,,}"])
        let check = try CLIRunner.run(["check", "--excerpts", folder.file("Typo.xml")])
        #expect(check.stdout.contains("  <Label text=\"x\"") || check.stderr.contains("  <Label text=\"x\""))
        let eval = try CLIRunner.run(["eval", "1", "--state", folder.file("bad.json")])
        #expect(eval.stderr.contains("{\"a\": 1,,}"))
    }
}
