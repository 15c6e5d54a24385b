/// What one line of Markdown is: the tests ``MarkdownBlockReader`` makes of each line (a
/// heading, a fence, a rule, a quote, a list marker, a table row), each looking at the line
/// once.
enum MarkdownLine {
    /// The columns of leading white space (a tab to the next multiple of four).
    static func indent(of line: Substring) -> Int {
        var columns = 0
        for character in line {
            if character == " " { columns += 1 } else if character == "\t" { columns += 4 - columns % 4 } else { break }
        }
        return columns
    }

    /// `line` without up to `columns` columns of leading white space.
    static func dropIndent(_ columns: Int, from line: Substring) -> Substring {
        var dropped = 0
        var index = line.startIndex
        while index < line.endIndex, dropped < columns {
            switch line[index] {
            case " ": dropped += 1
            case "\t": dropped += 4 - dropped % 4
            default: return line[index...]
            }
            index = line.index(after: index)
        }
        return line[index...]
    }

    static func isBlank(_ line: Substring) -> Bool { line.allSatisfy(\.isWhitespace) }

    /// `# Title` (up to six `#`, closing `#`s dropped): its level and text.
    static func heading(_ line: Substring) -> (Int, Substring)? {
        guard indent(of: line) < 4 else { return nil }
        let trimmed = line.drop(while: { $0 == " " })
        let hashes = trimmed.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        let rest = trimmed.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingWhitespace()
        // A closing run of `#` after a space is not part of the title.
        let closing = text.reversed().prefix(while: { $0 == "#" }).count
        if closing > 0, closing == text.count || text.dropLast(closing).last == " " { text = text.dropLast(closing).trimmingWhitespace() }
        return (hashes, text)
    }

    /// `===` (level 1) or `---` (level 2) under a paragraph.
    static func setextLevel(_ line: Substring) -> Int? {
        guard indent(of: line) < 4 else { return nil }
        let trimmed = line.trimmingWhitespace()
        guard let first = trimmed.first, first == "=" || first == "-", trimmed.allSatisfy({ $0 == first }) else { return nil }
        return first == "=" ? 1 : 2
    }

    /// Three or more `-`, `*` or `_`, with spaces between allowed.
    static func isRule(_ line: Substring) -> Bool {
        guard indent(of: line) < 4 else { return false }
        var mark: Character?
        var count = 0
        for character in line where character != " " && character != "\t" {
            guard character == mark ?? character, character == "-" || character == "*" || character == "_" else { return false }
            mark = character
            count += 1
        }
        return count >= 3
    }

    /// A code fence: three or more backticks or tildes, and the info after them.
    struct Fence {
        let character: Character
        let length: Int
        let indent: Int
        let info: Substring
    }

    static func fence(_ line: Substring) -> Fence? {
        let columns = indent(of: line)
        guard columns < 4 else { return nil }
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
        let length = trimmed.prefix(while: { $0 == first }).count
        guard length >= 3 else { return nil }
        let info = trimmed.dropFirst(length).trimmingWhitespace()
        guard first == "~" || !info.contains("`") else { return nil }
        return Fence(character: first, length: length, indent: columns, info: info)
    }

    /// The content after `>` (and one space), or `nil` if the line is not quoted.
    static func quoteContent(_ line: Substring) -> Substring? {
        guard indent(of: line) < 4 else { return nil }
        let trimmed = line.drop(while: { $0 == " " })
        guard trimmed.first == ">" else { return nil }
        let rest = trimmed.dropFirst()
        return rest.first == " " ? rest.dropFirst() : rest
    }

    /// A list item's marker: `-`, `*`, `+`, or a number and `.` or `)`; where its content starts.
    struct ListMarker {
        /// The bullet, or the number's delimiter.
        let symbol: Character
        /// The number of an ordered item.
        let number: Int?
        /// The columns before the marker.
        let indent: Int
        /// The columns before the content; later lines of the item are indented this far.
        let contentIndent: Int
        let content: Substring

        func sameKind(as other: ListMarker) -> Bool {
            symbol == other.symbol && (number == nil) == (other.number == nil)
        }
    }

    static func listMarker(_ line: Substring) -> ListMarker? {
        let columns = indent(of: line)
        guard columns < 4 else { return nil }
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard let first = trimmed.first else { return nil }
        var number: Int?
        var symbol = first
        var rest: Substring
        if first == "-" || first == "*" || first == "+" {
            rest = trimmed.dropFirst()
        } else {
            let digits = trimmed.prefix(while: { $0.isASCII && $0.isNumber })
            guard (1...9).contains(digits.count), let delimiter = trimmed.dropFirst(digits.count).first,
                  delimiter == "." || delimiter == ")" else { return nil }
            number = Int(digits)
            symbol = delimiter
            rest = trimmed.dropFirst(digits.count + 1)
        }
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        // A line of `- - -` or `***` is a rule, not an item.
        if number == nil, isRule(line) { return nil }
        let markerWidth = trimmed.count - rest.count
        let spaces = min(rest.prefix(while: { $0 == " " }).count, 4)
        let gap = spaces == 0 || spaces == 4 ? 1 : spaces
        return ListMarker(symbol: symbol, number: number, indent: columns, contentIndent: columns + markerWidth + gap,
                          content: rest.dropFirst(min(gap, rest.count)))
    }

    /// A table's delimiter row (`|:--|--:|`): each column's alignment.
    static func tableDelimiter(_ line: Substring) -> [TextLayout.Alignment]? {
        guard line.contains("-") else { return nil }
        let cells = cells(of: line)
        guard !cells.isEmpty else { return nil }
        var alignments: [TextLayout.Alignment] = []
        for cell in cells {
            guard !cell.isEmpty, cell.allSatisfy({ $0 == "-" || $0 == ":" }), cell.contains("-") else { return nil }
            switch (cell.first == ":", cell.last == ":") {
            case (true, true): alignments.append(.center)
            case (false, true): alignments.append(.right)
            default: alignments.append(.left)
            }
        }
        return alignments
    }

    /// A table row's cells, split at `|` (not `\|`), trimmed, without the outer pipes' empties.
    static func cells(of line: Substring) -> [Substring] {
        var trimmed = line.trimmingWhitespace()
        if trimmed.first == "|" { trimmed = trimmed.dropFirst() }
        if trimmed.last == "|", trimmed.dropLast().last != "\\" { trimmed = trimmed.dropLast() }
        var cells: [Substring] = []
        var start = trimmed.startIndex
        var index = trimmed.startIndex
        var escaped = false
        while index < trimmed.endIndex {
            let character = trimmed[index]
            if character == "|", !escaped {
                cells.append(trimmed[start..<index].trimmingWhitespace())
                start = trimmed.index(after: index)
            }
            escaped = character == "\\" && !escaped
            index = trimmed.index(after: index)
        }
        cells.append(trimmed[start...].trimmingWhitespace())
        return cells
    }

    /// `[name]: url` — a link definition's name and target.
    static func linkDefinition(_ line: Substring) -> (String, String)? {
        guard indent(of: line) < 4 else { return nil }
        let trimmed = line.drop(while: { $0 == " " })
        guard trimmed.first == "[", let close = trimmed.firstIndex(of: "]"), trimmed.index(after: close) < trimmed.endIndex,
              trimmed[trimmed.index(after: close)] == ":" else { return nil }
        let name = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
        let url = trimmed[trimmed.index(close, offsetBy: 2)...].trimmingWhitespace()
        guard !name.isEmpty, !url.isEmpty, !url.contains(" ") || url.hasPrefix("<") else { return nil }
        return (String(name), String(url))
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    func trimmingWhitespace() -> Substring {
        let start = drop(while: { $0 == " " || $0 == "\t" })
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)] == " " || start[start.index(before: end)] == "\t" {
            end = start.index(before: end)
        }
        return start[..<end]
    }
}
