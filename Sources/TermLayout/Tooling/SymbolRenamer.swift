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
        for name in [old, new] where !isName(oldIsID ? String(name.dropFirst()) : name) {
            return "'\(visible(name))' is not a plain name (letters, digits and _, not starting with a digit)"
        }
        return nil
    }

    /// Whether `text` reads back as that one name: the expression lexer's own rule, which is
    /// narrower than "letters" for non-ASCII text (a joiner, a middle dot or a soft hyphen is
    /// no part of a name), so a rename never writes templates that no longer parse.
    static func isName(_ text: String) -> Bool {
        guard Symbol.isPlainIdentifier(text), var parser = try? Parser(source: Array(text.utf8)) else { return false }
        switch try? parser.parseComplete() {
        case .symbol(let symbol)?: return symbol.root == .name(text) && symbol.members.isEmpty
        case .literal?: return true  // a built-in constant (`pi`, `red`): refused later, by name
        default: return false
        }
    }

    /// `name` with invisible characters (joiners, soft hyphens, other format characters)
    /// shown as `U+200D`, so a message never shows a name that looks like another.
    static func visible(_ name: String) -> String {
        var shown = ""
        for scalar in name.unicodeScalars {
            if scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format {
                shown += "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
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

    /// A diagnostic when the new name is one the language or every node defines itself — a
    /// built-in constant (`pi`, `red`, `true`) or function (`max`), a scope name (`parent`,
    /// `screen`, `auto`) or what List rows read (`item`, `index`) — so that templates reading
    /// it would silently read something else; or when the old name is a built-in constant or
    /// function, which no rename may turn into a state key. `nil` when both are free.
    public func reservedNameProblem() -> Diagnostic? {
        guard !isID else { return nil }
        if let meaning = Self.reservedMeaning(of: newName, includingRowNames: true) {
            return Diagnostic(.error, "cannot rename '\(old)' to '\(new)': '\(newName)' is \(meaning), so what reads it would change meaning",
                              suggestion: "choose another name")
        }
        if let meaning = Self.reservedMeaning(of: oldName, includingRowNames: false) {
            return Diagnostic(.error, "cannot rename '\(old)': '\(oldName)' is \(meaning), not a name of the templates")
        }
        return nil
    }

    /// What a reserved name is, or `nil` if `name` is free.
    static func reservedMeaning(of name: String, includingRowNames: Bool) -> String? {
        if Builtins.constant(named: name) != nil || Builtins.constantNames.contains(name) { return "a built-in constant" }
        if Builtins.function(named: name) != nil { return "a built-in function" }
        guard includingRowNames else { return nil }
        if TemplateInventory.scopeNames.contains(name) || NodeScope.namesOfItsOwn.contains(name) {
            return "a built-in name every node resolves itself"
        }
        if name == "item" || name == "index" { return "what the rows of a List read their item and index as" }
        return nil
    }

    /// A diagnostic at the first place `file` already uses the new name — read in an
    /// expression, declared by `<macro>`/`<param>`/`id=`, passed as a parameter — or where it is
    /// a built-in scope (`strings`, `parent` …): renaming onto it would merge two symbols into
    /// one, which cannot be undone by renaming back — or where a renamed reference would read
    /// its node's own property of that name. `nil` when the new name is free in `file`.
    public func collision(in file: TemplateSourceFile, registry: WidgetRegistry = .standard) -> Diagnostic? {
        let suggestion = "choose a name not used yet, or rename the other \(isID ? "id" : "name") first"
        if !isID, TemplateInventory.scopeNames.contains(newName) {
            return Diagnostic(.error, "cannot rename '\(old)' to '\(new)': '\(newName)' is a built-in name every node resolves itself")
        }
        for value in file.values {
            if let attribute = value.attribute {
                let declares = isID
                    ? attribute.name == "id" && attribute.value.value == newName && !["param", "macro"].contains(value.element.name)
                    : (["param", "macro"].contains(value.element.name) && attribute.name == "name" && attribute.value.value == newName)
                        || (attribute.name == newName && value.reading?.isParameterValue == true)
                if declares {
                    let range = attribute.name == newName ? attribute.nameRange : attribute.value.sourceRange(of: 0..<attribute.value.value.utf8.count)
                    return Diagnostic(.error, "cannot rename '\(old)' to '\(new)': '\(new)' is already declared here",
                                      in: file.source, at: range, suggestion: suggestion)
                }
            }
            let newRoot: Symbol.Root = isID ? .node(id: newName) : .name(newName)
            for reference in value.references where reference.symbol.root == newRoot {
                let range = reference.rootRange.map { value.text.sourceRange(of: $0) } ?? value.text.sourceRange(of: 0..<value.text.value.utf8.count)
                return Diagnostic(.error, "cannot rename '\(old)' to '\(new)': '\(new)' is already used here",
                                  in: file.source, at: range, suggestion: suggestion)
            }
            if !isID, registry.widget(named: value.element.name)?.properties[newName] != nil,
               let reference = value.references.first(where: { $0.symbol.root == .name(oldName) }), let root = reference.rootRange {
                return Diagnostic(.error, "cannot rename '\(old)' to '\(new)': here '\(new)' would read the <\(value.element.name)>'s own property",
                                  in: file.source, at: value.text.sourceRange(of: root), suggestion: suggestion)
            }
        }
        return nil
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

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
