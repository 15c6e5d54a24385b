import Foundation
import Testing

/// A word that begins with `-` after an option that takes a value is that option's value
/// (`--size -5x5`), never refused as a file name that looks like flags. Every option of
/// every subcommand, as ArgumentParser itself lists them, is tried.
struct DashedValueTests {
    /// `(subcommand, --option)` for every option that takes a value.
    static func valueOptions() throws -> [(String, String)] {
        let dump = try CLIRunner.run(["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try #require(json["command"] as? [String: Any])
        var found: [(String, String)] = []
        for command in root["subcommands"] as? [[String: Any]] ?? [] {
            let name = command["commandName"] as? String ?? ""
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                for option in argument["names"] as? [[String: Any]] ?? [] where option["kind"] as? String == "long" {
                    found.append((name, "--" + (option["name"] as? String ?? "")))
                }
            }
        }
        return found
    }

    @Test func aDashedValueOfAnyOptionIsNotTakenForAFileName() throws {
        let options = try Self.valueOptions()
        #expect(options.count >= 9)
        for (subcommand, option) in options where subcommand != "eval" {
            let result = try CLIRunner.run([subcommand, "Missing.xml", option, "-1x1.json"])
            #expect(!result.stderr.contains("whose name begins with '-'"), "\(subcommand) \(option): \(result.stderr)")
        }
        // A dashed file name elsewhere is still refused with the hint.
        let dashed = try CLIRunner.run(["check", "-dash.xml"])
        #expect(dashed.status == 64 && dashed.stderr.contains("./-dash.xml"))
    }
}
