import Foundation
import Testing
@testable import TermLayout

/// Includes stay inside the template root: the folder of the loaded file, unless the app
/// widens it. Each case uses real folders: `app/` is the root, `secret.*` lies beside it.
struct TemplateRootTests {
    static let secret = "TOP-SECRET-LINE"

    /// A fixture with `app/Main.xml` holding `main`, a secret text file and a secret
    /// template outside `app/`.
    func fixture(main: String, extra: [String: String] = [:]) throws -> TemplateFixture {
        try TemplateFixture(["app/Main.xml": main, "secret.txt": Self.secret + "\nmore",
                             "outside/Card.xml": "<Label text=\"\(Self.secret)\"/>"].merging(extra) { _, new in new })
    }

    func root(_ fixture: TemplateFixture) -> String { canonical(fixture.path("app")) }

    /// Everything a user would see of the load: summaries, excerpts and notes.
    func printed(_ result: TemplateLoadResult) -> String { result.diagnostics.map(\.description).joined(separator: "\n") }

    @Test(arguments: ["xml=\"../secret.txt\"", "template=\"../outside/Card.xml\"", "xml=\"/etc/passwd\"",
                      "xml=\"/proc/self/environ\"", "xml=\"../../../../../../../../etc/shadow\""])
    func includesOutsideTheRootAreRefusedUnread(_ attribute: String) throws {
        let fixture = try fixture(main: "<Column>\n  <View \(attribute)/>\n</Column>")
        let result = fixture.load("app/Main.xml")
        #expect(result.template == nil)
        let written = String(attribute.split(separator: "\"")[1])
        #expect(result.diagnostics.map(\.message) == ["'\(written)' is outside the template root '\(root(fixture))'"])
        #expect(result.diagnostics.first?.location?.line == 2)
        let text = printed(result)
        #expect(!text.contains(Self.secret) && !text.contains("root:") && !text.contains("PATH="))
        // Nothing outside the root is handed to the watcher.
        #expect(result.files.allSatisfy { canonical($0).hasPrefix(root(fixture) + "/") })
    }

    @Test func rowTemplatesOutsideTheRootAreRefused() throws {
        let fixture = try fixture(main: "<List items=\"[]\" row=\"../outside/Card.xml\"/>")
        let result = fixture.load("app/Main.xml")
        #expect(result.diagnostics.map(\.message) == ["'../outside/Card.xml' is outside the template root '\(root(fixture))'"])
    }

    @Test func symlinksPointingOutsideAreRefused() throws {
        let fixture = try fixture(main: "<Column><View xml=\"Link.xml\"/><View xml=\"shared/Card.xml\"/></Column>")
        try fixture.symlink("app/Link.xml", to: fixture.path("outside/Card.xml"))
        try fixture.symlink("app/shared", to: "../outside")
        let result = fixture.load("app/Main.xml")
        #expect(result.diagnostics.map(\.message) == ["'Link.xml' is outside the template root '\(root(fixture))'",
                                                      "'shared/Card.xml' is outside the template root '\(root(fixture))'"])
        #expect(!printed(result).contains(Self.secret))
    }

    @Test func symlinksPointingOutsideAreWatchedWhereTheyAre() throws {
        // So that pointing them back inside is seen by live reload (hostile pass H3-9).
        let fixture = try fixture(main: "<Column><View xml=\"Link.xml\"/><View xml=\"shared/Card.xml\"/></Column>")
        try fixture.symlink("app/Link.xml", to: fixture.path("outside/Card.xml"))
        try fixture.symlink("app/shared", to: "../outside")
        let files = fixture.load("app/Main.xml").files
        #expect(files.contains(fixture.path("app/Link.xml")))
        #expect(files.contains(fixture.path("app/shared")))
        #expect(!files.contains(fixture.path("app/shared/Card.xml")), "that path lies outside")
    }

    @Test func symlinksStayingInsideAreFollowed() throws {
        let fixture = try fixture(main: "<View xml=\"Alias.xml\"/>", extra: ["app/parts/Card.xml": "<Label text=\"hi\"/>"])
        try fixture.symlink("app/Alias.xml", to: "parts/Card.xml")
        let result = fixture.load("app/Main.xml")
        #expect(result.diagnostics.isEmpty)
        #expect(result.template?.root.widget.name == "Label")
    }

    @Test func stringsAndStylesOutsideTheRootAreNotRead() throws {
        let fixture = try fixture(main: "<Label text=\"hi\"/>", extra: ["secret.strings": "\"K\" = \"\(Self.secret)\"\n\(Self.secret)"])
        try fixture.symlink("app/Localizable.strings", to: "../secret.strings")
        try fixture.symlink("app/Styles.json", to: "../secret.txt")
        let result = fixture.load("app/Main.xml")
        #expect(result.diagnostics.map(\.message) == ["'Localizable.strings' is outside the template root '\(root(fixture))'",
                                                      "'Styles.json' is outside the template root '\(root(fixture))'"])
        #expect(!printed(result).contains(Self.secret))
    }

    @Test func theRootCanBeWidenedExplicitly() throws {
        let fixture = try fixture(main: "<View xml=\"../outside/Card.xml\"/>")
        let widened = TemplateLoader(allowedRoots: [fixture.path("outside")])
        #expect(fixture.load("app/Main.xml", loader: widened).diagnostics.isEmpty)
        let moved = TemplateLoader(root: fixture.directory)
        #expect(fixture.load("app/Main.xml", loader: moved).diagnostics.isEmpty)
        // Widening one folder does not open its siblings.
        let other = try fixture.fixtureWith(main: "<View xml=\"../secret.txt\"/>")
        #expect(other.load("app/Main.xml", loader: TemplateLoader(allowedRoots: [other.path("outside")])).diagnostics.map(\.message)
                == ["'../secret.txt' is outside the template root '\(root(other))'"])
    }

    @Test func filesThatAreNotTemplatesShowNoExcerpt() throws {
        let fixture = try fixture(main: "<View xml=\"notes.txt\"/>", extra: ["app/notes.txt": Self.secret + " <b>"])
        let result = fixture.load("app/Main.xml")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.excerpt == nil)
        #expect(!printed(result).contains(Self.secret))
        // The file named on the command line is the user's own choice: its excerpt is shown.
        let main = try TemplateFixture(["Main.xml": "<View>oops"])
        #expect(main.load().diagnostics.first?.excerpt != nil)
    }

    @Test func aCycleSpelledWithDotDotIsACycle() throws {
        let fixture = try TemplateFixture(["Self.xml": "<View xml=\"d/../Self.xml\"/>", "d/Other.xml": "<View/>"])
        #expect(fixture.summaries("Self.xml") == ["Self.xml:1:12: error: include cycle: Self.xml → Self.xml"])
        let linked = try TemplateFixture(["A.xml": "<View xml=\"B.xml\"/>"])
        try linked.symlink("B.xml", to: "A.xml")
        #expect(linked.summaries("A.xml") == ["A.xml:1:12: error: include cycle: A.xml → A.xml"])
    }

    @Test func filesThatAreNotRegularFilesAreRefused() throws {
        let fixture = try TemplateFixture(["Main.xml": "<View xml=\"folder\"/>", "folder/x.xml": "<View/>"])
        #expect(fixture.load().diagnostics.map(\.message) == ["cannot read template file '\(fixture.path("folder"))': it is a folder"])
    }
}

extension TemplateFixture {
    /// Another fixture of the same shape, for a second case in one test.
    func fixtureWith(main: String) throws -> TemplateFixture {
        try TemplateFixture(["app/Main.xml": main, "secret.txt": TemplateRootTests.secret, "outside/Card.xml": "<Label/>"])
    }
}

/// The canonical form of a path (symlinks and `..` resolved), as messages show roots.
func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}
