extension Value {
    /// Decodes this value as any `Decodable` type — the mirror of ``init(encoding:)``, so a
    /// state struct goes to a ``Value`` and back without JSON text in between.
    ///
    /// ```swift
    /// struct Counter: Codable { var count: Int; var note: String? }
    /// let value: Value = ["count": 3, "note": nil]
    /// let counter = try value.decode(as: Counter.self)  // Counter(count: 3, note: nil)
    /// ```
    ///
    /// Numbers decode as integers only when exact and in range (`3` as `Int` is 3, `3.5` or
    /// `1e30` is an error, never a trap); a `nil` or missing key decodes as `nil` for an
    /// optional; a ``Value`` member gets its value unchanged. A failure is a ``Diagnostic``
    /// naming the key path: `state key 'items[2].title': expected a string, found a number`,
    /// or `state key 'count' is missing; did you mean 'cuont'?`. Arrays and objects nest at
    /// most ``JSONReader/maximumDepth`` deep.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws(Diagnostic) -> T {
        if T.self == Value.self, let value = self as? T { return value }
        let decoder = ValueDecoder(value: self)
        do {
            return try decoder.decode(T.self)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw ValueDecoder.diagnostic(for: error, type: T.self, value: self, at: nil)
        }
    }
}

/// One step of a key path: a member of an object, or an element of an array.
enum ValuePathComponent {
    case key(String)
    case index(Int)
}

/// The path from the root value to the one being decoded, as a linked list so that a child
/// shares its parent's path and pays for a full copy only when an error names it.
final class ValuePath {
    let parent: ValuePath?
    let component: ValuePathComponent
    let depth: Int

    init(parent: ValuePath?, component: ValuePathComponent) {
        self.parent = parent
        self.component = component
        self.depth = (parent?.depth ?? 0) + 1
    }

    /// The components from the root down.
    static func components(of path: ValuePath?) -> [ValuePathComponent] {
        var components: [ValuePathComponent] = []
        var node = path
        while let current = node {
            components.append(current.component)
            node = current.parent
        }
        return components.reversed()
    }

    /// `items[2].title`, as messages name state keys; a key that is not a plain name is
    /// quoted (`tags["a b"]`) and sanitised.
    static func text(of components: [ValuePathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                let safe = TextSanitizer.sanitize(key)
                if isPlainName(key) {
                    text += text.isEmpty ? safe : "." + safe
                } else {
                    text += "[\"\(safe)\"]"
                }
            }
        }
        return text
    }

    private static func isPlainName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// The path as `CodingKey`s, for `Decoder.codingPath`.
    static func codingPath(of path: ValuePath?) -> [any CodingKey] {
        components(of: path).map { component in
            switch component {
            case .key(let key): ValueCodingKey(stringValue: key)
            case .index(let index): ValueCodingKey(intValue: index)
            }
        }
    }
}

/// The coding key ``ValueDecoder`` reports in `codingPath`, for members and elements alike.
struct ValueCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// A `Decoder` that reads a ``Value`` tree directly. Use it through ``Value/decode(as:)``.
final class ValueDecoder: Decoder {
    let value: Value
    let path: ValuePath?
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var codingPath: [any CodingKey] { ValuePath.codingPath(of: path) }

    init(value: Value, path: ValuePath? = nil) {
        self.value = value
        self.path = path
    }

    /// A decoder for the child at `component`, refused past the nesting limit.
    func child(_ value: Value, at component: ValuePathComponent) throws -> ValueDecoder {
        let childPath = ValuePath(parent: path, component: component)
        guard childPath.depth <= JSONReader.maximumDepth else {
            throw Self.failure("nests more than \(JSONReader.maximumDepth) levels deep", at: childPath)
        }
        return ValueDecoder(value: value, path: childPath)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch(expected: "an object") }
        return KeyedDecodingContainer(KeyedValueDecodingContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch(expected: "an array") }
        return UnkeyedValueDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueReadingContainer(decoder: self)
    }

    /// Decodes this decoder's value as `T`, taking the direct path for ``Value`` and the
    /// primitive types.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if Self.hasDirectPath(T.self) { return try decodeDirectly(T.self) }
        do {
            return try T(from: self)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Self.diagnostic(for: error, type: T.self, value: value, at: path)
        }
    }

    // MARK: Primitives

    // The direct paths are kept out of line and behind a check of the type: generic code
    // that so much as holds a `T?` looks up `T`'s metadata at run time, which made every
    // struct decoded pay for the primitives' shortcut.

    /// Whether `type` is one that ``decodeDirectly(_:)`` and ``primitive(_:as:)`` read
    /// without going through `init(from:)`.
    static func hasDirectPath(_ type: Any.Type) -> Bool {
        type == Value.self || type == String.self || type == Int.self || type == Double.self || type == Bool.self
    }

    @inline(never)
    private func decodeDirectly<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded: Any = switch type {
        case is String.Type: try decodeString()
        case is Int.Type: try decodeInteger(Int.self)
        case is Double.Type: try decodeDouble()
        case is Bool.Type: try decodeBool()
        default: value
        }
        if let decoded = decoded as? T { return decoded }
        return try T(from: self)
    }

    /// `value` as `T` when `T` is one of the common primitive types and `value` holds one
    /// exactly; `nil` otherwise, leaving the full path (and its errors) to the caller. Call it
    /// only when ``hasDirectPath(_:)``.
    @inline(never)
    static func primitive<T>(_ value: Value, as type: T.Type) -> T? {
        switch value {
        case .string(let string) where T.self == String.self: string as? T
        case .number(let number) where T.self == Int.self: (Int(exactly: number) ?? (number == Double(Int.max) ? Int.max : nil)) as? T
        case .number(let number) where T.self == Double.self: number as? T
        case .bool(let bool) where T.self == Bool.self: bool as? T
        default: nil
        }
    }

    func decodeString() throws -> String {
        switch value {
        case .string(let string): return string
        case .color(let color): return color.hexString
        default: throw mismatch(expected: "a string")
        }
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(expected: "a bool") }
        return bool
    }

    func decodeDouble() throws -> Double {
        guard case .number(let number) = value else { throw mismatch(expected: "a number") }
        return number
    }

    func decodeFloat() throws -> Float {
        let number = try decodeDouble()
        guard !number.isFinite || abs(number) <= Double(Float.greatestFiniteMagnitude) else {
            throw Self.failure("\(Value.format(number)) is out of range for Float", at: path)
        }
        return Float(number)
    }

    /// An exact integer of type `T`: `3` is 3; `3.5`, `nan`, `1e30` as `Int` or `-1` as
    /// `UInt8` are errors.
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let number = try decodeDouble()
        if let integer = T(exactly: number) { return integer }
        // `T.max` of a 64-bit type has no Double of its own: it encodes as 2^63 (or 2^64),
        // which must come back as `T.max`, not as an error on the next unrelated change.
        if number == Double(T.max) { return T.max }
        guard number.isFinite, number.rounded(.towardZero) == number else {
            throw Self.failure("expected an integer, found \(Value.format(number))", at: path)
        }
        throw Self.failure("\(Value.format(number)) is out of range for \(T.self)", at: path)
    }

    // MARK: Errors

    /// `state key 'path': message`, or `state: message` at the root.
    static func failure(_ message: String, at path: ValuePath?, suggestion: String? = nil) -> Diagnostic {
        Diagnostic(.error, "\(subject(at: path)): \(message)", suggestion: suggestion)
    }

    /// `state key 'path' is missing`, suggesting a near miss among `keys`.
    static func missing(at path: ValuePath, among keys: some Sequence<String>) -> Diagnostic {
        let key = if case .key(let key) = path.component { key } else { "" }
        return Diagnostic(.error, "\(subject(at: path)) is missing", suggestion: Suggestions.didYouMean(key, among: keys))
    }

    private static func subject(at path: ValuePath?) -> String {
        let components = ValuePath.components(of: path)
        return components.isEmpty ? "state" : "state key '\(ValuePath.text(of: components))'"
    }

    /// `expected a string, found a number`.
    func mismatch(expected: String) -> Diagnostic {
        Self.failure("expected \(expected), found \(value.type.withArticle)", at: path)
    }

    /// A diagnostic for an error thrown by a type's own `init(from:)`, such as an enum
    /// given a raw value it does not have (`state key 'theme': 'drak' is not a Theme; did
    /// you mean 'dark'?`).
    static func diagnostic(for error: any Error, type: Any.Type, value: Value, at path: ValuePath?) -> Diagnostic {
        if let diagnostic = error as? Diagnostic { return diagnostic }
        if case .string(let string) = value, let caseType = type as? any (CaseIterable & RawRepresentable).Type,
           let names = caseNames(of: caseType), !names.contains(string) {
            let shown = TextSanitizer.sanitize(string.count > 40 ? String(string.prefix(40)) + "…" : string)
            let suggestion = Suggestions.didYouMean(string, among: names)
                ?? (names.count <= 8 ? "expected one of " + names.map { "'\($0)'" }.joined(separator: ", ") : nil)
            return failure("'\(shown)' is not a \(type)", at: path, suggestion: suggestion)
        }
        if let decodingError = error as? DecodingError {
            switch decodingError {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
                 .keyNotFound(_, let context):
                return failure(TextSanitizer.sanitize(context.debugDescription), at: path)
            @unknown default:
                break
            }
        }
        return failure(TextSanitizer.sanitize(String(describing: error)), at: path)
    }

    /// The raw values of an enum whose raw values are strings.
    private static func caseNames<E: CaseIterable & RawRepresentable>(of type: E.Type) -> [String]? {
        let names = type.allCases.compactMap { $0.rawValue as? String }
        return names.isEmpty ? nil : names
    }
}
