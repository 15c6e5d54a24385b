import CFuzzerDriver
import Foundation
import FuzzSupport
import TermLayout

/// The executable's entry point (SwiftPM links `main` to `<module>_main`): libFuzzer's driver.
@_cdecl("FuzzTemplateLoader_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    termlayout_fuzz_main(argc, argv) { data, size in fuzzTemplateLoader(data, size) }
}

/// libFuzzer entry point: the input is a little folder of files, written to a private temporary
/// folder and loaded from its `Main.xml`. The text up to the first line `==== Name` is
/// `Main.xml`; each such line starts another file (`Card.xml`, `Styles.json`,
/// `Localizable.strings`…), so includes, classes, styles and strings are fuzzed together. A
/// name may have folders (`==== parts/Card.xml`), and includes may name any path
/// (`xml="../Main.xml"`, `xml="parts/../Card.xml"`, `/etc/passwd`): the loader's template root
/// keeps them in the folder, and every file the load consulted is checked to lie inside it.
/// Loading returns a template or diagnostics that point inside their files — never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplateLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let files = FuzzFolder.files(in: fuzzText(data, size))
    guard FuzzFolder.staysInside(files) else { return -1 }  // -1: libFuzzer keeps it out of the corpus
    FuzzFolder.shared.write(files)
    defer { FuzzFolder.shared.clear(files) }
    let result = TemplateLoader().load(file: FuzzFolder.shared.path("Main.xml"))
    if result.template == nil, result.errors.isEmpty {
        fuzzFailure("no template and no error")
    }
    for diagnostic in result.diagnostics {
        let name = diagnostic.location.map { FuzzFolder.shared.relativeName(of: $0.path) }
        checkDiagnostic(diagnostic, byteCount: name.flatMap { files[$0]?.utf8.count })
    }
    for file in result.files where !FuzzFolder.shared.contains(file) {
        fuzzFailure("the load consulted '\(file)', outside its folder \(FuzzFolder.shared.directory)")
    }
    return 0
}

/// The temporary folder the files of one input are written to, removed at exit.
final class FuzzFolder: @unchecked Sendable {  // used from libFuzzer's one thread only
    static let shared = FuzzFolder()

    let directory: String

    private init() {
        var temporary = NSTemporaryDirectory()  // often ends with '/': not doubled
        while temporary.count > 1, temporary.hasSuffix("/") { temporary.removeLast() }
        var template = Array((temporary + "/termlayout-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fuzzFailure("cannot make a temporary folder") }
        directory = String(cString: made)
        atexit { try? FileManager.default.removeItem(atPath: FuzzFolder.shared.directory) }
    }

    /// The folder itself, symlinks resolved (`/tmp` may be a link), for comparing paths.
    private lazy var canonicalDirectory = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path

    func path(_ name: String) -> String { directory + "/" + name }

    /// Whether `file` (as the loader gives it: `..` and symlinks not yet resolved) lies in the
    /// folder or is the folder itself (`xml="."` is looked for, and reported as a folder).
    func contains(_ file: String) -> Bool {
        let resolved = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        return resolved == canonicalDirectory || resolved.hasPrefix(canonicalDirectory + "/")
    }

    /// `file`'s name relative to the folder (`parts/Card.xml`), for finding its text.
    func relativeName(of file: String) -> String {
        let resolved = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        for prefix in [directory + "/", canonicalDirectory + "/"] where resolved.hasPrefix(prefix) {
            return String(resolved.dropFirst(prefix.count))
        }
        return file
    }

    /// The folders inside `directory` that the files' names need, outermost first.
    private static func folders(of files: [String: String]) -> [String] {
        var folders = Set<String>()
        for name in files.keys {
            var parts = name.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        return folders.sorted { $0.count < $1.count }
    }

    func write(_ files: [String: String]) {
        for folder in Self.folders(of: files) { mkdir(path(folder), 0o700) }
        // Plain POSIX writes: `FileManager.createFile` writes atomically with an fsync, which
        // made file writing most of the time per input.
        for (name, text) in files {
            let descriptor = open(path(name), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard descriptor >= 0 else { fuzzFailure("cannot write \(path(name))") }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { fuzzFailure("cannot write \(path(name))") }
                bytes = bytes.dropFirst(written)
            }
            close(descriptor)
        }
    }

    func clear(_ files: [String: String]) {
        for name in files.keys { unlink(path(name)) }
        for folder in Self.folders(of: files).reversed() { rmdir(path(folder)) }
    }

    /// Splits an input into named files: `Main.xml`, then one per `==== Name` line.
    static func files(in text: String) -> [String: String] {
        var files: [String: String] = [:]
        var name = "Main.xml", lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("==== ") {
                files[name] = lines.joined(separator: "\n")
                name = String(line.dropFirst(5)).trimmingCharacters(in: .whitespaces)
                lines = []
            } else {
                lines.append(line)
            }
        }
        files[name] = lines.joined(separator: "\n")
        return files
    }

    /// At most this many `xml=`/`template=`/`row=` attributes in all files together: enough
    /// for wide diamonds (the load's budget bounds what they expand to), few enough that one
    /// input stays fast.
    static let maximumIncludes = 1_000

    /// Whether every file name stays in the folder — plain names, optionally in folders, at
    /// most four deep, no `..`, `.` or empty part, not absolute — and the includes are not too
    /// many. Includes may name any path: confining them is the loader's job, checked after.
    static func staysInside(_ files: [String: String]) -> Bool {
        var includes = 0
        for (name, text) in files {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard !name.isEmpty, name.count <= 60, parts.count <= 4,
                  parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
                  name.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\0" }) else { return false }
            // A folder cannot also be a file.
            if files.keys.contains(where: { $0.hasPrefix(name + "/") }) { return false }
            // Any file may be included, whatever its name, so every file that reads as XML counts.
            guard let document = try? MarkupReader.read(SourceText(path: name, text: text)) else { continue }
            var elements = [document.root]
            while let element = elements.popLast() {
                for attribute in element.attributes where ["xml", "template", "row"].contains(attribute.name) {
                    includes += 1
                    if includes > maximumIncludes { return false }
                }
                elements += element.elements
            }
        }
        return true
    }
}
