import Foundation
import SystemPackage
import Testing

/// `termlayout port`: Layout (UIKit) templates to TermLayout.
struct PortCommandTests {
    typealias Folder = CheckCommandTests.Folder

    /// A small hand-written Layout template (in the style of Layout's samples).
    static let layout = """
        <UIViewController view.backgroundColor="white">
            <!-- the header -->
            <UIStackView axis="horizontal" spacing="2" alignment="center" height="3">
                <UILabel text="Hello {name}" textColor="colors.red" font="bold" numberOfLines="1"/>
                <UIButton title="Go" touchUpInside="go:" layer.cornerRadius="5" left="safeAreaInsets.left + 1"/>
            </UIStackView>
            <UILabel numberOfLines="0" top="previous.bottom" width="100%">
                <p>Some <b>bold</b> text</p>
            </UILabel>
        </UIViewController>

        """

    /// Port writes through the one safe writer: an output that is a symlink stays one, a
    /// read-only output is refused (exit 1) and left as it was.
    @Test func anOutputThatIsASymlinkOrReadOnlyIsKept() throws {
        let folder = try Folder(["Screen.xml": Self.layout, "Other.xml": "<UILabel text=\"x\"/>"])
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out + "/kept", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: out + "/kept/real.xml"))
        try Data("frozen".utf8).write(to: URL(fileURLWithPath: out + "/kept/frozen.xml"))
        try FileManager.default.createSymbolicLink(atPath: out + "/Screen.xml", withDestinationPath: "kept/real.xml")
        try FileManager.default.createSymbolicLink(atPath: out + "/Other.xml", withDestinationPath: "kept/frozen.xml")
        chmod(out + "/kept/frozen.xml", 0o444)
        let result = try CLIRunner.run(["port", folder.file("Screen.xml"), folder.file("Other.xml"), "--out", out])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write \(out)/Other.xml: it is read-only"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/Screen.xml") == "kept/real.xml")
        #expect(try FormatCommandTests.read(out + "/kept/real.xml").hasPrefix("<View\n    cell=\"4x8\"\n    background=\"white\">"))
        #expect(try FormatCommandTests.read(out + "/kept/frozen.xml") == "frozen")
    }

    /// A symlink planted in the output folder that leads out of it is refused before
    /// anything is written (hostile pass: it replaced the file it led to).
    @Test func aSymlinkOutOfTheOutputFolderIsRefusedBeforeWriting() throws {
        let folder = try Folder(["Screen.xml": Self.layout, "precious": "export PRECIOUS=1\n"])
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for name in ["Screen.xml", "Screen.state.json", "Localizable.strings"] {
            try? FileManager.default.removeItem(atPath: out + "/" + name)
            try FileManager.default.createSymbolicLink(atPath: out + "/" + name, withDestinationPath: folder.file("precious"))
            let result = try CLIRunner.run(["port", folder.file("Screen.xml"), "--out", out])
            #expect(result.status == 1)
            #expect(result.stderr.contains("is a symbolic link out of the --out folder"), "\(name): \(result.stderr)")
            #expect(try FormatCommandTests.read(folder.file("precious")) == "export PRECIOUS=1\n")
            try FileManager.default.removeItem(atPath: out + "/" + name)
        }
    }

    /// Two inputs of one name would land on one output file: the second replaced the first,
    /// which was then checked as the second (a tester's find). Refused before writing.
    @Test func twoInputsOfOneNameAreRefusedBeforeWriting() throws {
        let folder = try Folder([:])
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: folder.file(sub), withIntermediateDirectories: true)
            try Data(Self.layout.utf8).write(to: URL(fileURLWithPath: folder.file(sub + "/Same.xml")))
        }
        let out = folder.file("out")
        let result = try CLIRunner.run(["port", folder.file("a"), folder.file("b"), "--out", out])
        #expect(result.status == 1)
        #expect(result.stderr.contains("would both be written to '\(out)/Same.xml'; nothing was written"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/Same.xml"))
    }

    /// A TermLayout template is not ported again (it was rescaled to 4×8 and its own
    /// attributes dropped): skipped with a warning, and not a failure.
    @Test func aTermLayoutTemplateIsSkipped() throws {
        let folder = try Folder(["Mine.xml": "<View cell=\"2x2\"><Label text=\"x\"/></View>\n"])
        let result = try CLIRunner.run(["port", folder.file("Mine.xml")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Mine.xml:1:2: warning: skipped: <View> is a TermLayout element"), "\(result.stderr)")
        #expect(result.stderr.contains("ported 0 of 1 template"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Hostile pass H3-16 and H3-13: an --out folder that cannot be made is said in words,
    /// not as an NSCocoaErrorDomain code; a template ported to the screen counts as ported.
    @Test func outputFolderProblemsAreSaidInWords() throws {
        let folder = try Folder(["Screen.xml": Self.layout, "file": "x"])
        let onFile = try CLIRunner.run(["port", folder.file("Screen.xml"), "--out", folder.file("file")])
        #expect(onFile.status == 1)
        #expect(onFile.stderr.contains("'\(folder.file("file"))' is not a folder"))
        let under = try CLIRunner.run(["port", folder.file("Screen.xml"), "--out", folder.file("file/sub")])
        #expect(under.status == 1 && under.stderr.contains("is not a folder"))
        let empty = try CLIRunner.run(["port", folder.file("Screen.xml"), "--out", ""])
        #expect(empty.status == 64 && empty.stderr.contains("--out needs a folder"))
        for result in [onFile, under, empty] { #expect(!result.stderr.contains("NSCocoaErrorDomain")) }
        let printed = try CLIRunner.run(["port", folder.file("Screen.xml")])
        #expect(printed.status == 0 && printed.stderr.hasSuffix("ported 1 of 1 template printed above: 2 notes, no errors\n"), "\(printed.stderr)")
    }

    @Test func portsElementsAndAttributesAndWarnsAboutTheRest() throws {
        let folder = try Folder(["Screen.xml": Self.layout])
        let out = folder.file("out")
        let result = try CLIRunner.run(["port", folder.file("Screen.xml"), "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FormatCommandTests.read(FilePath(out).appending("Screen.xml").string) == """
            <View
                cell="4x8"
                background="white">
                <!-- the header -->
                <Row
                    height="3"
                    gap="2"
                    align="center">
                    <Label
                        bold="true"
                        color="red"
                        text="Hello {name}"
                        wrap="none"
                    />
                    <Button
                        press="go"
                        title="Go"
                    />
                </Row>
                <Label
                    top="previous.bottom"
                    width="100%">Some <b>bold</b> text<br/></Label>
            </View>

            """)
        #expect(result.stderr.contains("\(folder.file("Screen.xml")):5:50: warning: attribute 'layer.cornerRadius' of <UIButton> has no terminal equivalent; dropped"))
        // Layout's README.md:1695 (UIStackView): a stack's children keep width and height;
        // their top, left, bottom, right and centre expressions are ignored.
        #expect(result.stderr.contains("\(folder.file("Screen.xml")):5:73: warning: attribute 'left' of <UIButton> dropped: a UIStackView (now a Row or Column) places its children, so their position is ignored"))
        #expect(try FormatCommandTests.read(FilePath(out).appending("Screen.state.json").string) == "{\"name\":\"\"}\n")
        let state = ["--state", FilePath(out).appending("Screen.state.json").string]
        // This template's sizes are terminal-sized (a Row 3 points tall): --cell 1x1 overrides
        // the 4x8 that port wrote on the root.
        let rendered = try CLIRunner.run(["render", FilePath(out).appending("Screen.xml").string, "--size", "30x6", "--cell", "1x1"] + state)
        #expect(rendered.status == 0)
        #expect(rendered.stdout.contains("Hello"))
        #expect(rendered.stdout.contains("Some bold text"))
    }

    @Test func aLayoutFileThatDoesNotParseIsReported() throws {
        let folder = try Folder(["Bad.xml": "<UIView>\n    <THIS IS INVALID XML\n</UIView>\n"])
        let result = try CLIRunner.run(["port", folder.file("Bad.xml"), "--out", folder.file("out")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Bad.xml:2:14: error: expected '=' after attribute 'IS'"))
    }
}
