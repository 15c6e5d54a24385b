import Foundation
import SystemPackage
import Testing

/// `termlayout check` keeps includes inside the template root: a file's folder, or the
/// folder given on the command line.
struct CheckRootTests {
    @Test func aFolderArgumentIsTheRootOfItsTemplates() throws {
        let folder = try CheckCommandTests.Folder([:])
        for (name, text) in ["screens/Main.xml": "<Column><View xml=\"../shared/Card.xml\"/></Column>",
                             "shared/Card.xml": "<Label text=\"card\"/>"] {
            let path = folder.file(name)
            try FileManager.default.createDirectory(atPath: FilePath(path).removingLastComponent().string, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let whole = try CLIRunner.run(["check", folder.path])
        #expect(whole.status == 0, "\(whole.stdout)")
        let alone = try CLIRunner.run(["check", folder.file("screens/Main.xml")])
        #expect(alone.status == 1)
        #expect(alone.stdout.contains("error: '../shared/Card.xml' is outside the template root '"))
    }

    @Test func systemFilesAreNeverPrinted() throws {
        let folder = try CheckCommandTests.Folder(["Main.xml": "<Column><View xml=\"/etc/passwd\"/><List items=\"[]\" row=\"/proc/self/environ\"/></Column>"])
        let result = try CLIRunner.run(["check", "--excerpts", folder.file("Main.xml")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: '/etc/passwd' is outside the template root '"))
        #expect(!result.stdout.contains("root:x:") && !result.stdout.contains("PATH="))
    }
}
