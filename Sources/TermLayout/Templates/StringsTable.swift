import Foundation

/// Localized strings, read from `Localizable.strings` and/or `Strings.json` beside the
/// templates, and read in expressions as `strings.Key` or `strings.Key(arg, …)`.
public struct StringsTable: Sendable {
    /// Strings by key.
    public var entries: [String: String]
    /// The files the entries came from.
    public var files: [String]

    /// An empty table.
    public init(entries: [String: String] = [:], files: [String] = []) {
        self.entries = entries
        self.files = files
    }

    /// The longest key that the first of `members` spell joined with dots, and how many
    /// members it takes: `["Signup", "NameLabel"]` is the key `Signup.NameLabel` if there is
    /// one (as in Layout, the whole name after `strings.` is the key), else `Signup`.
    public func key(spelledBy members: [String]) -> (key: String, count: Int)? {
        guard !members.isEmpty else { return nil }
        if members.count == 1 { return entries[members[0]] != nil ? (members[0], 1) : nil }
        for count in stride(from: members.count, through: 1, by: -1) {
            let key = members.prefix(count).joined(separator: ".")
            if entries[key] != nil { return (key, count) }
        }
        return nil
    }

    /// Reads the strings files in `directory`, if any. Syntax errors are diagnostics.
    public static func load(directory: String) -> (StringsTable, [Diagnostic]) {
        load(directory: directory) { path in
            if case .contents(let data) = TemplateFileAccess.read(TemplateFileAccess.canonical(path)) { data } else { nil }
        }
    }

    /// Reads the strings files in `directory` through `read` (`nil`: no such file), which
    /// decides which files may be read.
    static func load(directory: String, read: (String) -> Data?) -> (StringsTable, [Diagnostic]) {
        var table = StringsTable()
        var diagnostics: [Diagnostic] = []
        let strings = PathName.joining(directory, "Localizable.strings")
        // Apple's classic encoding for .strings is UTF-16, with or without a byte-order mark.
        if let text = read(strings).map({ TextDecoding.string($0, guessesUTF16: true) }) {
            do {
                table.entries.merge(try parseStringsFile(SourceText(path: strings, text: text))) { _, new in new }
            } catch {
                diagnostics.append(error)
            }
            table.files.append(strings)
        }
        let json = PathName.joining(directory, "Strings.json")
        if let data = read(json) {
            if let object = try? JSONDecoder().decode([String: String].self, from: TextDecoding.utf8Data(data)) {
                table.entries.merge(object) { _, new in new }
            } else {
                diagnostics.append(Diagnostic(.error, "Strings.json must be a JSON object of strings",
                                              at: SourceLocation(path: json, line: 1, column: 1)))
            }
            table.files.append(json)
        }
        return (table, diagnostics)
    }

    /// Parses the `"key" = "value";` format, with `/* */` and `//` comments.
    public static func parseStringsFile(_ source: SourceText) throws(Diagnostic) -> [String: String] {
        var reader = StringsFileReader(source: source)
        return try reader.read()
    }

    /// The most digits a precision (`%.Nf`) may ask for.
    public static let maximumPrecision = 20

    /// The widest field a format may ask for (`%1000d`), in terminal columns.
    public static var maximumWidth: Int { PrintfFormat.maximumWidth }

    /// Formats `format` as printf does (see ``PrintfFormat``): flags, width, precision,
    /// positional arguments and `%@ %s %c %d %i %u %x %X %o %f %e %E %g %G %%`, checking the
    /// argument count and that numeric conversions get numbers.
    public static func format(_ format: String, _ arguments: [Value]) -> Result<String, FormatError> {
        PrintfFormat.format(format, arguments)
    }

    /// Why a format could not be applied.
    public enum FormatError: Error, Sendable, Equatable {
        /// The kind of expression error it is where a string is called.
        var kind: ExpressionError.Kind {
            switch self {
            case .wrongArgumentCount: .wrongArgumentCount
            case .notANumber: .typeMismatch
            case .invalidSpecifier, .precisionTooLarge, .widthTooLarge: .formatFailed
            }
        }

        case wrongArgumentCount(expected: Int, given: Int)
        case notANumber(position: Int, type: ValueType)
        case invalidSpecifier(String)
        /// `%.Nf` with N above ``StringsTable/maximumPrecision``; carries the specifier.
        case precisionTooLarge(String)
        /// `%Nd` with N above ``StringsTable/maximumWidth``; carries the specifier.
        case widthTooLarge(String)
    }
}

/// Reads the `Localizable.strings` format.
private struct StringsFileReader {
    let source: SourceText
    var offset = 0
    var bytes: [UInt8] { source.bytes }

    mutating func read() throws(Diagnostic) -> [String: String] {
        var entries: [String: String] = [:]
        while true {
            try skipSpaceAndComments()
            guard offset < bytes.count else { return entries }
            let key = try readQuoted(what: "a quoted key")
            try skipSpaceAndComments()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else { throw error("expected '=' after the key") }
            offset += 1
            try skipSpaceAndComments()
            let value = try readQuoted(what: "a quoted value")
            try skipSpaceAndComments()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else { throw error("expected ';' after the value") }
            offset += 1
            entries[key] = value
        }
    }

    mutating func skipSpaceAndComments() throws(Diagnostic) {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                let start = offset
                offset += 2
                while offset + 1 < bytes.count, !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/")) { offset += 1 }
                guard offset + 1 < bytes.count else { offset = start; throw error("unterminated comment") }
                offset += 2
            } else {
                return
            }
        }
    }

    mutating func readQuoted(what: String) throws(Diagnostic) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected \(what)") }
        let start = offset
        offset += 1
        var output: [UInt8] = []
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
            if bytes[offset] == UInt8(ascii: "\\"), offset + 1 < bytes.count {
                offset += 1
                switch bytes[offset] {
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "t"): output.append(0x09)
                default: output.append(bytes[offset])
                }
            } else {
                output.append(bytes[offset])
            }
            offset += 1
        }
        guard offset < bytes.count else { offset = start; throw error("unterminated string") }
        offset += 1
        return String(decoding: output, as: UTF8.self)
    }

    func error(_ message: String) -> Diagnostic {
        Diagnostic(.error, message, in: source, at: offset..<min(offset + 1, bytes.count))
    }
}
