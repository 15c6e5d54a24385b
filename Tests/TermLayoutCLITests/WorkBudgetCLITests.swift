import Foundation
import Testing

/// The issue's attacks through the real binary: `render` and `layout` end in an error naming
/// the limit, with `file:line:column`, and exit 1 — never a hang or an out-of-memory death.
struct WorkBudgetCLITests {
    typealias Folder = CheckCommandTests.Folder

    @Test func aLongMacroUsedThousandsOfTimesIsAnError() throws {
        let macro = "<macro name=\"m\" value=\"'\(String(repeating: "x", count: 65_000))'\"/>"
        let prefix = "<Column>\(macro)<Label text=\""
        let folder = try Folder(["Main.xml": prefix + String(repeating: "{m}", count: 2_000) + "\"/></Column>"])
        for command in [["render", "--size", "60x15"], ["layout", "--size", "60x15"]] {
            let result = try CLIRunner.run([command[0], folder.file("Main.xml")] + command.dropFirst())
            #expect(result.status == 1)
            // The 259th use crosses 16 MiB.
            #expect(result.stderr.hasPrefix("\(folder.file("Main.xml")):1:\(prefix.utf8.count + 258 * 3 + 2): error: more than 16777216 bytes of text produced in one evaluation pass"),
                    "\(result.stderr.prefix(300))")
        }
    }

    @Test func anIncludeDiamondOfStyledLabelsIsAnError() throws {
        var files: [String: String] = [:]
        let runs = String(repeating: "<b>xy</b>", count: 100)
        for level in 0..<19 {
            let includes = level == 18 ? "" : "<View xml=\"D\(level + 1).xml\"/><View xml=\"D\(level + 1).xml\"/>"
            files["D\(level).xml"] = "<Column>\(includes)<Label>\(runs)</Label></Column>"
        }
        let folder = try Folder(files)
        let result = try CLIRunner.run(["render", folder.file("D0.xml"), "--size", "60x15"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: labels have more than 200000 styled runs"))
    }
}
