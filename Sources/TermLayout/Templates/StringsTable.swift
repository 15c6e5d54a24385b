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

    /// For `strings.Signup.Nme`, where `found` is the key `Signup` but `Nme` is no member of
    /// a string nor close to one and longer keys `Signup.…` exist: the nearest of those, as
    /// the key meant (Layout's README.md:884–893 reads the whole name as one key).
    func nearestDottedKey(spelledBy members: [String], after found: (key: String, count: Int)) -> String? {
        guard found.count < members.count, !Self.readsAsStringMember(members[found.count]) else { return nil }
        let prefix = found.key + "."
        return Suggestions.nearest(to: members.joined(separator: "."), among: entries.keys.lazy.filter { $0.hasPrefix(prefix) }).first
    }

    /// Whether `member` after a key is (or is close to) a member of a string, such as `count`.
    static func readsAsStringMember(_ member: String) -> Bool {
        let names = Operators.memberNames(of: .string)
        return names.contains(member) || Suggestions.didYouMean(member, among: names) != nil
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
            let (entries, problems) = parseStringsJSON(SourceText(path: json, text: TextDecoding.string(data, guessesUTF16: false)))
            table.entries.merge(entries) { _, new in new }
            diagnostics += problems
            table.files.append(json)
        }
        return (table, diagnostics)
    }

    /// The strings of a `Strings.json` object, and a diagnostic at each key whose value is
    /// not a string (the other keys are kept), or at the syntax error.
    static func parseStringsJSON(_ source: SourceText) -> ([String: String], [Diagnostic]) {
        let value: Value
        do throws(Diagnostic) {
            value = try JSONReader.read(source)
        } catch {
            return ([:], [ExcerptPolicy.forJSON(error, in: source.text)])
        }
        guard case .object(let members) = value else {
            return ([:], [Diagnostic(.error, "Strings.json must be a JSON object of strings, not \(value.type)",
                                     at: SourceLocation(path: source.path, line: 1, column: 1))])
        }
        var entries: [String: String] = [:], problems: [Diagnostic] = []
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            guard case .string(let text) = member else {
                let message = "the value of '\(key)' must be a string, not \(member.type)"
                if let range = keyRange(key, in: source) {
                    problems.append(Diagnostic(.error, message, in: source, at: range))
                } else {
                    problems.append(Diagnostic(.error, message, at: SourceLocation(path: source.path, line: 1, column: 1)))
                }
                continue
            }
            entries[key] = text
        }
        return (entries, problems)
    }

    /// Where `"key":` is written in `source` (a key spelt with escapes is not found).
    private static func keyRange(_ key: String, in source: SourceText) -> Range<Int>? {
        let needle = Array(("\"" + key + "\"").utf8), bytes = source.bytes
        guard needle.count <= bytes.count else { return nil }
        var start = 0
        while start + needle.count <= bytes.count {
            if bytes[start] == needle[0], bytes[start..<(start + needle.count)].elementsEqual(needle) {
                var after = start + needle.count
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return start..<(start + needle.count) }
            }
            start += 1
        }
        return nil
    }

    /// Parses Apple's `"key" = "value";` format, with `/* */` and `//` comments, unquoted
    /// keys and values, and its escapes (`\n`, `\U2026`, octal `\101`).
    public static func parseStringsFile(_ source: SourceText) throws(Diagnostic) -> [String: String] {
        var reader = StringsFileReader(source: source)
        return try reader.read()
    }

    /// The most digits a precision (`%.Nf`) may ask for.
    public static let maximumPrecision = 20

    /// The widest field a format may ask for (`%1000d`), in terminal columns.
    public static var maximumWidth: Int { PrintfFormat.maximumWidth }

    /// Formats `format` as printf does (see `PrintfFormat`): flags, width, precision,
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

        /// The format takes `expected` arguments and the call gave `given`.
        case wrongArgumentCount(expected: Int, given: Int)
        /// A numeric specifier (`%d`, `%f` …) got a value of another `type` as its argument at
        /// `position`, counting from 1.
        case notANumber(position: Int, type: ValueType)
        /// A `%` specifier the format does not know (`%q`); carries the specifier as written.
        case invalidSpecifier(String)
        /// `%.Nf` with N above ``StringsTable/maximumPrecision`` (`%.Ns` above
        /// ``StringsTable/maximumWidth``); carries the specifier.
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

    /// A key or value: quoted with `"` or `'` (CFOldStylePList.c's parseQuotedPlistString),
    /// or unquoted letters, digits and `_ $ / : . -` (its isValidUnquotedStringCharacter).
    mutating func readQuoted(what: String) throws(Diagnostic) -> String {
        guard offset < bytes.count else { throw error("expected \(what)") }
        if Self.isUnquotedCharacter(bytes[offset]) {
            let start = offset
            while offset < bytes.count, Self.isUnquotedCharacter(bytes[offset]) { offset += 1 }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
        let quote = bytes[offset]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw error("expected \(what)") }
        let start = offset
        offset += 1
        var output: [UInt8] = []
        var pendingHighSurrogate: UInt32?
        while offset < bytes.count, bytes[offset] != quote {
            guard bytes[offset] == UInt8(ascii: "\\"), offset + 1 < bytes.count else {
                if pendingHighSurrogate != nil { Self.append(0xFFFD, to: &output); pendingHighSurrogate = nil }
                output.append(bytes[offset])
                offset += 1
                continue
            }
            offset += 1
            let code = readEscape()
            // `\UD83D\UDE00`: a character beyond the first plane, as two UTF-16 escapes.
            if let high = pendingHighSurrogate {
                pendingHighSurrogate = nil
                if (0xDC00...0xDFFF).contains(code) {
                    Self.append(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00), to: &output)
                    continue
                }
                Self.append(0xFFFD, to: &output)
            }
            if (0xD800...0xDBFF).contains(code) { pendingHighSurrogate = code } else { Self.append(code, to: &output) }
        }
        if pendingHighSurrogate != nil { Self.append(0xFFFD, to: &output) }
        guard offset < bytes.count else { offset = start; throw error("unterminated string") }
        offset += 1
        return String(decoding: output, as: UTF8.self)
    }

    /// The character of the escape whose letter is at `offset` (moved past it), as
    /// CFOldStylePList.c's getSlashedChar reads it: `\n \t \r \a \b \f \v`, up to three
    /// octal digits (`\101` is `A`; above 127 read as Latin-1 here, where Apple reads
    /// NeXTSTEP's encoding), `\U` and up to four hex digits, else the character itself.
    private mutating func readEscape() -> UInt32 {
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "a"): return 0x07
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "v"): return 0x0B
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(letter - UInt8(ascii: "0"))
            for _ in 0..<2 {
                guard offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset]) else { break }
                value = value * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                offset += 1
            }
            return value & 0xFF
        case UInt8(ascii: "U"):
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard offset < bytes.count, let digit = Self.hexDigit(bytes[offset]) else { break }
                value = value * 16 + digit
                offset += 1
            }
            return value
        default:
            // A multi-byte character after the backslash is itself: copy its bytes.
            offset -= 1
            let end = min(bytes.count, offset + Self.utf8Length(startingWith: letter))
            let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first?.value ?? 0xFFFD
            offset = end
            return scalar
        }
    }

    private static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func utf8Length(startingWith byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// Appends `code` as UTF-8 (U+FFFD if it is no scalar, such as a lone surrogate or NUL).
    private static func append(_ code: UInt32, to output: inout [UInt8]) {
        let scalar = code == 0 ? nil : Unicode.Scalar(code)
        output.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
    }

    func error(_ message: String) -> Diagnostic {
        Diagnostic(.error, message, in: source, at: offset..<min(offset + 1, bytes.count))
    }
}
