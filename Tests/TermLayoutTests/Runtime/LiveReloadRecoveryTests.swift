#if os(Linux)
import Foundation
import Glibc
import Testing
@testable import TermLayout

/// Live reload recovers by itself from what used to need `R`: a symbolic link's target that
/// comes back, and a template folder deleted and re-created.
@MainActor
struct LiveReloadRecoveryTests {
    /// Reloads as files change until the red box is gone (a re-created folder may take two
    /// reloads: the folder, then the file in it), or no reload comes.
    func waitUntilFixed(_ pilot: Pilot<[String: Value]>) -> Bool {
        for _ in 0..<5 {
            guard pilot.waitForReload() else { return false }
            if pilot.diagnostics.isEmpty { return true }
        }
        return false
    }

    @Test func aSymlinkedIncludeWhoseTargetComesBackReloads() throws {
        let fixture = try TemplateFixture([
            "app/Main.xml": "<Column><View xml=\"Inc.xml\"/></Column>",
            "app/parts/Real.xml": "<Label text=\"first\"/>",
        ])
        try fixture.symlink("app/Inc.xml", to: "parts/Real.xml")
        let pilot = Pilot(LayoutApp(template: fixture.path("app/Main.xml")), columns: 50, rows: 8)
        #expect(pilot.lines[0].hasPrefix("first"))
        #expect(unlink(fixture.path("app/parts/Real.xml")) == 0)
        #expect(pilot.waitForReload())
        #expect(!pilot.diagnostics.isEmpty, "the include is gone: red box")
        // Before, the dangling link's target was not watched: the box stayed until R.
        try fixture.write("app/parts/Real.xml", "<Label text=\"second\"/>")
        #expect(waitUntilFixed(pilot))
        #expect(pilot.lines[0].hasPrefix("second"))
    }

    @Test(arguments: ["Inc2.xml", "Real.xml"])
    func anIncludeLinkPointedOutOfTheRootAndBackReloads(_ back: String) throws {
        let fixture = try TemplateFixture([
            "app/Main.xml": "<Column><Label text=\"main ok\"/><View xml=\"Inc.xml\"/></Column>",
            "app/Real.xml": "<Label text=\"inc ok\"/>", "app/Inc2.xml": "<Label text=\"inc TWO\"/>",
            "outside/Secret.xml": "<Label text=\"SECRET\"/>",
        ])
        try fixture.symlink("app/Inc.xml", to: "Real.xml")
        let pilot = Pilot(LayoutApp(template: fixture.path("app/Main.xml")), columns: 50, rows: 8)
        #expect(pilot.lines[1].hasPrefix("inc ok"))
        #expect(unlink(fixture.path("app/Inc.xml")) == 0)
        try fixture.symlink("app/Inc.xml", to: fixture.path("outside/Secret.xml"))
        #expect(pilot.waitForReload())
        #expect(pilot.diagnostics.map(\.message).contains { $0.contains("outside the template root") })
        // Before, the refused link was no longer watched: the box stayed until R.
        #expect(unlink(fixture.path("app/Inc.xml")) == 0)
        try fixture.symlink("app/Inc.xml", to: back)
        #expect(waitUntilFixed(pilot))
        #expect(pilot.lines[1].hasPrefix(back == "Real.xml" ? "inc ok" : "inc TWO"))
        #expect(!pilot.lines.joined().contains("SECRET"))
    }

    /// Hostile pass H3-20: an include once over the size limit stays watched, so cutting
    /// it down again reloads without R.
    @Test func anIncludeOnceTooLargeIsStillWatched() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Column><Label text=\"ok\"/><View xml=\"I.xml\"/></Column>",
                                           "I.xml": "<Label text=\"inc\"/>"])
        let pilot = Pilot(LayoutApp(template: fixture.path("Main.xml")), columns: 50, rows: 8)
        #expect(pilot.lines[1].hasPrefix("inc"))
        try fixture.write("I.xml", String(repeating: "a", count: TemplateLimits.maximumFileSize + 1))
        #expect(pilot.waitForReload())
        #expect(pilot.diagnostics.map(\.message).contains { $0.contains("is larger than") })
        try fixture.write("I.xml", "<Label text=\"back\"/>")
        #expect(waitUntilFixed(pilot))
        #expect(pilot.lines[1].hasPrefix("back"))
    }

    @Test func aSymlinkedTemplateWhoseTargetFolderIsDeletedAndRecreatedReloads() throws {
        // The link stays inside the template root (its own folder): a link out is refused.
        let fixture = try TemplateFixture(["a/b/Main.xml": "<Label text=\"first\"/>"])
        try fixture.symlink("a/link.xml", to: "b/Main.xml")
        let pilot = Pilot(LayoutApp(template: fixture.path("a/link.xml")), columns: 50, rows: 8)
        #expect(pilot.lines[0].hasPrefix("first"))
        try FileManager.default.removeItem(atPath: fixture.path("a/b"))
        #expect(pilot.waitForReload())
        #expect(!pilot.diagnostics.isEmpty)
        // The link dangles into a missing folder: its parent is watched for it to come back.
        try fixture.write("a/b/Main.xml", "<Label text=\"second\"/>")
        #expect(waitUntilFixed(pilot))
        #expect(pilot.lines[0].hasPrefix("second"))
    }

    @Test func aSymlinkLeadingOutsideTheRootIsNotFollowedByTheWatcher() throws {
        let fixture = try TemplateFixture(["app/Main.xml": "<Label text=\"main\"/>", "outside/Other.xml": "<Label/>"])
        try fixture.symlink("app/Inc.xml", to: "../outside/Other.xml")
        let set = WatchSet([fixture.path("app/Inc.xml")], confinedTo: [fixture.path("app")])
        let outside = try #require(realpath(fixture.path("outside"), nil))
        defer { free(outside) }
        #expect(set.folders[String(cString: outside)] == nil)
        #expect(WatchSet([fixture.path("app/Inc.xml")]).folders[String(cString: outside)] != nil, "unconfined, it is")
    }

    @Test func aTemplateFolderDeletedAndRecreatedReloads() throws {
        let fixture = try TemplateFixture(["app/Main.xml": "<Label text=\"first\"/>"])
        let pilot = Pilot(LayoutApp(template: fixture.path("app/Main.xml")), columns: 50, rows: 8)
        #expect(pilot.lines[0].hasPrefix("first"))
        try FileManager.default.removeItem(atPath: fixture.path("app"))
        #expect(pilot.waitForReload())
        #expect(!pilot.diagnostics.isEmpty, "the template is gone: red box")
        // Before, nothing watched for the folder to come back: the box stayed until R.
        try fixture.write("app/Main.xml", "<Label text=\"second\"/>")
        #expect(waitUntilFixed(pilot))
        #expect(pilot.lines[0].hasPrefix("second"))
    }

    @Test func aFolderRenamedIntoPlaceReloads() throws {
        let fixture = try TemplateFixture(["app/Main.xml": "<Label text=\"first\"/>", "new/Main.xml": "<Label text=\"moved\"/>"])
        let pilot = Pilot(LayoutApp(template: fixture.path("app/Main.xml")), columns: 50, rows: 8)
        try FileManager.default.removeItem(atPath: fixture.path("app"))
        #expect(pilot.waitForReload())
        #expect(rename(fixture.path("new"), fixture.path("app")) == 0)
        #expect(waitUntilFixed(pilot))
        #expect(pilot.lines[0].hasPrefix("moved"))
    }
}
#endif
