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
/// `Localizable.strings`…), so includes, classes, styles and strings are fuzzed together.
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
        let name = diagnostic.location.map { ($0.path as NSString).lastPathComponent }
        checkDiagnostic(diagnostic, byteCount: name.flatMap { files[$0]?.utf8.count })
    }
    return 0
}

/// The temporary folder the files of one input are written to, removed at exit.
final class FuzzFolder: @unchecked Sendable {  // used from libFuzzer's one thread only
    static let shared = FuzzFolder()

    let directory: String

    private init() {
        var template = Array((NSTemporaryDirectory() + "/termlayout-fuzz-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fuzzFailure("cannot make a temporary folder") }
        directory = String(cString: made)
        atexit { try? FileManager.default.removeItem(atPath: FuzzFolder.shared.directory) }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func write(_ files: [String: String]) {
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

    /// At most this many `xml=`/`template=`/`row=` attributes in all files together, so that
    /// include diamonds stay small (their limit is issue 10 item 6, not this harness's job).
    static let maximumIncludes = 16

    /// Whether every file name is a plain name, and every include names a file in the folder:
    /// no `/`, so a mutated input never reads `/dev/zero` or `/etc` (issue 10 item 4 confines
    /// includes to the template root; until then the harness does).
    static func staysInside(_ files: [String: String]) -> Bool {
        var includes = 0
        for (name, text) in files {
            guard !name.isEmpty, name.count <= 40, !name.hasPrefix("."), !name.contains("/"),
                  name.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\0" }) else { return false }
            // Any file may be included, whatever its name, so every file that reads as XML counts.
            guard let document = try? MarkupReader.read(SourceText(path: name, text: text)) else { continue }
            var elements = [document.root]
            while let element = elements.popLast() {
                for attribute in element.attributes where ["xml", "template", "row"].contains(attribute.name) {
                    includes += 1
                    if attribute.value.value.contains("/") || includes > maximumIncludes { return false }
                }
                elements += element.elements
            }
        }
        return true
    }
}
