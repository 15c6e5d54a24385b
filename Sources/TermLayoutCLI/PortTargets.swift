import Foundation
import TermLayout

/// Where `termlayout port --out DIR` writes each file, and the check that none of them is
/// one of the files it reads: `--out .` beside the inputs, or any spelling (a symlink, a
/// hard link, `x/..`) of an input's own folder, would overwrite the input.
struct PortTargets {
    /// The Layout templates read.
    let inputs: [String]
    /// The folder written to.
    let out: String

    /// `DIR/NAME.xml` for the input `NAME.xml`.
    static func template(for input: String, in out: String) -> String {
        PathName.joining(out, PathName.name(of: input))
    }

    /// `NAME.state.json` beside a ported `NAME.xml`.
    static func sampleState(for target: String) -> String {
        PathName.replacingExtension(of: target, with: "state.json")
    }

    /// `DIR/Localizable.strings`.
    static func strings(in out: String) -> String {
        PathName.joining(out, "Localizable.strings")
    }

    /// The strings files that may go with the inputs, in the order tried: per folder (sorted),
    /// the first name ending in `Localizable.strings`.
    static func stringsFiles(beside inputs: [String]) -> [String] {
        Set(inputs.map(PathName.folder(of:))).sorted().compactMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.sorted().first { $0.hasSuffix("Localizable.strings") }.map { PathName.joining(folder, $0) }
        }
    }

    /// The first file port would write that is the same file as one it reads, or that is a
    /// symlink leading out of the output folder, as an error message and a suggestion;
    /// `nil` if there is none.
    var clash: (message: String, suggestion: String)? {
        var read: [FileIdentity: String] = [:]
        for input in inputs + Self.stringsFiles(beside: inputs) {
            if let identity = FileIdentity(input), read[identity] == nil { read[identity] = input }
        }
        var written: [String] = [Self.strings(in: out)]
        var source: [String: String] = [:]
        for input in inputs {
            let target = Self.template(for: input, in: out)
            // Every port lands in one folder, by file name: two inputs of one name would leave
            // only the last, and check it for both.
            if let first = source[target] {
                return ("'\(first)' and '\(input)' would both be written to '\(target)'; nothing was written",
                        "port them into separate --out folders, or rename one of them")
            }
            source[target] = input
            written += [target, Self.sampleState(for: target)]
        }
        for target in written {
            guard let identity = FileIdentity(target), let input = read[identity] else { continue }
            return ("--out '\(out)' would overwrite the input '\(input)'; nothing was written",
                    "choose another folder for --out, such as a new one ('--out Ported')")
        }
        // A symlink planted in the output folder must not carry a write outside it.
        let folder = CanonicalPath.of(out)
        for target in written where FileReader.isSymbolicLink(target) && !CanonicalPath.contains(folder, CanonicalPath.of(target)) {
            return ("'\(target)' is a symbolic link out of the --out folder '\(out)'; nothing was written",
                    "remove the link, or choose another folder for --out")
        }
        return nil
    }
}
