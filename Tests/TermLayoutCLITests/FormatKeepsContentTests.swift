import Foundation
import Testing

/// `termlayout format` keeps what a template says: label text, and controls written as
/// character references, so the formatted file still loads.
struct FormatKeepsContentTests {
    typealias Folder = CheckCommandTests.Folder

    @Test func labelTextAndEscapedControlsSurviveFormatting() throws {
        let folder = try Folder(["Main.xml": """
            <Column><Label>Hello, world</Label><Label>{n} items</Label>
            <Label text="&#27;]0;title&#7; &#x9B;2J"/></Column>
            """])
        let result = try CLIRunner.run(["format", folder.file("Main.xml")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FormatCommandTests.read(folder.file("Main.xml")) == """
            <Column>
                <Label>Hello, world</Label>
                <Label>{n} items</Label>
                <Label text="&#x1B;]0;title&#x7; &#x9B;2J"/>
            </Column>

            """)
        let check = try CLIRunner.run(["check", folder.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(try CLIRunner.run(["format", "--check", folder.path]).status == 0)
    }
}
