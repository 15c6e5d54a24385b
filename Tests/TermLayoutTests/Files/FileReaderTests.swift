import Foundation
import Testing
@testable import TermLayout

/// What is not a regular file is named as such, and never opened in a way that blocks.
struct FileReaderTests {
    @Test func aFIFOIsReportedWithoutBlocking() throws {
        let fixture = try TemplateFixture([:])
        let fifo = fixture.path("pipe.xml")
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever opens it: a blocking open would never return.
        #expect(FileReader.read(fifo) == .failure(.notRegular(kind: "a FIFO")))
        #expect(FileReader.problem(at: fifo) == .notRegular(kind: "a FIFO"))
        #expect(TemplateLoader().load(file: fifo).diagnostics.map(\.message)
                == ["cannot read template file '\(fifo)': not a regular file (a FIFO)"])
    }

    @Test func devicesFoldersAndMissingFiles() throws {
        #expect(FileReader.read("/dev/zero") == .failure(.notRegular(kind: "a device")))
        #expect(FileReader.read("/") == .failure(.folder))
        #expect(FileReader.read("/nonexistent/x") == .failure(.missing))
        #expect(FileReader.read("") == .failure(.emptyPath))
        let fixture = try TemplateFixture(["f.xml": "<View/>"])
        #expect(FileReader.read(fixture.path("f.xml/x")) == .failure(.notAFolder))
        #expect(FileReader.read(fixture.path("f.xml"), limit: 3) == .failure(.tooLarge(limit: 3)))
        #expect(FileReader.read(fixture.path("f.xml")) == .success(Data("<View/>".utf8)))
    }

    /// Hostile pass H3-10: a dangling link said "Too many levels of symbolic links".
    @Test(arguments: ["missing.xml", "../nowhere/../../etc/passwd", "loop.xml"])
    func aLinkToNothingIsSaidSo(target: String) throws {
        let fixture = try TemplateFixture([:])
        let link = fixture.path("loop.xml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(FileReader.read(CanonicalPath.of(link)) == .failure(.brokenLink))
        #expect(FileReader.problem(at: link) == .brokenLink)
        #expect(TemplateLoader().load(file: link).diagnostics.map(\.message)
                == ["cannot read template file '\(link)': a symbolic link to a file that does not exist"])
    }

    @Test func aFIFONamedStylesJsonIsReportedNotSilentlySkipped() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"hi\"/>"])
        #expect(mkfifo(fixture.path("Styles.json"), 0o600) == 0)
        #expect(fixture.load().diagnostics.map(\.message) == ["cannot read 'Styles.json': not a regular file (a FIFO)"])
    }
}
