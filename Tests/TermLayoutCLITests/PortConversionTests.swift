import Foundation
import Testing

/// What `termlayout port` makes of Layout's tables, stacks, colours and functions, its
/// points per cell, its check of what it wrote and its last line.
struct PortConversionTests {
    typealias Folder = CheckCommandTests.Folder

    func read(_ path: String) throws -> String { try FormatCommandTests.read(path) }

    /// A table with a header view, a section header template and a cell template, as in
    /// Layout's Table.xml: in Layout the cell is a template registered by its reuse
    /// identifier, not a view (UITableView+Layout.swift:147-169), the first other child is the
    /// table's header view (UITableView+Layout.swift:171-178), and each row's state comes from
    /// Swift (`row`, SampleApp/TableViewController.swift:39-40).
    static let table = """
        <UIViewController>
            <UITableView backgroundColor="white" outlet="tableView" style="plain">
                <UIView height="auto + 10"><UILabel text="Header" top="10"/></UIView>
                <UITableViewHeaderFooterView reuseIdentifier="header" textLabel.text="Section"/>
                <UITableViewCell reuseIdentifier="cell" textLabel.text="Row {row}" detailTextLabel.text="{detail}"
                                 detailTextLabel.textColor="colors.darkGray" textLabel.highlightedTextColor="white"/>
            </UITableView>
        </UIViewController>

        """

    @Test func aTableWithACellTemplateBecomesAListWithRows() throws {
        let folder = try Folder(["Table.xml": Self.table])
        let out = folder.file("out")
        let result = try CLIRunner.run(["port", folder.file("Table.xml"), "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try read(out + "/Table.xml") == """
            <View cell="4x8">
                <Column
                    outlet="tableView"
                    height="100%"
                    background="white">
                    <View height="auto + 10">
                        <Label
                            top="10"
                            text="Header"
                        />
                    </View>
                    <List
                        grow="1"
                        items="{rows}">
                        <Column>
                            <Label text="Row {row}"/>
                            <Label
                                color="darkGray"
                                text="{detail}"
                            />
                        </Column>
                    </List>
                </Column>
            </View>

            """)
        let source = folder.file("Table.xml")
        #expect(result.stderr.contains("\(source):2:6: note: <UITableView> becomes a List: one row per element of the state's 'rows', each built from the <UITableViewCell>"))
        #expect(result.stderr.contains("\(source):4:10: warning: <UITableViewHeaderFooterView> (a section header template) has no terminal equivalent (a List has no sections); dropped"))
        #expect(result.stderr.contains("\(source):6:70: warning: attribute 'textLabel.highlightedTextColor' of <UITableViewCell> has no terminal equivalent; dropped"))
        // Sample rows: each with the names the row reads, numbered.
        #expect(try read(out + "/Table.state.json") == #"{"rows":[{"detail":0,"row":0},{"detail":1,"row":1},{"detail":2,"row":2}]}"# + "\n")
        let rendered = try CLIRunner.run(["render", out + "/Table.xml", "--size", "40x12", "--state", out + "/Table.state.json"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout.contains("Header\n\n\nRow 0\n0\nRow 1\n1\nRow 2\n2\n"), "\(rendered.stdout)")
    }

    /// Without header views the table itself is the List; a collection view too
    /// (UICollectionView+Layout.swift:147-152); in a View (not a flex container) it fills
    /// its parent's height.
    @Test func aTableWithOnlyACellIsTheList() throws {
        let folder = try Folder(["Grid.xml": """
            <UIView>
                <UICollectionView outlet="grid"><UICollectionViewCell reuseIdentifier="c"><UILabel text="{name}"/></UICollectionViewCell></UICollectionView>
            </UIView>

            """])
        let result = try CLIRunner.run(["port", folder.file("Grid.xml"), "--out", folder.file("out")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try read(folder.file("out/Grid.xml")) == """
            <View cell="4x8">
                <List
                    outlet="grid"
                    height="100%"
                    items="{rows}">
                    <View>
                        <Label text="{name}"/>
                    </View>
                </List>
            </View>

            """)
        #expect(try read(folder.file("out/Grid.state.json")) == #"{"rows":[{"name":0},{"name":1},{"name":2}]}"# + "\n")
    }

    /// UIKit's own colour names are colours in templates now, so they stay.
    @Test func uikitColourNamesAreKept() throws {
        let folder = try Folder(["Colours.xml": """
            <UIView backgroundColor="colors.lightGray"><UILabel text="x" textColor="colors.orange"/><UILabel text="y" textColor="colors.pink"/></UIView>

            """])
        let result = try CLIRunner.run(["port", folder.file("Colours.xml")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("background=\"lightGray\"") && result.stdout.contains("color=\"orange\""), "\(result.stdout)")
        #expect(result.stdout.contains("color=\"magenta\""))
    }

    /// A function the app gave Layout from Swift (Text.xml's `uppercased`) is not one of
    /// TermLayout's: the call becomes its argument, with a warning.
    @Test func aCustomFunctionCallBecomesItsArgument() throws {
        let folder = try Folder(["Call.xml": "<UILabel text=\"Say {shout('hi')} now\"/>\n"])
        let result = try CLIRunner.run(["port", folder.file("Call.xml")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "<Label\n    cell=\"4x8\"\n    text=\"Say {'hi'} now\"\n/>\n")
        #expect(result.stderr.contains("Call.xml:1:21: warning: function 'shout' is not a TermLayout function (in Layout the app gives it from Swift); the call is replaced by its first argument"))
    }

    @Test func cellSetsThePointsPerCellWritten() throws {
        let folder = try Folder(["One.xml": "<UILabel text=\"x\"/>\n"])
        let chosen = try CLIRunner.run(["port", folder.file("One.xml"), "--cell", "2x4"])
        #expect(chosen.status == 0 && chosen.stdout.contains("cell=\"2x4\""))
        let bad = try CLIRunner.run(["port", folder.file("One.xml"), "--cell", "2"])
        #expect(bad.status == 64 && bad.stderr.contains("expected a cell size in points as WIDTHxHEIGHT"))
        let help = try CLIRunner.run(["port", "--help"])
        #expect(help.stdout.contains("--cell <cell>") && help.stdout.contains("default 4x8"))
    }

    /// Output that does not check (here a circular reference Layout's template has too) is
    /// reported with check's diagnostics, at the ported file's line, and port exits 1 —
    /// written or printed.
    @Test func outputThatDoesNotCheckExitsOneWithTheDiagnostics() throws {
        let folder = try Folder(["Loop.xml": "<UIView>\n    <UILabel id=\"a\" text=\"a\" width=\"#b.width\"/>\n    <UILabel id=\"b\" text=\"b\" width=\"#a.width\"/>\n</UIView>\n"])
        let written = try CLIRunner.run(["port", folder.file("Loop.xml"), "--out", folder.file("out")])
        #expect(written.status == 1)
        #expect(written.stderr.contains("\(folder.file("out/Loop.xml")):"), "\(written.stderr)")
        #expect(written.stderr.contains("error: circular reference"))
        #expect(written.stderr.hasSuffix("ported 1 of 1 template into \(folder.file("out")): no notes, 1 with errors\n"), "\(written.stderr)")
        let printed = try CLIRunner.run(["port", folder.file("Loop.xml")])
        #expect(printed.status == 1)
        #expect(printed.stdout.contains("width=\"#b.width\""))
        #expect(printed.stderr.contains("\nLoop.xml:") || printed.stderr.hasPrefix("Loop.xml:"), "named as the printed file: \(printed.stderr)")
        #expect(!printed.stderr.contains("termlayout-port-"), "the scratch folder stays out of messages")
        #expect(printed.stderr.hasSuffix("ported 1 of 1 template printed above: no notes, 1 with errors\n"))
    }
}
