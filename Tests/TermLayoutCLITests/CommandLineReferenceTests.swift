import ArgumentParser
import Foundation
import Testing
@testable import TermLayoutCLI

/// The Command-line reference article's help blocks are `termlayout help`'s current output,
/// and every subcommand has one, so the reference cannot drift from the commands.
struct CommandLineReferenceTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/TermLayout/TermLayout.docc/CommandLineReference.md")
    static let marker = "<!-- cli-help: "

    /// The article's `<!-- cli-help: NAME -->` blocks: each name with the text of the block below it.
    static func helpBlocks() throws -> [(name: String, text: String)] {
        let lines = try String(contentsOf: article, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [(String, String)] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix(marker), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst(marker.count).dropLast(" -->".count))
            guard index < lines.count, lines[index] == "```text" else {
                Issue.record("the block after '\(line)' is not ```text")
                continue
            }
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            blocks.append((name, body.joined(separator: "\n")))
        }
        return blocks
    }

    /// What `termlayout help NAME` prints at 80 columns (`termlayout --help` for `termlayout`).
    static func help(_ name: String) -> String? {
        let text: String
        if name == "termlayout" {
            text = TermLayoutCommand.helpMessage(columns: 80)
        } else {
            guard let command = TermLayoutCommand.configuration.subcommands.first(where: { $0._commandName == name }) else { return nil }
            text = TermLayoutCommand.helpMessage(for: command, columns: 80)
        }
        return String(text.reversed().drop { $0 == "\n" }.reversed())
    }

    @Test func everySubcommandHasItsHelpInTheArticle() throws {
        let names = try Self.helpBlocks().map(\.name)
        let commands = ["termlayout"] + TermLayoutCommand.configuration.subcommands.map { $0._commandName }
        #expect(Set(names) == Set(commands))
        #expect(names.count == Set(names).count, "one block per command")
    }

    @Test func everyHelpBlockIsCurrent() throws {
        let blocks = try Self.helpBlocks()
        #expect(blocks.count > 10)
        for block in blocks {
            let current = try #require(Self.help(block.name), "no subcommand '\(block.name)'")
            #expect(block.text == current,
                    "the help of '\(block.name)' changed: run `swift build --product termlayout && python3 scripts/regen-references.py`")
        }
    }
}
