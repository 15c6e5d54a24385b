import SystemPackage

/// The top-level keys of a template's sample state (`NAME.state.json` beside `NAME.xml`),
/// each with its exact place in the file, so `termlayout rename` renames a state key there
/// too and changes nothing else in the file: its spacing, order and other keys stay.
public struct SampleStateKeys: Sendable {
    /// The JSON file.
    public var source: SourceText
    /// Each top-level key, decoded, with the byte range of its quoted spelling.
    public var keys: [(name: String, range: Range<Int>)]

    /// The sample state file that belongs to the template at `templatePath`:
    /// `Main.xml` → `Main.state.json`.
    public static func path(forTemplate templatePath: String) -> String {
        var path = FilePath(templatePath)
        path.extension = nil
        return path.string + ".state.json"
    }

    /// Reads `source`, which must be a JSON object (a diagnostic at the problem otherwise).
    public init(_ source: SourceText) throws(Diagnostic) {
        self.source = source
        guard case .object = try JSONReader.read(source) else {
            throw Diagnostic(.error, "the sample state must be a JSON object", in: source, at: 0..<min(1, source.bytes.count))
        }
        keys = []
        // Valid JSON from here on: only the structure needs following.
        let bytes = source.bytes
        var offset = 0, depth = 0, expectsKey = false
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                let start = offset
                offset = Self.endOfString(bytes, from: offset)
                if depth == 1 && expectsKey {
                    let spelled = SourceText(path: source.path, text: String(decoding: bytes[start..<offset], as: UTF8.self))
                    if case .string(let name)? = try? JSONReader.read(spelled) { keys.append((name, start..<offset)) }
                    expectsKey = false
                }
                continue
            case UInt8(ascii: "{"):
                depth += 1
                expectsKey = depth == 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): expectsKey = depth == 1
            default: break
            }
            offset += 1
        }
    }

    /// The range of `name`'s key, if the object has it.
    public func range(of name: String) -> Range<Int>? {
        keys.first { $0.name == name }?.range
    }

    /// The edit renaming key `old` to `new` (a plain name, written without escapes), or `nil`
    /// when there is no key `old`.
    public func renaming(_ old: String, to new: String) -> TextEdit? {
        range(of: old).map { TextEdit(range: $0, replacement: "\"" + new + "\"") }
    }

    /// The offset just after the string starting at `start` (its closing quote).
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start + 1
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\\"): offset += 2
            case UInt8(ascii: "\""): return offset + 1
            default: offset += 1
            }
        }
        return bytes.count
    }
}
