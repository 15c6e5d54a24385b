/// `Value` reads and writes JSON-shaped data through `Codable`, so state can come from a
/// JSON file (`JSONDecoder().decode(Value.self, from: data)`) or from any `Encodable` struct
/// (`try Value(encoding: settings)`).
extension Value: Codable {
    /// Decodes JSON-shaped data: `null`, a Boolean, a number, a string, an array or an
    /// object, tried in that order (a colour written as text stays a string).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([Value].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: Value].self))
        }
    }

    /// Encodes the value as JSON-shaped data; a colour becomes its ``Color/hexString``
    /// (`"#ff0000ff"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .bool(let bool): try container.encode(bool)
        case .string(let string): try container.encode(string)
        case .color(let color): try container.encode(color.hexString)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        case .null: try container.encodeNil()
        }
    }

    /// Converts any `Encodable` value — typically a state struct — into a ``Value``.
    ///
    /// ```swift
    /// struct Profile: Codable { var name: String; var unread: Int }
    /// let value = try Value(encoding: Profile(name: "Ada", unread: 3))
    /// // .object(["name": "Ada", "unread": 3])
    /// ```
    public init(encoding encodable: some Encodable) throws {
        let encoder = ValueEncoder()
        try ValueEncoder.encode(encodable, into: encoder.storage, at: [])
        self = encoder.storage.value
    }
}

/// A node of the value tree under construction. Nested containers keep a reference to
/// their box, so writes made through them after creation are not lost.
final class ValueBox {
    enum Content {
        case value(Value)
        case keyed([String: ValueBox])
        case unkeyed([ValueBox])
    }

    var content: Content = .value(.null)

    var value: Value {
        switch content {
        case .value(let value): value
        case .keyed(let members): .object(members.mapValues(\.value))
        case .unkeyed(let elements): .array(elements.map(\.value))
        }
    }

    // Both take the collection out of `content` before changing it, so it is uniquely
    // referenced and grows in place: copying it at each member made encoding quadratic.

    func child(forKey key: String) -> ValueBox {
        var members: [String: ValueBox] = [:]
        if case .keyed(let existing) = content { members = existing }
        content = .value(.null)
        let box = ValueBox()
        members[key] = box
        content = .keyed(members)
        return box
    }

    func appendChild() -> ValueBox {
        var elements: [ValueBox] = []
        if case .unkeyed(let existing) = content { elements = existing }
        content = .value(.null)
        let box = ValueBox()
        elements.append(box)
        content = .unkeyed(elements)
        return box
    }

    func makeKeyed() {
        if case .keyed = content { return }
        content = .keyed([:])
    }

    func makeUnkeyed() {
        if case .unkeyed = content { return }
        content = .unkeyed([])
    }
}

/// An `Encoder` that produces a ``Value`` tree directly, without going through JSON text.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let storage: ValueBox

    init(codingPath: [any CodingKey] = [], storage: ValueBox = ValueBox()) {
        self.codingPath = codingPath
        self.storage = storage
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        storage.makeKeyed()
        return KeyedEncodingContainer(KeyedValueContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.makeUnkeyed()
        return UnkeyedValueContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// Encodes `value` into `box`, using the fast path for the primitive types.
    static func encode(_ value: some Encodable, into box: ValueBox, at path: [any CodingKey]) throws {
        switch value {
        case let value as Value: box.content = .value(value)
        case let string as String: box.content = .value(.string(string))
        case let bool as Bool: box.content = .value(.bool(bool))
        case let number as Double: box.content = .value(.number(number))
        case let number as Int: box.content = .value(.number(Double(number)))
        // Every other number too: each encodes itself through `encode(_:)` of a single-value
        // container, whose generic witness would come back here forever.
        case let number as any BinaryInteger: box.content = .value(.number(Double(number)))
        case let number as any BinaryFloatingPoint: box.content = .value(.number(Double(number)))
        default:
            // A chain of nested objects deeper than any JSON the reader takes would overflow
            // the stack: refused, as the reader refuses it.
            guard path.count < JSONReader.maximumDepth else {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: path, debugDescription: "nested more than \(JSONReader.maximumDepth) levels deep"))
            }
            try value.encode(to: ValueEncoder(codingPath: path, storage: box))
        }
    }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.storage.child(forKey: key.stringValue).content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let box = encoder.storage.child(forKey: key.stringValue)
        try ValueEncoder.encode(value, into: box, at: codingPath + [key])
    }

    // A nil optional property still makes its key, holding `nil`: the default
    // `encodeIfPresent` leaves the key out, and a template reading it would find no such key.

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOrNil(value, forKey: key) }

    private mutating func encodeOrNil(_ value: (some Encodable)?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let box = encoder.storage.child(forKey: key.stringValue)
        return ValueEncoder(codingPath: codingPath + [key], storage: box).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let box = encoder.storage.child(forKey: key.stringValue)
        return ValueEncoder(codingPath: codingPath + [key], storage: box).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(codingPath: codingPath, storage: encoder.storage.child(forKey: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(codingPath: codingPath + [key], storage: encoder.storage.child(forKey: key.stringValue))
    }
}

private struct UnkeyedValueContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int {
        if case .unkeyed(let elements) = encoder.storage.content { elements.count } else { 0 }
    }

    mutating func encodeNil() throws { encoder.storage.appendChild().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try ValueEncoder.encode(value, into: encoder.storage.appendChild(), at: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(codingPath: codingPath, storage: encoder.storage.appendChild()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ValueEncoder(codingPath: codingPath, storage: encoder.storage.appendChild()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        ValueEncoder(codingPath: codingPath, storage: encoder.storage.appendChild())
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.storage.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try ValueEncoder.encode(value, into: encoder.storage, at: codingPath)
    }
}
