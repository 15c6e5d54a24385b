import Foundation
import Testing

/// `scripts/install`: its options and its refusals, checked with `--dry-run` (which builds
/// and writes nothing), so the tests never build release binaries.
struct InstallScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/install").path

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `bash scripts/install ARGUMENTS` with `PATH` set to `path` (and the system's
    /// folders, for the commands the script uses).
    static func install(_ arguments: [String], path: String = "/usr/bin:/bin",
                        environment extra: [String: String] = [:], script: String = script) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh empty folder, removed by the caller.
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "termlayout-install-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func dryRunPrintsTheStaticBuildAndWritesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prefix = folder + "/bin"
        let result = try Self.install(["--dry-run", "--demos", "--prefix", prefix])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        for product in ["termlayout", "Gallery", "Todo", "Notes", "Boxes", "Dashboard"] {
            #expect(result.stdout.contains("+ swift build -c release --static-swift-stdlib "))
            #expect(result.stdout.contains("--product \(product)\n"))
            #expect(result.stdout.contains("+ install -m 755 -- "))
            #expect(result.stdout.contains("would install \(product) in \(prefix)/\(product)\n"))
        }
        #expect(result.stdout.contains("TermLayout_Gallery.resources"))
        #expect(result.stdout.contains("\(prefix) is not on PATH"))
        #expect(!FileManager.default.fileExists(atPath: prefix))
    }

    @Test func replacesAPreviousInstallAndSaysWhenThePrefixIsOnPath() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("\u{7F}ELF…Build terminal user interfaces from XML templates.…".utf8).write(to: URL(fileURLWithPath: folder + "/termlayout"))
        let result = try Self.install(["--dry-run", "--prefix=\(folder)"], path: "/usr/bin:\(folder)/:/bin")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("Gallery"))
        #expect(result.stdout.contains("would install termlayout in \(folder)/termlayout\n"))
        #expect(result.stdout.contains("\(folder) is on PATH: run termlayout --help\n"))
        // An older termlayout earlier on PATH (installed by hand) would shadow the new one.
        let older = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: older) }
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: older + "/termlayout"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: older + "/termlayout")
        let shadowed = try Self.install(["--dry-run", "--prefix", folder], path: "/usr/bin:\(older):\(folder):/bin")
        #expect(shadowed.status == 0)
        #expect(shadowed.stdout.contains("\(folder) is on PATH, but \(older)/termlayout comes first"))
    }

    @Test func refusesToReplaceWhatItDidNotInstall() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/termlayout"
        // A symlink to elsewhere, even to a termlayout.
        try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: "/bin/sh")
        var result = try Self.install(["--dry-run", "--prefix", folder])
        #expect(result.status == 1)
        #expect(result.stderr.contains("refusing to replace \(target): it is a symlink"))
        #expect(result.stdout == "")
        try FileManager.default.removeItem(atPath: target)
        // Another program's file.
        try Data("#!/bin/sh\necho mine\n".utf8).write(to: URL(fileURLWithPath: target))
        result = try Self.install(["--dry-run", "--prefix", folder])
        #expect(result.status == 1)
        #expect(result.stderr.contains("refusing to replace \(target): it is not a termlayout this script installed"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "#!/bin/sh\necho mine\n")
        try FileManager.default.removeItem(atPath: target)
        // A folder.
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        result = try Self.install(["--dry-run", "--prefix", folder])
        #expect(result.status == 1)
        #expect(result.stderr.contains("it is not a regular file"))
        // A demo's resource bundle that is a symlink.
        try FileManager.default.removeItem(atPath: target)
        try FileManager.default.createSymbolicLink(atPath: folder + "/TermLayout_Todo.resources", withDestinationPath: "/tmp")
        result = try Self.install(["--dry-run", "--demos", "--prefix", folder])
        #expect(result.status == 1)
        #expect(result.stderr.contains("TermLayout_Todo.resources: it is a symlink"))
        // A prefix that is a file.
        result = try Self.install(["--dry-run", "--prefix", "/bin/sh"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a folder"))
    }

    /// What a user made is never taken for an earlier install: a text file holding the tool's
    /// help sentence, and a folder named like a demo's resource bundle (with `Templates/` in it)
    /// that the script did not write its marker into.
    @Test func refusesLookAlikesOfAPreviousInstall() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "Build terminal user interfaces from XML templates.\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/termlayout"))
        var result = try Self.install(["--dry-run", "--prefix", folder])
        #expect(result.status == 1)
        #expect(result.stderr.contains("it is not a termlayout this script installed"))
        try FileManager.default.removeItem(atPath: folder + "/termlayout")
        let bundle = folder + "/TermLayout_Gallery.resources"
        try FileManager.default.createDirectory(atPath: bundle + "/Templates", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: bundle + "/important.txt"))
        result = try Self.install(["--dry-run", "--demos", "--prefix", folder])
        #expect(result.status == 1)
        #expect(result.stderr.contains("TermLayout_Gallery.resources: it is not a resource bundle this script installed"))
        #expect(result.stdout == "")
        // With the marker the script writes, it is its own and may be replaced.
        try Data("installed".utf8).write(to: URL(fileURLWithPath: bundle + "/.termlayout-install"))
        result = try Self.install(["--dry-run", "--demos", "--prefix", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: bundle + "/important.txt"))
    }

    /// A prefix that cannot be written is refused before the build, not after it; the
    /// commands printed are quoted as a shell reads them.
    @Test func aReadOnlyPrefixIsRefusedFirstAndCommandsAreQuoted() throws {
        let folder = try Self.folder()
        defer {
            chmod(folder, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let spaced = folder + "/my tools/bin"
        let quoted = try Self.install(["--dry-run", "--prefix", spaced])
        #expect(quoted.status == 0)
        #expect(quoted.stdout.contains("+ mkdir -p -- \(folder)/my\\ tools/bin\n"), "\(quoted.stdout)")
        guard getuid() != 0 else { return }  // root writes anywhere
        chmod(folder, 0o555)
        let refused = try Self.install(["--dry-run", "--prefix", spaced])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("cannot write to \(folder): choose another --prefix"))
        #expect(refused.stdout == "")
    }

    @Test func usageErrorsExit64AndHelpExitsZero() throws {
        let unknown = try Self.install(["--dry-run", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("install: unknown argument '--bogus'\nusage: scripts/install"))
        let missing = try Self.install(["--prefix"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("install: --prefix needs a folder\n"))
        let help = try Self.install(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: scripts/install [--prefix DIR] [--demos] [--pie] [--dry-run] [--scratch-path DIR]\n"))
    }

    /// A C compiler that answers `-print-file-name=NAME` as cc does: the archive's path in
    /// `folder` when a file of that name is there, the bare name otherwise.
    static func fakeCompiler(in folder: String, archives: [String]) throws -> String {
        for archive in archives {
            try Data().write(to: URL(fileURLWithPath: folder + "/" + archive))
        }
        let compiler = folder + "/fake-cc"
        let script = """
            #!/bin/sh
            name=${1#-print-file-name=}
            if [ -f "\(folder)/$name" ]; then echo "\(folder)/$name"; else echo "$name"; fi

            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: compiler))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler)
        return compiler
    }

    /// On Linux the build is a fully static executable when the static archives are there
    /// (`-ltinfo` only where ncurses has a separate libtinfo), the Swift standard library
    /// alone is static otherwise (with a note naming what is missing), and `--pie` asks for
    /// the position-independent build whatever is installed.
    @Test func linksFullyStaticWhenTheArchivesAreInstalled() throws {
        #if os(Linux)
        let plain = "+ swift build -c release --static-swift-stdlib --scratch-path "
        let everything = ["libncursesw.a", "libtinfo.a", "libc.a", "libstdc++.a", "libm.a"]
        for (archives, expected) in [
            (everything, "--static-swift-stdlib -Xswiftc -static-executable -Xswiftc -ltinfo --scratch-path "),
            (everything.filter { $0 != "libtinfo.a" }, "--static-swift-stdlib -Xswiftc -static-executable --scratch-path "),
        ] {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let compiler = try Self.fakeCompiler(in: folder, archives: archives)
            let result = try Self.install(["--dry-run", "--prefix", folder + "/bin"], environment: ["CC": compiler])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("+ swift build -c release " + expected), "\(result.stdout)")
            #expect(!result.stdout.contains("note:"))
            let pie = try Self.install(["--dry-run", "--pie", "--prefix", folder + "/bin"], environment: ["CC": compiler])
            #expect(pie.stdout.contains(plain), "\(pie.stdout)")
            #expect(!pie.stdout.contains("static-executable"))
            // Its own build folder, so it does not replace the static build (the benchmarks').
            #expect(pie.stdout.contains("/.build-install-pie --product termlayout"), "\(pie.stdout)")
        }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let compiler = try Self.fakeCompiler(in: folder, archives: ["libc.a", "libstdc++.a", "libm.a"])
        let result = try Self.install(["--dry-run", "--prefix", folder + "/bin"], environment: ["CC": compiler])
        #expect(result.status == 0)
        #expect(result.stdout.contains("note: libncursesw.a not found"), "\(result.stdout)")
        #expect(result.stdout.contains(plain))
        #expect(!result.stdout.contains("static-executable"))
        #endif
    }

    /// `CC` is split into words as make splits it (`ccache cc`, `gcc -m64`), and one that
    /// cannot run is named as such, not taken for missing archives.
    @Test func aCompilerWithArgumentsIsUsedAndOneThatCannotRunIsNamed() throws {
        #if os(Linux)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let everything = ["libncursesw.a", "libtinfo.a", "libc.a", "libstdc++.a", "libm.a"]
        let compiler = try Self.fakeCompiler(in: folder, archives: everything)
        // The fake compiler reads its first argument; a wrapper passes the rest on, as ccache does.
        let wrapper = folder + "/wrapper"
        try Data("#!/bin/sh\n[ \"$1\" = --quiet ] || exit 9\nshift\nexec \"$@\"\n".utf8).write(to: URL(fileURLWithPath: wrapper))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
        let wrapped = try Self.install(["--dry-run", "--prefix", folder + "/bin"],
                                       environment: ["CC": "\(wrapper) --quiet \(compiler)"])
        #expect(wrapped.status == 0, "\(wrapped.stderr)")
        #expect(wrapped.stdout.contains("-Xswiftc -static-executable -Xswiftc -ltinfo"), "\(wrapped.stdout)")
        for unusable in ["/bin/false", folder + "/no-such-compiler"] {
            let result = try Self.install(["--dry-run", "--prefix", folder + "/bin"], environment: ["CC": unusable])
            #expect(result.status == 0)
            #expect(result.stdout.contains("note: could not run the C compiler '\(unusable)'"), "\(result.stdout)")
            #expect(!result.stdout.contains("not found"))
            #expect(!result.stdout.contains("static-executable"))
            // Position-independent, so in its own folder: the static build stays.
            #expect(result.stdout.contains("/.build-install-pie --product termlayout"), "\(result.stdout)")
        }
        #endif
    }

    /// The script is read whole before it runs: a checkout changed under a running install
    /// (here the script itself cut in half while the C compiler is asked about archives, as a
    /// `git pull` during the build would) does not make it run half of the new text.
    @Test func aScriptChangedWhileItRunsFinishesAsItStarted() throws {
        #if os(Linux)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/checkout/scripts", withIntermediateDirectories: true)
        let scripts = URL(fileURLWithPath: Self.script).deletingLastPathComponent().path
        for name in ["install", "static-link-flags"] {
            try FileManager.default.copyItem(atPath: scripts + "/" + name, toPath: folder + "/checkout/scripts/" + name)
        }
        let copy = folder + "/checkout/scripts/install"
        let size = try Data(contentsOf: URL(fileURLWithPath: copy)).count
        let compiler = folder + "/cutting-cc"
        try Data("#!/bin/sh\ntruncate -s \(size / 2) '\(copy)'\necho \"${1#-print-file-name=}\"\n".utf8)
            .write(to: URL(fileURLWithPath: compiler))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler)
        let result = try Self.install(["--dry-run", "--prefix", folder + "/bin"],
                                      environment: ["HOME": folder, "CC": compiler], script: copy)
        let stdout = result.stdout
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)).count == size / 2)  // it was cut
        #expect(result.status == 0, "\(result.stderr)")
        #expect(stdout.contains("would install termlayout in \(folder)/bin/termlayout\n"), "\(stdout)")
        #expect(stdout.contains("is not on PATH"))
        #endif
    }
}
