/// The default value and type of each of a widget's properties, found by name without
/// hashing it.
///
/// Measuring and painting read properties most nodes leave unset (`wrap`, `lines`,
/// `alignSelf` …) for every node; hashing the name for each costs more than the rest of the
/// read. Names are spread over a few buckets by their length and first bytes, and
/// compared within one — short names compare as two machine words. Loading looks up the
/// type of every attribute it reads the same way.
struct PropertyDefaults: Sendable {
    private static let bucketCount = 64
    /// The entries, grouped by bucket.
    private let entries: [(name: String, value: Value?, type: PropertyType)]
    /// Where each bucket's entries start in ``entries`` (one more than the buckets: the end).
    private let starts: [Int]

    init(_ properties: [String: PropertyDescriptor]) {
        var buckets = Array(repeating: [(name: String, value: Value?, type: PropertyType)](), count: Self.bucketCount)
        // In name order, so the layout does not depend on hashing.
        for name in properties.keys.sorted() {
            guard let property = properties[name] else { continue }
            buckets[Self.bucket(of: name)].append((name, property.defaultValue, property.type))
        }
        var starts = [0]
        for bucket in buckets { starts.append(starts[starts.count - 1] + bucket.count) }
        self.entries = buckets.flatMap { $0 }
        self.starts = starts
    }

    /// `nil` if the widget has no property `name`; otherwise its default (`.null` if none).
    func defaultValue(of name: String) -> Value? {
        let bucket = Self.bucket(of: name)
        for index in starts[bucket]..<starts[bucket + 1] where entries[index].name == name {
            return entries[index].value ?? .null
        }
        return nil
    }

    /// The type of property `name`, or `nil` if the widget has no such property.
    func type(of name: String) -> PropertyType? {
        let bucket = Self.bucket(of: name)
        for index in starts[bucket]..<starts[bucket + 1] where entries[index].name == name {
            return entries[index].type
        }
        return nil
    }

    private static func bucket(of name: String) -> Int {
        // The length and the first three bytes, read in place.
        func bucket(_ bytes: some Collection<UInt8>) -> Int {
            var iterator = bytes.makeIterator()
            let first = Int(iterator.next() ?? 0), second = Int(iterator.next() ?? 0), third = Int(iterator.next() ?? 0)
            return (bytes.count &* 7 &+ first &+ second &* 3 &+ third &* 5) & (bucketCount - 1)
        }
        return name.utf8.withContiguousStorageIfAvailable { bucket($0) } ?? bucket(name.utf8)
    }
}
