/// A loaded template: an immutable tree of validated elements, with every composition
/// (`xml=`, `template=`, classes, strings) already resolved and every expression parsed.
/// Build a ``LayoutNode`` tree from it as often as needed.
public struct Template: Sendable {
    /// The root element.
    public var root: TemplateElement
    /// Every file the template was built from (the main file first), for live reload.
    public var files: [String]
    /// Localized strings visible to the template's expressions.
    public var strings: StringsTable
}

/// One element of a loaded template.
///
/// Its fields live in one object, copied on write, so the copies every ``LayoutNode`` and
/// every parent's `children` array hold cost a reference each. What few elements have
/// (parameters, macros, a body) sits in a second object, absent from the rest.
public struct TemplateElement: Sendable {
    /// The fields; copied before a mutation when shared.
    private var storage: Storage

    /// An element of `widget` starting at `offset` in `source`, with nothing set yet.
    init(widget: WidgetDescriptor, source: SourceText, offset: Int, attributeCapacity: Int = 0) {
        storage = Storage(widget: widget, source: source, offset: offset)
        storage.properties.reserveCapacity(attributeCapacity)
    }

    /// The widget this element creates.
    public var widget: WidgetDescriptor {
        _read { yield storage.widget }
        _modify { makeUnique(); yield &storage.widget }
    }
    /// The property attributes, by property name.
    public var properties: TemplateAttributes {
        _read { yield storage.properties }
        _modify { makeUnique(); yield &storage.properties }
    }
    /// Child elements.
    public var children: [TemplateElement] {
        _read { yield storage.children }
        _modify { makeUnique(); yield &storage.children }
    }
    /// Parameters this element declares (on a template's root), by name.
    public var parameters: [String: ParameterDeclaration] {
        get { storage.rare?.parameters ?? Self.noParameters }
        _modify { makeUnique(); yield &storage.makeRare().parameters }
    }
    /// Values passed to those parameters, by name.
    public var parameterValues: [String: TemplateAttribute] {
        get { storage.rare?.parameterValues ?? Self.noParameterValues }
        _modify { makeUnique(); yield &storage.makeRare().parameterValues }
    }
    /// Macros defined on this element, visible to its subtree, by name.
    public var macros: [String: TemplateAttribute] {
        get { storage.rare?.macros ?? Self.noMacros }
        _modify { makeUnique(); yield &storage.makeRare().macros }
    }
    /// Styled text from the element's body (`<Label>Hello <b>{name}</b></Label>`), if any.
    public var body: [TextRunTemplate]? {
        get { storage.rare?.body }
        _modify { makeUnique(); yield &storage.makeRare().body }
    }
    // Empty tables for the many elements without rare fields (an empty literal costs a call).
    private static let noParameters: [String: ParameterDeclaration] = [:]
    private static let noParameterValues: [String: TemplateAttribute] = [:]
    private static let noMacros: [String: TemplateAttribute] = [:]

    /// Where `<children/>` stood, while this element is a `template=` base.
    var childrenPlaceholder: Int? {
        get { storage.rare?.childrenPlaceholder }
        _modify { makeUnique(); yield &storage.makeRare().childrenPlaceholder }
    }
    /// Whether its `right` was written as Layout's `trailing`: a distance from the parent's
    /// right edge whatever the tree's `edges` (Layout's trailing is an inset).
    var rightIsTrailingInset: Bool {
        get { storage.rare?.rightIsTrailingInset ?? false }
        set { makeUnique(); storage.makeRare().rightIsTrailingInset = newValue }
    }
    /// Where the element starts (worked out when asked: most elements are never reported).
    public var location: SourceLocation { storage.source.location(of: storage.offset) }
    /// Where the element starts in its file, in bytes: orders elements of one file as
    /// ``location`` does, without the file's line table.
    var sourceOffset: Int { storage.offset }

    /// The path of the file the element is written in (an included file's root: the
    /// including element's file).
    var sourcePath: String { storage.source.path }

    /// Moves the element's position to `offset` in `source` (an included file's root takes
    /// the position of the element that includes it).
    mutating func relocate(to source: SourceText, offset: Int) {
        makeUnique()
        storage.source = source
        storage.offset = offset
    }

    /// The `id` attribute's literal value.
    public var id: String? { literal(.id) }
    /// The `outlet` attribute's literal value.
    public var outlet: String? { literal(.outlet) }
    /// Whether `edges="inset"`: `right` and `bottom` are insets from the parent's edges.
    var insetsEdges: Bool { literal("edges") == "inset" }

    /// An attribute's text, read in place.
    private func literal(_ name: String) -> String? { literal(TemplateAttributes.LookupKey(name)) }

    private func literal(_ key: TemplateAttributes.LookupKey) -> String? {
        guard let index = properties.index(forKey: key) else { return nil }
        return properties[attributeAt: index].text.value
    }

    /// A literal attribute's text (`cell`), if the element has it.
    func literalValue(of name: String) -> String? { literal(name) }

    /// Whether two elements share their storage (for tests: copies must not duplicate it).
    func sharesStorage(with other: TemplateElement) -> Bool { storage === other.storage }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        // Any change may change what the subtree holds.
        storage.contents = nil
    }

    /// What this element's subtree holds for the whole-tree checks (``TemplateContents``):
    /// what ``summarizeContents()`` found, or ``TemplateContents/unknown`` (look
    /// everywhere) when it has not run since the element last changed.
    var contents: TemplateContents { storage.contents ?? .unknown }

    /// Works out ``contents`` for this subtree, bottom up, and keeps it in each element
    /// (once loading is done: any later change forgets it). Writes only the summary, which
    /// follows from the fields, so a storage shared by two places (a component included
    /// twice) gets the same answer from either.
    @discardableResult
    func summarizeContents() -> TemplateContents {
        if let contents = storage.contents { return contents }
        var contents = storage.properties.contents
        if let macros = storage.rare?.macros, macros.values.contains(where: { $0.expression?.readsNode == true }) {
            contents.insert(.nodeReferences)
        }
        for child in storage.children { contents.formUnion(child.summarizeContents()) }
        storage.contents = contents
        return contents
    }

    /// The fields of an element. Mutated only while uniquely referenced (during loading), so
    /// sharing it across threads once loaded is safe.
    ///
    /// Its fields are read on every look-up layout makes, so they skip the run-time
    /// exclusivity checks of class properties: the copy-on-write discipline already rules out
    /// overlapping accesses.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var widget: WidgetDescriptor
        @exclusivity(unchecked) var properties = TemplateAttributes()
        @exclusivity(unchecked) var children: [TemplateElement] = []
        @exclusivity(unchecked) var source: SourceText
        @exclusivity(unchecked) var offset: Int
        /// Set once any of its fields is.
        @exclusivity(unchecked) var rare: RareFields?
        /// The subtree's ``TemplateContents``, once summarised; `nil` after any change.
        @exclusivity(unchecked) var contents: TemplateContents?

        init(widget: WidgetDescriptor, source: SourceText, offset: Int) {
            self.widget = widget
            self.source = source
            self.offset = offset
        }

        func copy() -> Storage {
            let copy = Storage(widget: widget, source: source, offset: offset)
            copy.properties = properties
            copy.children = children
            copy.rare = rare?.copy()
            return copy
        }

        /// The rare fields, created empty on first use.
        func makeRare() -> RareFields {
            if let rare { return rare }
            let made = RareFields()
            rare = made
            return made
        }
    }

    /// The fields most elements leave empty. Owned by one storage: copying the storage
    /// copies them.
    private final class RareFields: @unchecked Sendable {
        var parameters: [String: ParameterDeclaration] = [:]
        var parameterValues: [String: TemplateAttribute] = [:]
        var macros: [String: TemplateAttribute] = [:]
        var body: [TextRunTemplate]?
        var childrenPlaceholder: Int?
        var rightIsTrailingInset = false

        func copy() -> RareFields {
            let copy = RareFields()
            copy.parameters = parameters
            copy.parameterValues = parameterValues
            copy.macros = macros
            copy.body = body
            copy.childrenPlaceholder = childrenPlaceholder
            copy.rightIsTrailingInset = rightIsTrailingInset
            return copy
        }
    }
}

/// A property's attribute: its text, where it came from, and its parsed expression.
public struct TemplateAttribute: Sendable {
    /// The attribute (or parameter, or macro) name.
    public var name: String
    /// The type the value must have.
    public var type: PropertyType
    /// The value text, mapped to the file.
    public var text: MappedText
    /// The file the text is in.
    public var source: SourceText
    /// The parsed expression, for expression and string types; `nil` for literal types and
    /// for a string property's plain text (no `{…}`), which is its own value
    /// (`constantValue`) and costs no expression.
    public var expression: ParsedExpression?
    /// Where the value came from when not written on the element itself (`class 'primary'`).
    public var origin: String?
    /// The class whose value for this property the element's own attribute replaced
    /// (`class 'primary' in Styles.json`), for the inspector.
    public var overrides: String? = nil

    /// A diagnostic for an expression error in this attribute, at the exact characters.
    public func diagnostic(for error: ExpressionError) -> Diagnostic {
        var error = error
        if type == .color, error.kind == .unknownSymbol { error = Self.suggestingColors(error, in: text.value) }
        if case .enumeration(let cases) = type, error.kind == .unknownSymbol { error = namingCases(cases, error) }
        var diagnostic = Diagnostic(.error, error.message, in: source, at: text.sourceRange(of: error.range),
                                    suggestion: error.suggestion, replacement: error.replacement, notes: error.notes)
        if let origin { diagnostic.notes.append("the value comes from \(origin)") }
        return diagnostic
    }

    /// For an unknown name that is the whole of an enumeration's value (`justify="nope"`):
    /// a lone name that is not a case is read from state, so the error says it is neither,
    /// suggests the nearest case (not the nearest of every readable name: `top` is no
    /// alignment) and lists the cases.
    func namingCases(_ cases: [String], _ error: ExpressionError) -> ExpressionError {
        guard let expression, expression.symbols.count == 1, let symbol = expression.symbols.first, symbol.members.isEmpty,
              symbol.range == error.range, Blanks.trimming(expression.source) == symbol.head else { return error }
        let replacement = Suggestions.replacement(for: symbol.head, among: cases)
        return ExpressionError(.unknownSymbol, "'\(symbol.head)' is not a value of '\(name)', nor a state key or constant", at: error.range,
                               replacement: replacement, notes: ["'\(name)' is one of: \(cases.joined(separator: ", "))"] + error.notes)
    }

    /// For an unknown name in a colour's value (`rde`): the nearest of the names suggested
    /// and the colour names (`red`), which every expression reads as constants.
    static func suggestingColors(_ error: ExpressionError, in value: String) -> ExpressionError {
        let bytes = Array(value.utf8)
        guard error.range.lowerBound >= 0, error.range.upperBound <= bytes.count else { return error }
        let name = String(decoding: bytes[error.range].prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self)
        let candidates = (error.replacement?.names ?? []) + PaletteColor.allCases.map(\.name) + UIKitColors.names
        guard let replacement = Suggestions.replacement(for: name, among: candidates), replacement != error.replacement else { return error }
        var suggested = error
        suggested.replacement = replacement
        if error.suggestion == nil || error.suggestion == error.replacement?.sentence { suggested.suggestion = replacement.sentence }
        return suggested
    }

    /// A diagnostic about the whole value.
    public func diagnostic(_ message: String, suggestion: String? = nil, replacement: NameReplacement? = nil, notes: [String] = []) -> Diagnostic {
        diagnostic(for: ExpressionError(.typeMismatch, message, at: 0..<text.value.utf8.count, suggestion: suggestion,
                                        replacement: replacement, notes: notes))
    }
}

/// `<param name="title" type="string" value="Untitled"/>`: a typed input of a template.
public struct ParameterDeclaration: Sendable {
    /// The name composing nodes pass it by.
    public var name: String
    /// Its type.
    public var type: PropertyType
    /// The default, if any.
    public var defaultValue: TemplateAttribute?
    /// Where it is declared.
    public var location: SourceLocation
}

/// A run of styled text from a label's body.
public struct TextRunTemplate: Sendable {
    /// The text, with interpolations.
    public var text: TemplateAttribute
    /// The style of the run.
    public var style: TextStyle
    /// A color from an enclosing `<span color="…">`.
    public var color: TemplateAttribute?
    /// Whether this run is a `<br/>`.
    public var isLineBreak = false
}

/// Character attributes of a run of text.
public struct TextStyle: OptionSet, Sendable, Hashable {
    /// The attributes as bits, one per attribute below.
    public let rawValue: UInt8
    /// Attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (`<b>`, `<strong>`, `bold="true"`).
    public static let bold = TextStyle(rawValue: 1 << 0)
    /// Italic (`<i>`, `<em>`, `italic="true"`), where the terminal's font has it.
    public static let italic = TextStyle(rawValue: 1 << 1)
    /// Underlined (`<u>`, `underline="true"`).
    public static let underline = TextStyle(rawValue: 1 << 2)
    /// Struck through (`<s>`, `strikethrough="true"`).
    public static let strikethrough = TextStyle(rawValue: 1 << 3)
    /// Dim, fainter than normal (`dim="true"`).
    public static let dim = TextStyle(rawValue: 1 << 4)
    /// Foreground and background swapped (`reverse="true"`).
    public static let reverse = TextStyle(rawValue: 1 << 5)
}

extension TemplateElement {
    /// Inserts `children` at the first `<children/>` placeholder in this subtree (depth
    /// first). Returns false when there is none.
    mutating func insertAtPlaceholder(_ inserted: [TemplateElement]) -> Bool {
        if let index = childrenPlaceholder {
            children.insert(contentsOf: inserted, at: min(index, children.count))
            childrenPlaceholder = nil
            return true
        }
        for index in children.indices where children[index].insertAtPlaceholder(inserted) { return true }
        return false
    }

    /// Drops every `<children/>` placeholder in this subtree: once a file is composed, its
    /// placeholders are used up, and must not catch the children of an outer template.
    mutating func removePlaceholders() {
        if childrenPlaceholder != nil { childrenPlaceholder = nil }
        for index in children.indices { children[index].removePlaceholders() }
    }

    /// `name` for an attribute written `{name}`, else nil.
    static func parameterReference(_ text: String) -> String? {
        let trimmed = Blanks.trimming(text)
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count > 2 else { return nil }
        return String(Blanks.trimming(trimmed.dropFirst().dropLast()))
    }
}
