/// The built-in `highlight="markdown"` for `TextArea`: headings, emphasis, inline code,
/// fenced code blocks (``` and ~~~, across lines), list markers, links and block quotes.
/// Line by line, with the state "inside a fence" carried to the next line.
public struct MarkdownHighlighter: TextHighlighter {
    /// The theme's roles it draws in (``HighlightSpan/role``), so it suits the terminal's
    /// background and agrees with the `Markdown` widget.
    static let heading = (role: "heading", attributes: TextStyle.bold)
    static let code = "code"
    static let marker = "marker"
    static let link = "link"

    /// States between lines.
    private enum Block: Int {
        case text = 0, backtickFence = 1, tildeFence = 2
    }

    /// A Markdown highlighter.
    public init() {}

    public func highlight(_ line: String, at index: Int, state: inout Int) -> [HighlightSpan] {
        let characters = Array(line)
        let all = 0..<characters.count
        var indent = 0
        while indent < characters.count, indent < 4, characters[indent] == " " { indent += 1 }
        let body = characters[indent...]
        let block = Block(rawValue: state) ?? .text
        if let fence = Self.fence(body) {
            switch (block, fence) {
            case (.text, _): state = fence.rawValue
            case (.backtickFence, .backtickFence), (.tildeFence, .tildeFence): state = Block.text.rawValue
            default: return [HighlightSpan(all, role: Self.code)]
            }
            return [HighlightSpan(all, role: Self.code, attributes: .dim)]
        }
        if block != .text { return [HighlightSpan(all, role: Self.code)] }
        guard indent < 4 else { return [] }
        if body.first == "#" {
            let hashes = body.prefix(while: { $0 == "#" }).count
            if hashes <= 6, indent + hashes == characters.count || characters[indent + hashes] == " " {
                return [HighlightSpan(all, role: Self.heading.role, attributes: Self.heading.attributes)]
            }
        }
        if body.first == ">" {
            return [HighlightSpan(all, attributes: .italic), HighlightSpan(indent..<(indent + 1), role: Self.marker)]
                + Self.inline(characters, from: indent + 1)
        }
        if let width = Self.listMarkerWidth(body) {
            return [HighlightSpan(indent..<(indent + width), role: Self.marker, attributes: .bold)]
                + Self.inline(characters, from: indent + width)
        }
        return Self.inline(characters, from: indent)
    }

    public func state(after line: String, at index: Int, state: Int) -> Int {
        // Only fences change the state: look at the line's start alone.
        let trimmed = line.drop(while: { $0 == " " })
        guard line.count - trimmed.count < 4, let fence = Self.fence(trimmed) else { return state }
        switch (Block(rawValue: state) ?? .text, fence) {
        case (.text, _): return fence.rawValue
        case (.backtickFence, .backtickFence), (.tildeFence, .tildeFence): return Block.text.rawValue
        default: return state
        }
    }

    /// The fence a line opens or closes (three or more backticks or tildes), if it is one.
    private static func fence(_ body: some Collection<Character>) -> Block? {
        guard let first = body.first, first == "`" || first == "~" else { return nil }
        guard body.prefix(while: { $0 == first }).count >= 3 else { return nil }
        return first == "`" ? .backtickFence : .tildeFence
    }

    /// The width of a list marker with its space (`- `, `* `, `+ `, `12. `, `3) `), if the
    /// line starts with one.
    private static func listMarkerWidth(_ body: ArraySlice<Character>) -> Int? {
        guard let first = body.first else { return nil }
        let start = body.startIndex
        if first == "-" || first == "*" || first == "+" {
            return body.count == 1 || body[start + 1] == " " ? min(2, body.count) : nil
        }
        let digits = body.prefix(while: { $0.isASCII && $0.isNumber }).count
        guard digits > 0, digits < 10, start + digits < body.endIndex else { return nil }
        let after = body[start + digits]
        guard after == "." || after == ")" else { return nil }
        let spaceIndex = start + digits + 1
        return spaceIndex == body.endIndex || body[spaceIndex] == " " ? min(digits + 2, body.count) : nil
    }

    /// Spans for inline code, strong and emphasised text and links, from `start`.
    static func inline(_ characters: [Character], from start: Int) -> [HighlightSpan] {
        var spans: [HighlightSpan] = []
        var index = start
        let count = characters.count
        func find(_ target: [Character], from position: Int) -> Int? {
            var probe = position
            while probe + target.count <= count {
                if Array(characters[probe..<(probe + target.count)]) == target { return probe }
                probe += 1
            }
            return nil
        }
        while index < count {
            let character = characters[index]
            switch character {
            case "`":
                if let close = find(["`"], from: index + 1) {
                    spans.append(HighlightSpan(index..<(close + 1), role: code))
                    index = close + 1
                    continue
                }
            case "*", "_":
                let doubled = index + 1 < count && characters[index + 1] == character
                let marker: [Character] = doubled ? [character, character] : [character]
                let inner = index + marker.count
                if inner < count, characters[inner] != " ", let close = find(marker, from: inner + 1), characters[close - 1] != " " {
                    spans.append(HighlightSpan(index..<(close + marker.count), attributes: doubled ? .bold : .italic))
                    index = close + marker.count
                    continue
                }
            case "[":
                if let middle = find(["]", "("], from: index + 1), let close = find([")"], from: middle + 2) {
                    spans.append(HighlightSpan((index + 1)..<middle, role: link, attributes: .underline))
                    spans.append(HighlightSpan((middle + 1)..<(close + 1), attributes: .dim))
                    index = close + 1
                    continue
                }
            default:
                break
            }
            index += 1
        }
        return spans
    }
}
