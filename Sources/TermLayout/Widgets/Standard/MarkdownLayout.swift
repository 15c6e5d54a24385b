/// Markdown blocks laid out in cells at a width: the rows of styled characters that
/// ``MarkdownWidget`` draws. Paragraphs wrap by word; list items, quotes and code blocks are
/// indented; a code line that is too wide is cut with `…`; a table's columns share the width.
struct MarkdownLayout {
    typealias Row = [TextLayout.StyledCharacter]

    /// The looks of the parts of a document.
    struct Theme: Hashable {
        var text: CellStyle
        var heading: Color?
        var code: Color
        var link: Color?
    }

    let theme: Theme
    /// How many lists this one is inside (its bullets change by depth: `•`, `◦`, `▪`).
    var listDepth = 0

    /// The rows of `blocks` at `width` columns, with one blank row between blocks.
    func rows(of blocks: [MarkdownBlock], width: Int) -> [Row] {
        guard width > 0 else { return [] }
        var rows: [Row] = []
        for (index, block) in blocks.enumerated() {
            if index > 0 { rows.append([]) }
            rows += self.rows(of: block, width: width)
        }
        return rows
    }

    private func rows(of block: MarkdownBlock, width: Int) -> [Row] {
        // A list item or quote narrower than its marker has no room at all (a rule there
        // would be a negative number of characters).
        guard width > 0 else { return [] }
        switch block {
        case .heading(let level, let spans):
            var style = theme.text
            style.attributes.insert(.bold)
            if level == 1 { style.attributes.insert(.underline) }
            if level >= 3 { style.attributes.insert(.italic) }
            if let color = theme.heading { style.foreground = color }
            return wrap(spans, width: width, base: style)
        case .paragraph(let spans):
            return wrap(spans, width: width, base: theme.text)
        case .code(let lines):
            var style = theme.text
            style.foreground = theme.code
            return lines.map { line in
                let characters = Array("  " + TextSanitizer.sanitize(line.replacingOccurrences(of: "\t", with: "    ")))
                return fit(characters.map { TextLayout.StyledCharacter(character: $0, style: style) }, width: width)
            }
        case .list(let ordered, let start, let items):
            return list(ordered: ordered, start: start, items: items, width: width)
        case .quote(let blocks):
            var bar = theme.text
            bar.attributes.insert(.dim)
            let inner = MarkdownLayout(theme: Theme(text: italic(theme.text), heading: theme.heading, code: theme.code, link: theme.link),
                                       listDepth: listDepth)
            return indent(inner.rows(of: blocks, width: width - 2), marker: "▌ ", style: bar, width: width)
        case .table(let header, let rows, let alignments):
            return MarkdownTableLayout(layout: self).rows(header: header, rows: rows, alignments: alignments, width: width)
        case .rule:
            var style = theme.text
            style.attributes.insert(.dim)
            return [Array(repeating: TextLayout.StyledCharacter(character: "─", style: style), count: width)]
        }
    }

    private func italic(_ style: CellStyle) -> CellStyle {
        var style = style
        style.attributes.insert(.italic)
        return style
    }

    /// A list's items, each behind its marker (`•`, `◦`, `▪` by depth, or its number), the
    /// item's later rows indented to line up with its text.
    private func list(ordered: Bool, start: Int, items: [[MarkdownBlock]], width: Int) -> [Row] {
        let bullet = ["• ", "◦ ", "▪ "][listDepth % 3]
        let inner = MarkdownLayout(theme: theme, listDepth: listDepth + 1)
        let last = start.addingReportingOverflow(max(items.count - 1, 0)).partialValue
        let numberWidth = max(String(start).count, String(last).count)
        var rows: [Row] = []
        for (offset, item) in items.enumerated() {
            let number = start.addingReportingOverflow(offset).partialValue
            let marker = ordered ? String(repeating: " ", count: numberWidth - String(number).count) + "\(number). " : bullet
            // Items of a tight list are single paragraphs: no blank row between their blocks.
            var itemRows: [Row] = []
            for (index, block) in item.enumerated() {
                if index > 0, case .list = block {} else if index > 0 { itemRows.append([]) }
                itemRows += inner.rows(of: block, width: width - marker.count)
            }
            var markerStyle = theme.text
            markerStyle.attributes.insert(.bold)
            rows += indent(itemRows.isEmpty ? [[]] : itemRows, marker: marker, style: markerStyle, width: width)
        }
        return rows
    }

    /// `rows` behind `marker` on the first row and spaces on the rest (a quote's bar on all).
    private func indent(_ rows: [Row], marker: String, style: CellStyle, width: Int) -> [Row] {
        let repeated = marker == "▌ "
        let blank = String(repeating: " ", count: TextMeasure.width(of: marker))
        return rows.enumerated().map { index, row in
            let prefix = (index == 0 || repeated ? marker : blank).map { TextLayout.StyledCharacter(character: $0, style: style) }
            return fit(prefix + row, width: width)
        }
    }

    /// Inline spans wrapped by word at `width`; `\n` (a hard break) starts a new row.
    func wrap(_ spans: [MarkdownSpan], width: Int, base: CellStyle) -> [Row] {
        guard width > 0 else { return [] }
        var characters: [TextLayout.StyledCharacter] = []
        for span in spans {
            let style = self.style(of: span.look, base: base)
            let text = span.text == "\n" ? "\n" : TextSanitizer.sanitize(span.text)
            characters += text.map { TextLayout.StyledCharacter(character: $0, style: style) }
        }
        return TextLayout.lines(characters, width: width, height: Int.max, wrap: .word)
    }

    /// The style of inline text with `look` over `base`.
    func style(of look: MarkdownSpan.Look, base: CellStyle) -> CellStyle {
        var style = base
        if look.contains(.strong) { style.attributes.insert(.bold) }
        if look.contains(.emphasis) { style.attributes.insert(.italic) }
        if look.contains(.strikethrough) { style.attributes.insert(.strikethrough) }
        if look.contains(.code) { style.foreground = theme.code }
        if look.contains(.link) {
            style.attributes.insert(.underline)
            if let link = theme.link { style.foreground = link }
        }
        return style
    }

    /// `row` cut with `…` if it is wider than `width`.
    func fit(_ row: Row, width: Int) -> Row {
        var used = 0
        for item in row {
            used += TextMeasure.width(of: item.character)
            if used > width { return TextLayout.ellipsize(row, width: width) }
        }
        return row
    }
}

/// A Markdown table in cells: columns as wide as their widest cell while the table fits,
/// the widest narrowed first when it does not; cells cut with `…`; the header bold above a rule.
struct MarkdownTableLayout {
    let layout: MarkdownLayout

    func rows(header: [[MarkdownSpan]], rows: [[[MarkdownSpan]]], alignments: [TextLayout.Alignment], width: Int) -> [MarkdownLayout.Row] {
        let all = (header.isEmpty ? [] : [header]) + rows
        let count = all.map(\.count).max() ?? 0
        guard count > 0 else { return [] }
        let separators = 3 * (count - 1)
        var widths = Array(repeating: 1, count: count)
        for row in all {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TextMeasure.width(of: cell.map(\.text).joined()))
            }
        }
        // Narrow the widest column a cell at a time until the table fits (each keeps one cell).
        while widths.reduce(separators, +) > width, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1 {
            let excess = widths.reduce(separators, +) - width
            let second = widths.enumerated().filter { $0.offset != widest }.map(\.element).max() ?? 1
            widths[widest] -= max(1, min(excess, widths[widest] - max(second, 1)))
        }
        var bold = layout.theme.text
        bold.attributes.insert(.bold)
        var dim = layout.theme.text
        dim.attributes.insert(.dim)
        var result: [MarkdownLayout.Row] = []
        if !header.isEmpty {
            result.append(line(header, widths: widths, alignments: alignments, base: bold, separator: dim, width: width))
            let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
            result.append(layout.fit(rule.map { TextLayout.StyledCharacter(character: $0, style: dim) }, width: width))
        }
        for row in rows {
            result.append(line(row, widths: widths, alignments: alignments, base: layout.theme.text, separator: dim, width: width))
        }
        return result
    }

    private func line(_ cells: [[MarkdownSpan]], widths: [Int], alignments: [TextLayout.Alignment], base: CellStyle,
                      separator: CellStyle, width: Int) -> MarkdownLayout.Row {
        var row: MarkdownLayout.Row = []
        for (column, cellWidth) in widths.enumerated() {
            if column > 0 { row += " │ ".map { TextLayout.StyledCharacter(character: $0, style: separator) } }
            let spans = column < cells.count ? cells[column] : []
            var text = layout.wrap(spans.map { MarkdownSpan(text: $0.text.replacingOccurrences(of: "\n", with: " "), look: $0.look) },
                                   width: Int.max / 4, base: base).first ?? []
            text = layout.fit(text, width: cellWidth)
            let free = cellWidth - text.reduce(0) { $0 + TextMeasure.width(of: $1.character) }
            let alignment = column < alignments.count ? alignments[column] : .left
            let before = alignment == .right ? free : alignment == .center ? free / 2 : 0
            let pad = { (count: Int) in Array(repeating: TextLayout.StyledCharacter(character: " ", style: base), count: max(count, 0)) }
            row += pad(before) + text + pad(free - before)
        }
        return layout.fit(row, width: width)
    }
}
