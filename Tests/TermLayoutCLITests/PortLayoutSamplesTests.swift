import Foundation
import SystemPackage
import Testing

/// Layout's own 16 sample templates (MIT; copied into Fixtures/LayoutSamples with their
/// licence), ported with `termlayout port` and rendered at 100×40 in the cell size port
/// writes (4×8 points): what each shows must be recognisable as the sample.
struct PortLayoutSamplesTests {
    typealias Folder = CheckCommandTests.Folder

    static let samples = FormatCommandTests.repository.appendingPathComponent("Tests/TermLayoutCLITests/Fixtures/LayoutSamples").path

    /// Text each sample shows once ported. The others, and why not yet, are in the Porting from Layout article
    /// (Layout, "Porting Layout's samples").
    static let recognisable: [String: [String]] = [
        "Default.xml": ["Welcome", "This is the Layout Sandbox app."],
        "Example.xml": ["0. Lorem ipsum dolor sit amet", "1. Lorem ipsum"],
        // Rows from the cell template (Layout: UITableView+Layout.swift:147-169), the header
        // view above them (UITableView+Layout.swift:171-178).
        "Table.xml": ["~ A custom table header view ~", "Title #0", "Title #2", "This cell is defined as a template in Table.xml"],
        "TableCell.xml": ["Title #", "This cell is defined in TableCell.xml"],
        "Benchmark.xml": ["Layout Results:", "Create:", "0ms", "AutoLayout Results:", "Refresh"],
        // A ScrollView of children stacked with `top="previous.bottom + …"` (Layout's content
        // size spans them: LayoutNode.swift:2392–2410), with no height (100%: :988–992).
        "Text.xml": ["Left-aligned bold text", "Center-aligned italic text", "Right-aligned bold italic text"],
        "Pages.xml": ["Page 1"],
        // Its first tab includes Boxes, whose `height="width"` inside a stack is no cycle.
        "Examples.xml": ["Boxes │ Pages │ Text │ Table │ Collection"],
        // Components shown alone: port gives a parameter with no default a sample one.
        "Template.xml": ["title:", "0ms"],
        "PageTemplate.xml": ["text"],
    ]

    @Test func theSamplesPortCheckAndRenderRecognisably() throws {
        let folder = try Folder([:])
        let out = folder.file("out")
        let ported = try CLIRunner.run(["port", Self.samples, "--out", out])
        // LayoutDidLoad_Invalid.xml is broken XML on purpose; every other sample checks.
        #expect(ported.status == 1)
        #expect(ported.stderr.contains("LayoutDidLoad_Invalid.xml:2:14: error: expected '=' after attribute 'IS'"), "\(ported.stderr)")
        #expect(ported.stderr.contains("ported 15 of 16 templates into \(out): "), "\(ported.stderr)")
        #expect(ported.stderr.contains(", 1 with errors"), "\(ported.stderr)")
        for (name, texts) in Self.recognisable.sorted(by: { $0.key < $1.key }) {
            let path = FilePath(out).appending(name).string
            #expect(try FormatCommandTests.read(path).contains("cell=\"4x8\""), "\(name)")
            var stateFile = FilePath(path)
            stateFile.extension = "state.json"  // NAME.xml → NAME.state.json
            let statePath = stateFile.string
            let state = FileManager.default.fileExists(atPath: statePath) ? ["--state", statePath] : []
            let checked = try CLIRunner.run(["check", path] + state)
            #expect(checked.status == 0, "\(name): \(checked.stdout)")
            let rendered = try CLIRunner.run(["render", path, "--size", "100x40"] + state)
            #expect(rendered.status == 0, "\(name): \(rendered.stderr)")
            for text in texts { #expect(rendered.stdout.contains(text), "\(name) shows no '\(text)':\n\(rendered.stdout)") }
        }
    }
}
