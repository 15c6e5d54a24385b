/// An element's attributes by name: a dictionary's API over one small array.
///
/// An element sets a handful of attributes, so finding one by comparing names beats hashing,
/// and the array costs one allocation where a dictionary costs a table of buckets per
/// element. Iteration is in the order the names were first set (document order for a loaded
/// element), so it is the same on every run. An attribute is filed under its own
/// ``TemplateAttribute/name`` (no second copy of it): one set under another key is stored
/// renamed to that key.
public struct TemplateAttributes: Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// A name and its attribute, as a dictionary's element.
    public typealias Element = (key: String, value: TemplateAttribute)

    private var entries: [TemplateAttribute]
    /// A bit for each name present (``bit(of:)``), so most absent names — the properties an
    /// element leaves unset, which measuring and painting ask for on every node — are
    /// ruled out without comparing any string.
    private var nameBits: UInt64 = 0

    /// No attributes.
    public init() { entries = [] }

    /// The attributes of a dictionary literal, in its order; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, TemplateAttribute)...) {
        entries = []
        for (key, value) in elements { self[key] = value }
    }

    /// The position of the first attribute.
    public var startIndex: Int { entries.startIndex }
    /// The position after the last attribute.
    public var endIndex: Int { entries.endIndex }

    /// The name and attribute at a position.
    public subscript(position: Int) -> Element { (entries[position].name, entries[position]) }

    /// The attribute called `key`; setting `nil` removes it, setting a new name appends it.
    public subscript(key: String) -> TemplateAttribute? {
        get {
            guard let index = index(forKey: key) else { return nil }
            return entries[index]
        }
        set {
            let index = index(forKey: key)
            guard var value = newValue else {
                if let index { remove(at: index) }
                return
            }
            if value.name != key { value.name = key }
            if let index { entries[index] = value } else { append(value) }
        }
    }

    /// Whether any attribute is an action (`press="save"`), looked at in place: no attribute
    /// is copied out, so a reload's check of 10,000 labels' actions costs a glance each.
    var containsAction: Bool {
        entries.contains { attribute in
            if case .action = attribute.type { return true }
            return false
        }
    }

    /// What these attributes hold for the whole-tree checks (``TemplateContents``), found in
    /// one pass with no attribute copied: names by their bits first, as in ``index(forKey:)``.
    var contents: TemplateContents {
        var contents: TemplateContents = []
        if nameBits & Self.namedBits != 0 {
            if index(forKey: .id) != nil || index(forKey: .outlet) != nil { contents.insert(.names) }
            if LoadSession.rootOnlyAttributes.contains(where: { index(forKey: $0) != nil }) { contents.insert(.rootOnlyAttributes) }
        }
        for index in entries.indices {
            if case .action = entries[index].type { contents.insert(.actions) }
            if entries[index].expression?.readsNode == true { contents.insert(.nodeReferences) }
        }
        return contents
    }

    /// The bits of the names ``contents`` looks for.
    private static let namedBits = (["id", "outlet"] + LoadSession.rootOnlyAttributes).reduce(UInt64(0)) { $0 | bit(of: $1) }

    /// Stores `attribute` under its own name, replacing one of that name (the loader's
    /// path: no second name to compare, and the attribute is moved in, not copied).
    mutating func set(_ attribute: consuming TemplateAttribute) {
        if let index = index(forKey: attribute.name) {
            entries[index] = attribute
        } else {
            append(attribute)
        }
    }

    /// Stores a compiled attribute, if there is one (``set(_:)``): the optional is taken
    /// apart where it is consumed, so the attribute is moved in rather than copied out of it.
    /// Returns whether there was one.
    @discardableResult
    mutating func set(compiled attribute: consuming TemplateAttribute?) -> Bool {
        switch consume attribute {
        case .some(let attribute):
            set(attribute)
            return true
        case .none:
            return false
        }
    }

    private mutating func append(_ attribute: consuming TemplateAttribute) {
        nameBits |= Self.bit(of: attribute.name)
        entries.append(attribute)
    }

    @discardableResult
    private mutating func remove(at index: Int) -> TemplateAttribute {
        let removed = entries.remove(at: index)
        nameBits = entries.reduce(0) { $0 | Self.bit(of: $1.name) }
        return removed
    }

    /// The attribute at `position` (one ``index(forKey:)`` gave), read in place: no copy of it.
    subscript(attributeAt position: Int) -> TemplateAttribute {
        _read { yield entries[position] }
    }

    /// The constant value (``TemplateAttribute/constantValue``) of the attribute called `key`,
    /// read in place — no copy of the attribute: `nil` when it is absent or not constant.
    func constantValue(forKey key: String) -> TermLayout.Value? {
        guard let index = index(forKey: key) else { return nil }
        return entries[index].constantValue
    }

    /// The position of `key`, if present.
    public func index(forKey key: String) -> Int? {
        guard nameBits & Self.bit(of: key) != 0 else { return nil }
        return firstIndex(named: key)
    }

    /// The position of `key`, if present: its bit is known, so an absent name — most of
    /// them — costs a mask and no look at the string.
    func index(forKey key: LookupKey) -> Int? {
        guard nameBits & key.bit != 0 else { return nil }
        return firstIndex(named: key.name)
    }

    private func firstIndex(named name: String) -> Int? {
        // Comparing lengths first (stored in the string) rules out most of the rest without
        // a call into string comparison.
        let length = name.utf8.count
        return entries.firstIndex { $0.name.utf8.count == length && $0.name == name }
    }

    /// A name looked up often (`hidden`, `id`, a layout attribute …) with its bit
    /// (``bit(of:)``) worked out once rather than at each look-up, where finding a string's
    /// length and first byte costs more than the rest of ruling the name out.
    struct LookupKey: Sendable {
        /// The attribute's name.
        let name: String
        /// Its bit in `nameBits`.
        let bit: UInt64

        init(_ name: String) {
            self.name = name
            bit = TemplateAttributes.bit(of: name)
        }

        static let id = LookupKey("id")
        static let outlet = LookupKey("outlet")
        static let hidden = LookupKey("hidden")
        static let background = LookupKey("background")
        static let border = LookupKey("border")
        static let direction = LookupKey("direction")
    }

    /// The bits of `names` (``bit(of:)``): a name whose bit is not among them is none of them.
    static func bits(of names: some Sequence<String>) -> UInt64 {
        names.reduce(0) { $0 | bit(of: $1) }
    }

    /// The bit of `nameBits` that stands for `name`: from its length and first byte.
    static func bit(of name: String) -> UInt64 {
        let utf8 = name.utf8, count = utf8.count
        // The first byte by subscript: `first` and `isEmpty` are generic calls here.
        let first = count == 0 ? 0 : utf8[utf8.startIndex]
        return 1 &<< UInt64((count &* 7 &+ Int(first)) & 63)
    }

    /// Removes the attribute called `key` and returns it, if present.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> TemplateAttribute? {
        guard let index = index(forKey: key) else { return nil }
        return remove(at: index)
    }

    /// Makes room for `count` attributes, so filling an element allocates once.
    public mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    /// The names, in order.
    public var keys: LazyMapCollection<[TemplateAttribute], String> { entries.lazy.map(\.name) }

    /// The attributes, in order.
    public var values: [TemplateAttribute] { entries }
}
