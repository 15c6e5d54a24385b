import Foundation
import Testing
@testable import TermLayout

/// The loader API with the paths users type, and a template file that is (or becomes) a
/// symlink out of its folder.
@MainActor
struct LoaderPathTests {
    static let secret = "TOP-SECRET-LINE"

    /// Short and odd paths give a diagnostic, never a trap (`a` died with SIGILL).
    @Test(arguments: [
        ("", "cannot read template file '': an empty path names no file"),
        (".", "cannot read template file '.': it is a folder"),
        ("./", "cannot read template file './': it is a folder"),
        ("/", "cannot read template file '/': it is a folder"),
        ("..", "cannot read template file '..': it is a folder"),
        ("/nonexistent-a", "cannot read template file '/nonexistent-a'"),
    ])
    func oddPaths(_ path: String, _ message: String) {
        #expect(TemplateLoader().load(file: path).diagnostics.map(\.message) == [message])
    }

    /// An empty include names no file (it is not read as its own folder); a folder written
    /// as an include is a folder. Both point at the attribute's value.
    @Test(arguments: [
        ("<Column>\n<View xml=\"\"/>\n</Column>", "xml= names no file", 2),
        ("<Column>\n<View xml=\"  \"/>\n</Column>", "xml= names no file", 2),
        ("<Column>\n<List row=\"\"/>\n</Column>", "row= names no file", 2),
        ("<Column>\n\n<View xml=\".\"/>\n</Column>", "it is a folder", 3),
    ])
    func emptyAndFolderIncludes(_ main: String, _ message: String, _ line: Int) throws {
        let fixture = try TemplateFixture(["Main.xml": main])
        let diagnostics = fixture.load("Main.xml").diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
        #expect(diagnostics.first?.location?.line == line)
    }

    @Test func aOneCharacterNameLoads() throws {
        let fixture = try TemplateFixture(["a": "<Label text=\"one\"/>", "-dash.xml": "<Label text=\"dash\"/>",
                                           "my folder/ünï 你好.xml": "<Label text=\"uni\"/>"])
        #expect(fixture.load("a").diagnostics.isEmpty)
        #expect(fixture.load("-dash.xml").diagnostics.isEmpty)
        #expect(fixture.load("my folder/ünï 你好.xml").diagnostics.isEmpty)
        #expect(TemplateLoader().load(file: "a-file-that-is-not-here").diagnostics.count == 1)
    }

    /// The file given to the loader is confined like its includes: a symlink to a file out
    /// of its folder is refused unread, naming only the path as written.
    @Test(arguments: ["../secret.txt", "/etc/passwd", "/proc/self/environ"])
    func aTopLevelSymlinkOutIsRefused(_ target: String) throws {
        let fixture = try TemplateFixture(["app/Real.xml": "<Label/>", "secret.txt": "<View>\(Self.secret)"])
        try fixture.symlink("app/Main.xml", to: target)
        let result = fixture.load("app/Main.xml")
        #expect(result.template == nil)
        #expect(result.diagnostics.map(\.message)
                == ["'\(fixture.path("app/Main.xml"))' is outside the template root '\(CanonicalPath.of(fixture.path("app")))'"])
        let printed = result.diagnostics.map(\.description).joined(separator: "\n")
        #expect(!printed.contains(Self.secret) && !printed.contains("root:") && !printed.contains("PATH="))
        #expect(!printed.contains("/etc") && !printed.contains("/proc") && !printed.contains("secret.txt"))
    }

    /// Live reload goes through the same gate: swapping the watched file for a symlink out
    /// shows the refusal in the red box, not the target.
    @Test func reloadingASwappedInSymlinkShowsNothingOfItsTarget() async throws {
        let fixture = try TemplateFixture(["app/Main.xml": "<Label text=\"fine\"/>", "secret.txt": "<View>\(Self.secret)"])
        let app = LayoutApp(template: fixture.path("app/Main.xml"))
        let pilot = Pilot(app, columns: 80, rows: 10)
        #expect(pilot.text.contains("fine"))
        try FileManager.default.removeItem(atPath: fixture.path("app/Main.xml"))
        try fixture.symlink("app/Main.xml", to: "../secret.txt")
        app.reload()
        try await pilot.settle()
        let shown = pilot.text + app.diagnostics.map(\.description).joined(separator: "\n")
        #expect(app.diagnostics.first?.message.contains("is outside the template root") == true)
        #expect(!shown.contains(Self.secret))
    }
}
