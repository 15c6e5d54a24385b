/// An element's attributes by name: a dictionary's API over one small array.
///
/// An element sets a handful of attributes, so finding one by comparing names beats hashing,
/// and the array costs one allocation where a dictionary costs a table of buckets per
/// element. Iteration is in the order the names were first set (document order for a loaded
/// element), so it is the same on every run.
public struct TemplateAttributes: Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// A name and its attribute, as a dictionary's element.
    public typealias Element = (key: String, value: TemplateAttribute)

    private var entries: [Element]

    /// No attributes.
    public init() { entries = [] }

    /// The attributes of a dictionary literal, in its order; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, TemplateAttribute)...) {
        entries = []
        for (key, value) in elements { self[key] = value }
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }

    /// The name and attribute at a position.
    public subscript(position: Int) -> Element { entries[position] }

    /// The attribute called `key`; setting `nil` removes it, setting a new name appends it.
    public subscript(key: String) -> TemplateAttribute? {
        get {
            guard let index = index(forKey: key) else { return nil }
            return entries[index].value
        }
        set {
            let index = index(forKey: key)
            switch (index, newValue) {
            case let (index?, value?): entries[index].value = value
            case let (index?, nil): entries.remove(at: index)
            case let (nil, value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// The position of `key`, if present.
    public func index(forKey key: String) -> Int? {
        entries.firstIndex { $0.key == key }
    }

    /// Removes the attribute called `key` and returns it, if present.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> TemplateAttribute? {
        guard let index = index(forKey: key) else { return nil }
        return entries.remove(at: index).value
    }

    /// Makes room for `count` attributes, so filling an element allocates once.
    public mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    /// The names, in order.
    public var keys: LazyMapCollection<[Element], String> { entries.lazy.map(\.key) }

    /// The attributes, in order.
    public var values: LazyMapCollection<[Element], TemplateAttribute> { entries.lazy.map(\.value) }
}
