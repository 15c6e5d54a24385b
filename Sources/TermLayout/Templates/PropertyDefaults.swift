/// The default value and type of each of a widget's properties, found by name without
/// hashing it.
///
/// Measuring and painting read properties most nodes leave unset (`wrap`, `lines`,
/// `alignSelf` …) for every node; hashing the name for each costs more than the rest of the
/// read. Names are spread over a few buckets by their length and first byte, and
/// compared within one, lengths first. Loading looks up the type of every attribute it
/// reads the same way.
struct PropertyDefaults: Sendable {
    private static let bucketCount = 64
    /// The names, grouped by bucket. Names, defaults and types are kept apart so a search
    /// touches only names: copying a whole entry out to compare its name would retain its
    /// value and type too.
    private let names: [String]
    /// The default of the name at the same position (`nil`: none).
    private let values: [Value?]
    /// The type of the name at the same position.
    private let types: [PropertyType]
    /// Where each bucket's entries start in ``names`` (one more than the buckets: the end).
    private let starts: [Int]

    init(_ properties: [String: PropertyDescriptor]) {
        var buckets = Array(repeating: [String](), count: Self.bucketCount)
        // In name order, so the layout does not depend on hashing.
        for name in properties.keys.sorted() { buckets[Self.bucket(of: name)].append(name) }
        var starts = [0]
        for bucket in buckets { starts.append(starts[starts.count - 1] + bucket.count) }
        self.names = buckets.flatMap { $0 }
        self.values = names.map { properties[$0]?.defaultValue }
        self.types = names.map { properties[$0]?.type ?? .any }
        self.starts = starts
    }

    /// `nil` if the widget has no property `name`; otherwise its default (`.null` if none).
    func defaultValue(of name: String) -> Value? {
        guard let index = position(of: name) else { return nil }
        return values[index] ?? .null
    }

    /// The type of property `name`, or `nil` if the widget has no such property.
    func type(of name: String) -> PropertyType? {
        position(of: name).map { types[$0] }
    }

    private func position(of name: String) -> Int? {
        let bucket = Self.bucket(of: name)
        var index = starts[bucket]
        let end = starts[bucket + 1]
        let count = name.utf8.count
        while index < end {
            if names[index].utf8.count == count, names[index] == name { return index }
            index &+= 1
        }
        return nil
    }

    private static func bucket(of name: String) -> Int {
        // The length and the first byte: cheap to read from a small string in place, and
        // enough to spread one widget's few dozen names.
        let utf8 = name.utf8
        let count = utf8.count
        // The first byte by subscript: `first` and `isEmpty` are generic calls here.
        let first = count == 0 ? 0 : utf8[utf8.startIndex]
        return (count &* 7 &+ Int(first) &* 3) & (bucketCount - 1)
    }
}
