/// The containers of ``ValueDecoder``: an object's members, an array's elements, and a
/// single value. Each reads the ``Value`` tree in place; a failure names the key path.

struct KeyedValueDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let members: [String: Value]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    /// The member at `key`, or a `state key '…' is missing` diagnostic with a near miss.
    private func member(_ key: Key) throws -> Value {
        if let value = members[key.stringValue] { return value }
        throw ValueDecoder.missing(at: ValuePath(parent: decoder.path, component: .key(key.stringValue)), among: members.keys)
    }

    private func child(_ key: Key) throws -> ValueDecoder {
        try decoder.child(member(key), at: .key(key.stringValue))
    }

    /// A decoder for a primitive member: no nesting, so no depth check.
    private func leaf(_ key: Key) throws -> ValueDecoder {
        ValueDecoder(value: try member(key), path: ValuePath(parent: decoder.path, component: .key(key.stringValue)))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNil }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        if case .bool(let bool) = members[key.stringValue] { return bool }
        return try leaf(key).decodeBool()
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        if case .string(let string) = members[key.stringValue] { return string }
        return try leaf(key).decodeString()
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        if case .number(let number) = members[key.stringValue] { return number }
        return try leaf(key).decodeDouble()
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try leaf(key).decodeFloat() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        if case .number(let number) = members[key.stringValue], let integer = Int(exactly: number) { return integer }
        return try leaf(key).decodeInteger(type)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(forKey: key) }

    private func integer<T: FixedWidthInteger>(forKey key: Key) throws -> T {
        if case .number(let number) = members[key.stringValue], let integer = T(exactly: number) { return integer }
        return try leaf(key).decodeInteger(T.self)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try child(key).decode(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], !value.isNil else { return nil }
        if ValueDecoder.hasDirectPath(T.self) { return try presentPrimitive(value, as: type, forKey: key) }
        return try decoder.child(value, at: .key(key.stringValue)).decode(type)
    }

    @inline(never)
    private func presentPrimitive<T: Decodable>(_ value: Value, as type: T.Type, forKey key: Key) throws -> T {
        if let primitive = ValueDecoder.primitive(value, as: type) { return primitive }
        return try decoder.child(value, at: .key(key.stringValue)).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    /// The member `super`, or `nil` when there is none, as `JSONDecoder` does.
    func superDecoder() throws -> any Decoder {
        try decoder.child(members["super"] ?? .null, at: .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder.child(members[key.stringValue] ?? .null, at: .key(key.stringValue))
    }
}

struct UnkeyedValueDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let elements: [Value]
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, elements: [Value]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// A decoder for the next element, which it consumes; past the end, an error.
    private mutating func next() throws -> ValueDecoder {
        let index = currentIndex
        guard index < elements.count else {
            throw ValueDecoder.failure("has only \(elements.count) elements", at: decoder.path)
        }
        let child = try decoder.child(elements[index], at: .index(index))
        currentIndex += 1
        return child
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count else {
            throw ValueDecoder.failure("has only \(elements.count) elements", at: decoder.path)
        }
        guard elements[currentIndex].isNil else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloat() }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) }

    /// The next element as `T`, directly for the common primitives.
    private mutating func element<T: Decodable>(_ type: T.Type) throws -> T {
        if ValueDecoder.hasDirectPath(T.self) { return try primitiveElement(type) }
        return try next().decode(type)
    }

    @inline(never)
    private mutating func primitiveElement<T: Decodable>(_ type: T.Type) throws -> T {
        if currentIndex < elements.count, let primitive = ValueDecoder.primitive(elements[currentIndex], as: type) {
            currentIndex += 1
            return primitive
        }
        return try next().decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct SingleValueReadingContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value.isNil }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
