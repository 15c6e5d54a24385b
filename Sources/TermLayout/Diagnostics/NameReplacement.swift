/// The structured form of a "did you mean" suggestion: the misspelt name as written and the
/// names that could replace it, so an editor can offer the replacement as a quick fix
/// without reading the suggestion sentence.
public struct NameReplacement: Sendable, Hashable {
    /// The name as written (`widht`).
    public var written: String
    /// The names that could replace it, alphabetically (`["width"]`); never empty.
    public var names: [String]

    /// Creates a replacement of `written` by one of `names`.
    public init(written: String, names: [String]) {
        self.written = written
        self.names = names
    }

    /// The sentence shown after the message: `did you mean 'width'?`.
    public var sentence: String {
        "did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}

extension Suggestions {
    /// The names close to `name` among `candidates` as a ``NameReplacement``, or `nil` if
    /// none is close enough to be a plausible typo (as ``didYouMean(_:among:)``).
    public static func replacement(for name: String, among candidates: some Sequence<String>) -> NameReplacement? {
        let matches = closeMatches(for: name, among: candidates)
        return matches.isEmpty ? nil : NameReplacement(written: name, names: matches)
    }
}
