import Foundation
import TermLayout

/// One item of the list.
struct TodoItem: Codable, Equatable, Sendable {
    /// A number unique in its list, so a row shown under a filter finds its item.
    var id: Int
    /// What needs doing.
    var title: String
    /// Whether it is done.
    var done: Bool
    /// Fields this app does not know (notes, a due date, tags: written by a newer version, a
    /// sync tool or a hand edit), kept as they were so saving never drops them.
    var otherFields: [String: Value] = [:]

    init(id: Int, title: String, done: Bool) {
        self.id = id
        self.title = title
        self.done = done
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, title, done }

    /// Reads an item; an id that is a number but no whole `Int` (`1.5`, `1e300`) is named as
    /// such rather than reported as invalid JSON.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let id = try? container.decode(Int.self, forKey: .id) {
            self.id = id
        } else if let number = try? container.decode(Double.self, forKey: .id) {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container,
                                                   debugDescription: "id \(number) is not a whole number from \(Int.min) to \(Int.max)")
        } else {
            id = try container.decode(Int.self, forKey: .id)
        }
        title = try container.decode(String.self, forKey: .title)
        done = try container.decode(Bool.self, forKey: .done)
        otherFields = try UnknownFields.decode(from: decoder, known: CodingKeys.allCases.map(\.stringValue))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(done, forKey: .done)
        try UnknownFields.encode(otherFields, to: encoder)
    }
}

/// The keys of a JSON object that a `Codable` type does not model, carried through a read
/// and a write unchanged.
enum UnknownFields {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The object's keys other than `known`, with their values.
    static func decode(from decoder: any Decoder, known: [String]) throws -> [String: Value] {
        let container = try decoder.container(keyedBy: Key.self)
        var fields: [String: Value] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            fields[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return fields
    }

    /// Writes `fields` beside the keys the type wrote itself.
    static func encode(_ fields: [String: Value], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in fields { try container.encode(value, forKey: Key(stringValue: key)) }
    }
}

/// Which items the list shows.
enum TodoFilter: String, CaseIterable, Codable, Sendable {
    case all, open, done

    /// Whether `item` passes the filter.
    func includes(_ item: TodoItem) -> Bool {
        switch self {
        case .all: true
        case .open: !item.done
        case .done: item.done
        }
    }
}

/// The items and every change the app makes to them: plain values, no UI, so the logic
/// is testable on its own and the file format is this type's JSON.
struct TodoList: Codable, Equatable, Sendable {
    /// The items, in the order they were added.
    var items: [TodoItem] = []
    /// Top-level fields this app does not know (a version, an owner), kept as they were.
    var otherFields: [String: Value] = [:]

    init(items: [TodoItem] = []) {
        self.items = items
    }

    private enum CodingKeys: String, CodingKey { case items }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try UnknownFields.encode(otherFields, to: encoder)
    }

    /// Reads a list; items that share an id (a hand edit, a copied line) get new ones, the
    /// first keeping it, so a row always stands for one item (deleting one never deletes
    /// another).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([TodoItem].self, forKey: .items)
        otherFields = try UnknownFields.decode(from: decoder, known: ["items"])
        var seen = Set<Int>()
        for index in items.indices where !seen.insert(items[index].id).inserted {
            items[index].id = nextID
            seen.insert(items[index].id)
        }
    }

    /// How many items are not done.
    var openCount: Int { items.count { !$0.done } }
    /// How many items are done.
    var doneCount: Int { items.count { $0.done } }

    /// The items `filter` shows, in order.
    func visible(_ filter: TodoFilter) -> [TodoItem] { items.filter(filter.includes) }

    /// Adds an open item (surrounding blanks removed); returns it, or `nil` for a blank title.
    @discardableResult
    mutating func add(_ title: String) -> TodoItem? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let item = TodoItem(id: nextID, title: trimmed, done: false)
        items.append(item)
        return item
    }

    /// The id a new item gets: one more than the largest, or — when that is `Int.max`, as a
    /// hand-edited file may have it — the smallest positive id not in use.
    var nextID: Int {
        let largest = items.map(\.id).max() ?? 0
        let (next, overflow) = max(largest, 0).addingReportingOverflow(1)
        guard overflow else { return next }
        let used = Set(items.map(\.id))
        return (1...).first { !used.contains($0) } ?? 1
    }

    /// Marks the item done, or open again.
    mutating func toggle(id: Int) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        items[index].done.toggle()
    }

    /// Removes the item.
    mutating func delete(id: Int) {
        items.removeAll { $0.id == id }
    }

    /// Removes every done item.
    mutating func clearDone() {
        items.removeAll(where: \.done)
    }
}
