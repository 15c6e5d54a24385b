import Foundation
import Testing

/// `--cell WxH` for `render` and `layout`, and the template's own `cell="WxH"` on its root:
/// Layout's frames are points (Layout's LayoutNode.swift:2246, `frame: CGRect`), so a screen
/// written for a 320-point phone needs points per cell; `--cell` given wins over the
/// template's.
struct CellOptionTests {
    typealias Folder = CheckCommandTests.Folder

    /// `X` at 40×16 points.
    static let positioned = "<View><Label left=\"40\" top=\"16\" text=\"X\"/></View>\n"
    static let declared = "<View cell=\"4x8\"><Label left=\"40\" top=\"16\" text=\"X\"/></View>\n"

    /// Where `X` is in `render`'s output, as [column, row].
    func position(_ stdout: String) -> [Int] {
        for (row, line) in stdout.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let index = line.firstIndex(of: "X") { return [line.distance(from: line.startIndex, to: index), row] }
        }
        return []
    }

    @Test func renderTakesCell() throws {
        let folder = try Folder(["Plain.xml": Self.positioned])
        let plain = try CLIRunner.run(["render", folder.file("Plain.xml"), "--size", "60x20"])
        #expect(plain.status == 0 && position(plain.stdout) == [40, 16])
        let scaled = try CLIRunner.run(["render", folder.file("Plain.xml"), "--size", "60x20", "--cell", "4x8"])
        #expect(scaled.status == 0 && position(scaled.stdout) == [10, 2], "\(scaled.stdout)")
    }

    @Test func theTemplatesCellSizeAppliesAndTheOptionWins() throws {
        let folder = try Folder(["Screen.xml": Self.declared])
        let own = try CLIRunner.run(["render", folder.file("Screen.xml"), "--size", "60x20"])
        #expect(own.status == 0 && position(own.stdout) == [10, 2], "\(own.stderr)")
        let overridden = try CLIRunner.run(["render", folder.file("Screen.xml"), "--size", "60x20", "--cell", "8x16"])
        #expect(overridden.status == 0 && position(overridden.stdout) == [5, 1])
        let laidOut = try CLIRunner.run(["layout", folder.file("Screen.xml"), "--size", "60x20"])
        #expect(laidOut.stdout.contains("Label (40, 16, 4×8) [10,2 1×1]"), "\(laidOut.stdout)")
        let checked = try CLIRunner.run(["check", folder.file("Screen.xml")])
        #expect(checked.status == 0)
    }

    @Test(arguments: ["render", "preview", "layout"])
    func aMalformedCellIsAUsageError(_ command: String) throws {
        let folder = try Folder(["Screen.xml": Self.positioned])
        let size = command == "preview" ? [] : ["--size", "60x20"]
        let result = try CLIRunner.run([command, folder.file("Screen.xml"), "--cell", "4by8"] + size)
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected a cell size in points as WIDTHxHEIGHT, such as 1x1"), "\(result.stderr)")
        let help = try CLIRunner.run([command, "--help"])
        #expect(help.stdout.contains("--cell <cell>") && help.stdout.contains("Points per cell, as WxH (default: the template's cell"))
    }

    @Test func aMalformedCellAttributeIsReportedByCheckAndRender() throws {
        let folder = try Folder(["Screen.xml": "<View\n    cell=\"4:8\"/>\n"])
        for command in [["check"], ["render", "--size", "10x2"]] {
            let result = try CLIRunner.run([command[0], folder.file("Screen.xml")] + command.dropFirst())
            #expect(result.status == 1)
            #expect((result.stdout + result.stderr).contains("Screen.xml:2:11: error: cell must be WIDTHxHEIGHT in points (each 1 to 1000), not '4:8'"), "\(result.stderr)")
        }
    }
}
