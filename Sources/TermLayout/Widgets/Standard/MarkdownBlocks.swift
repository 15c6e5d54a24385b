/// A Markdown document as blocks of styled text: what ``MarkdownWidget`` lays out in cells.
///
/// The parser is the project's own, line by line, in time linear in the document (times the
/// nesting depth, at most ``depthLimit``). JohnSundell/Ink was tried first and measured: it
/// did not finish 100 bytes of `![` in 100 s, took over 50 s for 40 KB of `[a](`, and put a
/// list item written after a nested list into the nested list. A notes app opens whatever
/// file is in its folder, so the parser must be bounded.
enum MarkdownBlock: Equatable {
    case heading(level: Int, [MarkdownSpan])
    case paragraph([MarkdownSpan])
    /// A fenced or indented code block, its lines as written.
    case code([String])
    case list(ordered: Bool, start: Int, items: [[MarkdownBlock]])
    case quote([MarkdownBlock])
    case table(header: [[MarkdownSpan]], rows: [[[MarkdownSpan]]], alignments: [TextLayout.Alignment])
    case rule

    /// Quotes and lists nest at most this deep; deeper ones are read as text.
    static let depthLimit = 32

    /// The blocks of `markdown`. Never fails: whatever is not a block is a paragraph.
    static func parse(_ markdown: String) -> [MarkdownBlock] {
        var lines: [Substring] = []
        var definitions: [String: String] = [:]
        for line in markdown.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            // `[name]: url` defines a link target and is not shown.
            if let (name, url) = MarkdownLine.linkDefinition(line) {
                definitions[name.lowercased()] = url
                continue
            }
            lines.append(line)
        }
        var reader = MarkdownBlockReader(inline: MarkdownInline(definitions: definitions))
        return reader.blocks(of: lines[...], depth: 0)
    }
}

/// Reads blocks from lines: headings, rules, fenced and indented code, quotes, lists, tables
/// and paragraphs (with setext headings).
struct MarkdownBlockReader {
    let inline: MarkdownInline

    mutating func blocks(of lines: ArraySlice<Substring>, depth: Int) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            let indent = MarkdownLine.indent(of: line)
            if MarkdownLine.isBlank(line) {
                index += 1
            } else if indent >= 4 {
                var code: [String] = []
                while index < lines.endIndex, MarkdownLine.indent(of: lines[index]) >= 4 || MarkdownLine.isBlank(lines[index]) {
                    code.append(String(MarkdownLine.dropIndent(4, from: lines[index])))
                    index += 1
                }
                while code.last?.allSatisfy(\.isWhitespace) == true { code.removeLast() }
                blocks.append(.code(code))
            } else if let fence = MarkdownLine.fence(line) {
                index += 1
                var code: [String] = []
                while index < lines.endIndex {
                    if let closing = MarkdownLine.fence(lines[index]), closing.character == fence.character,
                       closing.length >= fence.length, closing.info.isEmpty {
                        index += 1
                        break
                    }
                    code.append(String(MarkdownLine.dropIndent(fence.indent, from: lines[index])))
                    index += 1
                }
                blocks.append(.code(code))
            } else if let (level, text) = MarkdownLine.heading(line) {
                blocks.append(.heading(level: level, inline.spans(of: text)))
                index += 1
            } else if MarkdownLine.isRule(line) {
                blocks.append(.rule)
                index += 1
            } else if depth < MarkdownBlock.depthLimit, MarkdownLine.quoteContent(line) != nil {
                var inner: [Substring] = []
                while index < lines.endIndex, !MarkdownLine.isBlank(lines[index]) {
                    if let content = MarkdownLine.quoteContent(lines[index]) {
                        inner.append(content)
                    } else if startsBlock(lines[index]) {
                        break
                    } else {
                        inner.append(lines[index])  // A lazy continuation of the quoted paragraph.
                    }
                    index += 1
                }
                blocks.append(.quote(self.blocks(of: inner[...], depth: depth + 1)))
            } else if depth < MarkdownBlock.depthLimit, let marker = MarkdownLine.listMarker(line) {
                blocks.append(list(from: lines, at: &index, first: marker, depth: depth))
            } else if index + 1 < lines.endIndex, line.contains("|"), let alignments = MarkdownLine.tableDelimiter(lines[index + 1]) {
                let header = MarkdownLine.cells(of: line).map(inline.spans(of:))
                index += 2
                var rows: [[[MarkdownSpan]]] = []
                while index < lines.endIndex, !MarkdownLine.isBlank(lines[index]), lines[index].contains("|") {
                    rows.append(MarkdownLine.cells(of: lines[index]).map(inline.spans(of:)))
                    index += 1
                }
                blocks.append(.table(header: header, rows: rows, alignments: alignments))
            } else {
                var text: [Substring] = [line]
                index += 1
                var level: Int?
                while index < lines.endIndex, !MarkdownLine.isBlank(lines[index]) {
                    if let setext = MarkdownLine.setextLevel(lines[index]) {
                        level = setext
                        index += 1
                        break
                    }
                    if startsBlock(lines[index]) { break }
                    text.append(lines[index])
                    index += 1
                }
                let spans = inline.spans(of: text)
                blocks.append(level.map { .heading(level: $0, spans) } ?? .paragraph(spans))
            }
        }
        return blocks
    }

    /// Whether `line` starts a block that ends a paragraph.
    private func startsBlock(_ line: Substring) -> Bool {
        MarkdownLine.fence(line) != nil || MarkdownLine.heading(line) != nil || MarkdownLine.isRule(line)
            || MarkdownLine.quoteContent(line) != nil || MarkdownLine.listMarker(line) != nil
    }

    /// A list from its first item at `index`: items with the same kind of marker, each with
    /// the lines indented past its marker (and lazy continuations of its paragraph).
    private mutating func list(from lines: ArraySlice<Substring>, at index: inout Int, first: MarkdownLine.ListMarker,
                               depth: Int) -> MarkdownBlock {
        var items: [[MarkdownBlock]] = []
        while index < lines.endIndex, let marker = MarkdownLine.listMarker(lines[index]), marker.sameKind(as: first),
              marker.indent < first.contentIndent {
            var itemLines: [Substring] = [marker.content]
            index += 1
            var sawBlank = false
            while index < lines.endIndex {
                let line = lines[index]
                if MarkdownLine.isBlank(line) {
                    sawBlank = true
                    itemLines.append(line)
                } else if MarkdownLine.indent(of: line) >= marker.contentIndent {
                    sawBlank = false
                    itemLines.append(MarkdownLine.dropIndent(marker.contentIndent, from: line))
                } else if !sawBlank, !startsBlock(line) {
                    itemLines.append(line)  // A lazy continuation.
                } else {
                    break
                }
                index += 1
            }
            items.append(blocks(of: itemLines[...], depth: depth + 1))
        }
        return .list(ordered: first.number != nil, start: first.number ?? 1, items: items)
    }
}

/// A run of text with one look: the inline part of Markdown.
struct MarkdownSpan: Equatable {
    /// How a span looks, from the marks around it.
    struct Look: OptionSet, Hashable {
        let rawValue: UInt8
        static let strong = Look(rawValue: 1 << 0)
        static let emphasis = Look(rawValue: 1 << 1)
        static let code = Look(rawValue: 1 << 2)
        static let link = Look(rawValue: 1 << 3)
        static let strikethrough = Look(rawValue: 1 << 4)
    }

    var text: String
    var look: Look
}
