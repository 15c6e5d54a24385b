/// A replacement of a byte range of a file.
public struct TextEdit: Sendable, Hashable {
    /// The bytes replaced.
    public var range: Range<Int>
    /// What replaces them.
    public var replacement: String

    /// `text` with `edits` (which must not overlap) applied.
    public static func apply(_ edits: [TextEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Renames a symbol in templates (`termlayout rename`): a state key, constant, macro or
/// parameter (`count`), or a node id (`#header`).
///
/// Only expressions change — a name's occurrences as the root of a symbol path, found by
/// parsing each value as its property reads it — and the declarations that define the
/// name: `<macro name=…>`, `<param name=…>`, a parameter passed as an attribute
/// (`title=` on `<View xml="Header.xml">`), `outlet="{name}"`, and for ids `id="…"`.
/// Literal text never changes: quoted strings, text outside `{…}`, members (`user.count`).
public struct SymbolRenamer: Sendable {
    /// The old name (`#id` for a node id).
    public var old: String
    /// The new name, of the same kind.
    public var new: String

    /// Why the names cannot be used, or `nil` if they can.
    public static func problem(old: String, new: String) -> String? {
        let oldIsID = old.hasPrefix("#"), newIsID = new.hasPrefix("#")
        guard oldIsID == newIsID else { return "rename an id to an id: write both with '#' (#\(old.trimmingPrefix("#")) #\(new.trimmingPrefix("#")))" }
        for name in [old, new] where !Symbol.isPlainIdentifier(oldIsID ? String(name.dropFirst()) : name) {
            return "'\(name)' is not a plain name (letters, digits and _, not starting with a digit)"
        }
        return nil
    }

    /// Creates a renamer; check the names with ``problem(old:new:)`` first.
    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }

    private var isID: Bool { old.hasPrefix("#") }
    private var oldName: String { isID ? String(old.dropFirst()) : old }
    private var newName: String { isID ? String(new.dropFirst()) : new }

    /// The edits that rename the symbol in `file` (none if the file does not parse).
    public func edits(in file: TemplateSourceFile) -> [TextEdit] {
        var edits: [TextEdit] = []
        for value in file.values {
            edits += declarationEdits(value)
            for reference in value.references {
                guard let range = reference.rootRange, matches(reference.symbol.root) else { continue }
                edits.append(TextEdit(range: value.text.sourceRange(of: range), replacement: newName))
            }
        }
        return Array(Set(edits)).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private func matches(_ root: Symbol.Root) -> Bool {
        isID ? root == .node(id: oldName) : root == .name(oldName)
    }

    /// Edits to the places that define the name rather than read it.
    private func declarationEdits(_ value: TemplateValue) -> [TextEdit] {
        guard let attribute = value.attribute else { return [] }
        let literal = attribute.value.value
        if isID {
            guard attribute.name == "id", literal == oldName else { return [] }
            return [TextEdit(range: attribute.value.sourceRange(of: 0..<literal.utf8.count), replacement: newName)]
        }
        var edits: [TextEdit] = []
        if ["param", "macro"].contains(value.element.name), attribute.name == "name", literal == oldName {
            edits.append(TextEdit(range: attribute.value.sourceRange(of: 0..<literal.utf8.count), replacement: newName))
        }
        if attribute.name == oldName, value.reading?.isParameterValue == true {
            edits.append(TextEdit(range: attribute.nameRange, replacement: newName))
        }
        if attribute.name == "outlet", TemplateElement.parameterReference(literal) == oldName,
           let start = literal.utf8.firstIndex(of: UInt8(ascii: "{")).map({ literal.utf8.distance(from: literal.utf8.startIndex, to: $0) }) {
            let nameStart = start + 1 + (literal.utf8.dropFirst(start + 1).prefix { $0 == 0x20 }.count)
            edits.append(TextEdit(range: attribute.value.sourceRange(of: nameStart..<(nameStart + oldName.utf8.count)), replacement: newName))
        }
        return edits
    }
}
