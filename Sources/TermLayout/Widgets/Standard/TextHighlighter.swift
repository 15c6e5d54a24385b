/// Colours and attributes for part of one line of a `TextArea`, from a ``TextHighlighter``.
public struct HighlightSpan: Hashable, Sendable {
    /// The characters it covers (grapheme clusters from the line's start).
    public var range: Range<Int>
    /// The text colour, or `nil` to keep the TextArea's.
    public var color: Color?
    /// A role of the app's theme (`heading`, `code`, `link`, `marker`…; see
    /// ``Theme/Palette/color(ofRole:)``) whose colour for the terminal's background the span
    /// takes instead of ``color``, so highlighting suits light and dark terminals alike.
    public var role: String?
    /// Attributes added to the TextArea's (bold, italic, underline…).
    public var attributes: TextStyle

    /// A span over `range` drawn in `color` with `attributes`.
    public init(_ range: Range<Int>, color: Color? = nil, attributes: TextStyle = []) {
        self.range = range
        self.color = color
        self.attributes = attributes
    }

    /// A span over `range` drawn in the theme's colour for `role` with `attributes`.
    public init(_ range: Range<Int>, role: String, attributes: TextStyle = []) {
        self.range = range
        self.role = role
        self.attributes = attributes
    }
}

/// Colours a `TextArea`'s lines (`highlight="name"`): given one line, its index and the state
/// the previous line left, it returns styled spans and the state for the next line — an `Int`
/// that is enough for multi-line constructs (inside a code fence, a block comment). The
/// TextArea keeps each line's starting state and asks only for the lines it shows (and, once,
/// the states of lines above them), so a highlighter costs what is on screen.
///
/// Register one by name, before templates that use it are loaded (``TextHighlighters``):
///
/// ```swift
/// struct Shouting: TextHighlighter {
///     func highlight(_ line: String, at index: Int, state: inout Int) -> [HighlightSpan] {
///         line.hasSuffix("!") ? [HighlightSpan(0..<line.count, color: .palette(.red), attributes: .bold)] : []
///     }
/// }
/// TextHighlighters.register(Shouting(), named: "shouting")
/// // <TextArea text="{draft}" highlight="shouting"/>
/// ```
public protocol TextHighlighter: Sendable {
    /// The spans of line `index` (from 0), whose start is in `state` (0 for the first line);
    /// sets `state` to what the next line starts in. Spans may overlap; later ones win.
    func highlight(_ line: String, at index: Int, state: inout Int) -> [HighlightSpan]
    /// The state line `index` leaves, starting in `state`, without making spans (used for
    /// lines above the screen). The default calls ``highlight(_:at:state:)``.
    func state(after line: String, at index: Int, state: Int) -> Int
}

extension TextHighlighter {
    public func state(after line: String, at index: Int, state: Int) -> Int {
        var next = state
        _ = highlight(line, at: index, state: &next)
        return next
    }
}

/// The highlighters `TextArea`'s `highlight` names, by name. `markdown`
/// (``MarkdownHighlighter``) is built in; an app registers its own at start-up.
public enum TextHighlighters {
    private static let registered = Locked<[String: any TextHighlighter]>(["markdown": MarkdownHighlighter()])

    /// Makes `highlighter` available as `highlight="name"` (replacing one of that name).
    public static func register(_ highlighter: any TextHighlighter, named name: String) {
        registered.withLock { $0[name] = highlighter }
    }

    /// The highlighter registered as `name`.
    public static func named(_ name: String) -> (any TextHighlighter)? {
        registered.withLock { $0[name] }
    }

    /// Every registered name, sorted.
    public static var names: [String] {
        registered.withLock { $0.keys.sorted() }
    }
}
