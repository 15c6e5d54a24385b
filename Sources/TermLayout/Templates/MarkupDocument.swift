// Templates: XML text → immutable template trees.
// Owns: the XML reader (exact positions of every attribute value), the widget registry,
// composition (xml=, template=, params, macros, classes, strings) and its diagnostics.
// Must not know about: node state, layout or terminals.

/// Text read from a file — an attribute value or a run of element text — together with where
/// each part of it came from, so an error at any offset in the value points at the right
/// file position even after entities such as `&lt;` were decoded.
public struct MappedText: Sendable, Hashable {
    /// The decoded text.
    public var value: String
    /// Where offset 0 of `value` is in the file. Most text maps one to one from there, so
    /// this is the only anchor and no array is allocated.
    private var firstSourceOffset: Int
    /// Further points where the mapping shifts (after an entity such as `&lt;`), in order:
    /// from this offset in `value` (UTF-8), the text continues at this offset in the file.
    private var laterAnchors: [Anchor]

    struct Anchor: Sendable, Hashable {
        var valueOffset: Int
        var sourceOffset: Int
    }

    /// Text that maps one to one onto the file from `sourceOffset`.
    init(_ value: String, at sourceOffset: Int) {
        self.value = value
        self.firstSourceOffset = sourceOffset
        self.laterAnchors = []
    }

    /// Text mapped by `anchors`; the first maps offset 0.
    init(value: String, anchors: [Anchor]) {
        self.value = value
        self.firstSourceOffset = anchors.first.map { $0.sourceOffset - $0.valueOffset } ?? 0
        self.laterAnchors = Array(anchors.dropFirst())
    }

    /// The file offset of a UTF-8 offset in ``value``.
    public func sourceOffset(of valueOffset: Int) -> Int {
        // The last anchor at or before `valueOffset` (binary search: values with thousands
        // of entities are mapped in logarithmic time).
        var low = -1, high = laterAnchors.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if laterAnchors[middle].valueOffset <= valueOffset { low = middle } else { high = middle - 1 }
        }
        guard low >= 0 else { return firstSourceOffset + valueOffset }
        let anchor = laterAnchors[low]
        return anchor.sourceOffset + (valueOffset - anchor.valueOffset)
    }

    /// The file range of a range of ``value``.
    public func sourceRange(of range: Range<Int>) -> Range<Int> {
        let lower = sourceOffset(of: range.lowerBound)
        return lower..<max(lower, sourceOffset(of: range.upperBound))
    }
}

/// An XML element as read from a file, with the position of everything in it.
public struct MarkupElement: Sendable, Hashable {
    /// The tag name.
    public var name: String
    /// The byte range of the name in the opening tag.
    public var nameRange: Range<Int>
    /// Attributes in document order.
    public var attributes: [MarkupAttribute]
    /// Child elements and text, in document order.
    public var content: [MarkupContent]
    /// The byte range of the whole element, from its `<` to the end of its closing tag
    /// (for tools that rewrite files, such as `termlayout format`).
    public var range: Range<Int> = 0..<0
    /// The byte range between the end of the start tag and the closing tag (empty for `<a/>`).
    public var contentRange: Range<Int> = 0..<0

    /// The child elements, without text.
    public var elements: [MarkupElement] {
        content.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The attribute called `name`, if present.
    public func attribute(_ name: String) -> MarkupAttribute? {
        attributes.first { $0.name == name }
    }
}

/// An attribute: its name and value, each with its exact place in the file.
public struct MarkupAttribute: Sendable, Hashable {
    /// The attribute name.
    public var name: String
    /// The byte range of the name.
    public var nameRange: Range<Int>
    /// The decoded value, mapped back to the file.
    public var value: MappedText
}

/// A piece of element content.
public enum MarkupContent: Sendable, Hashable {
    /// A child element.
    case element(MarkupElement)
    /// Character data between elements, entities decoded, mapped back to the file.
    case text(MappedText)
    /// `<?target content?>`, such as `<?properties {…}?>`.
    case processingInstruction(target: String, content: MappedText)

    /// Whether this is an element called `name` (asked of every child: nothing is copied).
    func isElement(named name: String) -> Bool {
        switch self {
        case .element(let element): element.name == name
        case .text, .processingInstruction: false
        }
    }
}

/// A parsed XML file: its root element and the processing instructions outside it.
public struct MarkupDocument: Sendable {
    /// The file the document was read from.
    public var source: SourceText
    /// The root element.
    public var root: MarkupElement
    /// Processing instructions before or after the root (not the `<?xml?>` declaration).
    public var processingInstructions: [(target: String, content: MappedText)]
    /// The byte range of every `<!-- … -->` comment, in document order; the reader skips
    /// them otherwise, and tools that rewrite files keep them.
    public var comments: [Range<Int>] = []
    /// The processing instructions inside elements, in document order, as the reader met
    /// them (so the loader needs no walk over the tree to find `<?properties?>`).
    var nestedInstructions: [(target: String, content: MappedText)] = []
}
