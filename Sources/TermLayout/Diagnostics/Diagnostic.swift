/// One problem found in a template, an expression or a data file: where it is, what is
/// wrong, and what might fix it. Every loader and evaluator error is one of these.
///
/// Prints compiler-style, so editors' problem matchers pick it up:
/// `Main.xml:12:5: error: unknown attribute 'widht' for View; did you mean 'width'?`
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// The template, expression or file cannot be used as written.
        case error
        /// Usable, but probably not what was meant, or only partly converted.
        case warning
        /// Information with nothing to fix, such as what `termlayout port` did with an element.
        case note
    }

    /// How serious the problem is.
    public var severity: Severity
    /// Where, if known.
    public var location: SourceLocation?
    /// What is wrong, in one line.
    public var message: String
    /// A fix to try, such as `did you mean 'width'?`.
    public var suggestion: String?
    /// The names that could replace the misspelt text at ``location``, when the suggestion
    /// is one (`widht` → `width`): what an editor's quick fix writes.
    public var replacement: NameReplacement?
    /// Further explanation, one line each.
    public var notes: [String]
    /// The source line with a caret marker under the problem. A diagnostic made from a
    /// ``SourceText`` renders it only when read, so thousands of errors in a minified file
    /// cost nothing until a few are printed.
    public var excerpt: String? {
        get { excerptText ?? pendingExcerpt?.render() }
        set {
            excerptText = newValue
            pendingExcerpt = nil
        }
    }
    private var excerptText: String?
    private var pendingExcerpt: PendingExcerpt?

    /// Creates a diagnostic. A `replacement` without a `suggestion` is suggested by its
    /// sentence.
    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation? = nil,
                suggestion: String? = nil, replacement: NameReplacement? = nil, notes: [String] = [], excerpt: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.suggestion = suggestion ?? replacement?.sentence
        self.replacement = replacement
        self.notes = notes
        self.excerptText = excerpt
    }

    /// A diagnostic at a byte range of `source`, with an excerpt.
    public init(_ severity: Severity = .error, _ message: String, in source: SourceText, at range: Range<Int>,
                suggestion: String? = nil, replacement: NameReplacement? = nil, notes: [String] = []) {
        self.init(severity, message, at: source.location(of: range.lowerBound), suggestion: suggestion, replacement: replacement, notes: notes)
        pendingExcerpt = PendingExcerpt(source: source, range: range)
    }

    /// The first line: `path:line:col: error: message; suggestion`.
    public var summary: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        if let suggestion { text += "; \(suggestion)" }
        return text
    }

    /// The summary, the excerpt, then `note:` lines.
    public var description: String {
        var lines = [summary]
        if let excerpt { lines.append(excerpt) }
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// An excerpt not rendered yet: the source and the range to mark.
private struct PendingExcerpt: Sendable, Hashable {
    let source: SourceText
    let range: Range<Int>

    func render() -> String { source.excerpt(range) }

    static func == (a: Self, b: Self) -> Bool { a.source === b.source && a.range == b.range }
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(range)
    }
}

/// A failure carrying every diagnostic found, so a file's errors are reported together.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order found.
    public var diagnostics: [Diagnostic]

    /// Creates an error from one or more diagnostics.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// Every diagnostic in its compiler-style line, one a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
