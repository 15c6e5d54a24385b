import Foundation
import Testing

/// Every subcommand that takes paths, with the paths users type: short names, `.`, `/`,
/// `..`, a trailing `/`, a leading `-`, spaces and unicode, the empty string. None may crash
/// (a one-character name died with SIGILL in Foundation's path methods).
struct PathArgumentTests {
    /// `base/work/` holds the files; commands run in `work`, so `..` is `base` (small).
    final class Workspace {
        let base: String
        var work: String { base + "/work" }

        init() throws {
            base = NSTemporaryDirectory() + "termlayout-paths-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: base + "/work/d", withIntermediateDirectories: true)
            for (name, text) in ["a": "<Label text=\"one\"/>", "-dash.xml": "<Label text=\"dash\"/>",
                                 "sp ace ü你.xml": "<Label text=\"uni\"/>", "d/In.xml": "<Label text=\"in\"/>"] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: work + "/" + name))
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: base) }
    }

    /// Each command with `PATH` where the path goes.
    static let commands: [[String]] = [
        ["check", "PATH"], ["render", "PATH", "--size", "20x3"], ["layout", "PATH", "--size", "20x3"],
        ["format", "--check", "PATH"], ["list", "PATH"], ["strings", "PATH"], ["rename", "PATH", "old", "new", "--dry-run"],
        ["port", "PATH"], ["preview", "PATH"],
    ]

    static let paths = ["a", ".", "./", "..", "a/", "./-dash.xml", "sp ace ü你.xml", "", "d", "d/", "./d/../a"]

    @Test(arguments: commands)
    func pathsNeverCrash(_ command: [String]) throws {
        let workspace = try Workspace()
        for path in Self.paths {
            let arguments = command.map { $0 == "PATH" ? path : $0 }
            let result = try CLIRunner.run(arguments, in: workspace.work)
            #expect([0, 1].contains(result.status), "termlayout \(arguments): status \(result.status)\n\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments)")
        }
    }

    @Test func shortNamesWork() throws {
        let workspace = try Workspace()
        let check = try CLIRunner.run(["check", "a"], in: workspace.work)
        #expect(check.status == 0 && check.stderr == "checked 1 template: 0 errors\n")
        let render = try CLIRunner.run(["render", "a", "--size", "10x1"], in: workspace.work)
        #expect(render.stdout == "one\n")
        let unicode = try CLIRunner.run(["render", "sp ace ü你.xml", "--size", "10x1"], in: workspace.work)
        #expect(unicode.stdout == "uni\n")
        let folder = try CLIRunner.run(["check", "."], in: workspace.work)
        #expect(folder.status == 0 && folder.stderr.hasSuffix("checked 3 templates: 0 errors\n"), "\(folder.stderr)")
    }

    @Test(arguments: [".", "./", "/", ".."])
    func foldersAreNamedAsFolders(_ path: String) throws {
        let workspace = try Workspace()
        for command in ["render", "layout"] {
            let result = try CLIRunner.run([command, path, "--size", "10x2"], in: workspace.work)
            #expect(result.status == 1)
            #expect(result.stderr.contains("it is a folder"), "\(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        }
    }

    @Test func anEmptyPathAndAFileWrittenAsAFolder() throws {
        let workspace = try Workspace()
        #expect(try CLIRunner.run(["check", ""], in: workspace.work).stderr == "error: an empty path names no file or folder\n")
        #expect(try CLIRunner.run(["render", "", "--size", "4x1"], in: workspace.work).stderr
                == "error: cannot read template file '': an empty path names no file; give the path of a template file\n")
        #expect(try CLIRunner.run(["list", "a/"], in: workspace.work).stderr == "error: no such folder: a/ (a part of it is a file)\n")
        // Hostile pass H3-19: `render a/` read the file `a`, where `check a/` and `cat a/` refuse.
        for command in ["render", "layout"] {
            let result = try CLIRunner.run([command, "a/", "--size", "4x1"], in: workspace.work)
            #expect(result.status == 1)
            #expect(result.stderr.contains("'a/': a part of the path is a file, not a folder"), "\(result.stderr)")
        }
    }
}
