/// A Select's open list: where it goes, how it is drawn over the screen, and the keys and
/// clicks it takes while open.
enum SelectPopup {
    /// The option indices the filter keeps (case-insensitive substring; all when empty).
    static func kept(_ lowered: [[UInt8]], filter: String) -> [Int] {
        guard !filter.isEmpty else { return Array(lowered.indices) }
        let needle = Array(filter.lowercased().utf8)
        return lowered.indices.filter { contains(lowered[$0], needle) }
    }

    /// Whether `needle` occurs in `haystack`, byte for byte (UTF-8 never matches across a
    /// character's bytes, so this is a substring test on the text).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            var matched = 1
            while matched < needle.count && haystack[start + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// The list's box (border included), how many options show in it and whether it is above
    /// the field: on the side given, else below the field if it fits, else above if that
    /// fits, else on the roomier side with fewer rows; as wide as the widest option (at
    /// least the field), within the screen.
    static func box(field: CellRect, screen: CellRect, widest: Int, count: Int, maxRows: Int,
                    above side: Bool? = nil) -> (rect: CellRect, rows: Int, above: Bool) {
        let width = min(screen.columns, max(widest + 4, field.columns))
        let column = max(screen.column, min(field.column, screen.column + screen.columns - width))
        let wanted = max(1, min(maxRows, count))
        let below = screen.row + screen.rows - (field.row + 1), above = field.row - screen.row
        let rows: Int, top: Int
        if let side {
            rows = max(1, min(wanted, (side ? above : below) - 2))
            top = side ? field.row - rows - 2 : field.row + 1
        } else if wanted + 2 <= below {
            (rows, top) = (wanted, field.row + 1)
        } else if wanted + 2 <= above {
            (rows, top) = (wanted, field.row - wanted - 2)
        } else if below >= above {
            (rows, top) = (max(1, below - 2), field.row + 1)
        } else {
            rows = max(1, above - 2)
            top = field.row - rows - 2
        }
        return (CellRect(column: column, row: top, columns: width, rows: rows + 2), rows, top < field.row)
    }

    /// Draws the open list of `node` over whatever `buffer` holds.
    static func paint(_ node: LayoutNode, screen: CellRect, into buffer: inout CellBuffer) throws(Diagnostic) {
        let popup = SelectWidget.popup(of: node)
        let (titles, lowered) = try SelectWidget.titlesAndLowered(of: node)
        let kept = kept(lowered, filter: popup.filter)
        let maxRows = max(1, Clamp.int(try node.value(of: "rows").numberValue ?? 8))
        let widest = titles.map(TextMeasure.width(of:)).max() ?? 0
        let (rect, rows, above) = box(field: try node.cellFrame(), screen: screen, widest: widest, count: kept.count, maxRows: maxRows,
                                      above: popup.opensAbove)
        popup.opensAbove = above
        popup.highlight = min(max(popup.highlight, 0), max(kept.count - 1, 0))
        popup.top = min(max(popup.top, popup.highlight - rows + 1, 0), popup.highlight, max(kept.count - rows, 0))
        popup.drawn = rect
        let context = PaintContext(node: node, rect: rect, clip: screen, focused: true, frame: 0, usesHardwareCursor: false)
        let plain = try context.textStyle()
        let inner = max(0, rect.columns - 4)
        buffer.fill(rect, background: .default, clip: screen)
        let dashes = max(0, rect.columns - 2)
        let more = (above: popup.top > 0, below: popup.top + rows < kept.count)
        buffer.write(border("┌", "┐", dashes: dashes, mark: more.above ? "▲" : nil), column: rect.column, row: rect.row, style: plain, clip: screen)
        buffer.write(border("└", "┘", dashes: dashes, mark: more.below ? "▼" : nil), column: rect.column, row: rect.row + rows + 1,
                     style: plain, clip: screen)
        for line in 0..<rows {
            let row = rect.row + 1 + line
            buffer.write("│", column: rect.column, row: row, style: plain, clip: screen)
            buffer.write("│", column: rect.column + rect.columns - 1, row: row, style: plain, clip: screen)
            let position = popup.top + line
            var style = plain
            let text: String
            if position < kept.count {
                text = TextLayout.truncate(titles[kept[position]], to: inner)
                if position == popup.highlight { style = try context.focusStyle(plain) }
            } else if line == 0 {
                text = TextLayout.truncate("no match", to: inner)
                style.attributes.insert(.dim)
            } else {
                continue
            }
            let padding = String(repeating: " ", count: max(0, inner - TextMeasure.width(of: text)))
            buffer.write(" " + text + padding + " ", column: rect.column + 1, row: row, style: style, clip: screen)
        }
    }

    private static func border(_ left: String, _ right: String, dashes: Int, mark: String?) -> String {
        var line = String(repeating: "─", count: dashes)
        if let mark, dashes >= 2 { line = String(line.dropLast(2)) + mark + "─" }
        return left + line + right
    }

    // MARK: Input

    /// Keys while open: arrows, PgUp/PgDn and Home/End move the highlight, typing filters,
    /// Backspace edits the filter, Enter chooses, Escape closes. Control keys go on.
    static func handle(_ event: InputEvent, on node: LayoutNode, popup: SelectWidget.Popup, in interaction: Interaction) throws(Diagnostic) -> Bool {
        let (_, lowered) = try SelectWidget.titlesAndLowered(of: node)
        let kept = kept(lowered, filter: popup.filter)
        let page = max(1, Clamp.int(try node.value(of: "rows").numberValue ?? 8) - 1)
        switch event {
        case .up: move(popup, to: popup.highlight - 1, count: kept.count)
        case .down: move(popup, to: popup.highlight + 1, count: kept.count)
        case .pageUp: move(popup, to: popup.highlight - page, count: kept.count)
        case .pageDown: move(popup, to: popup.highlight + page, count: kept.count)
        case .home: move(popup, to: 0, count: kept.count)
        case .end: move(popup, to: kept.count - 1, count: kept.count)
        case .escape: SelectWidget.close(node)
        case .enter:
            if popup.highlight < kept.count { try SelectWidget.choose(kept[popup.highlight], on: node, interaction) } else { SelectWidget.close(node) }
        case .backspace:
            guard !popup.filter.isEmpty else { return true }
            refilter(popup, to: String(popup.filter.dropLast()), lowered: lowered, from: kept)
        case .character(let character):
            refilter(popup, to: popup.filter + TextSanitizer.sanitize(String(character)), lowered: lowered, from: kept)
        case .text(let text):
            refilter(popup, to: popup.filter + TextSanitizer.sanitize(text), lowered: lowered, from: kept)
        case .left, .right, .delete: break
        default: return false
        }
        node.paintRecord.invalidate()
        return true
    }

    private static func move(_ popup: SelectWidget.Popup, to index: Int, count: Int) {
        popup.highlight = min(max(index, 0), max(count - 1, 0))
    }

    /// A new filter: the highlighted option stays highlighted if the filter keeps it.
    private static func refilter(_ popup: SelectWidget.Popup, to filter: String, lowered: [[UInt8]], from kept: [Int]) {
        let highlighted = popup.highlight < kept.count ? kept[popup.highlight] : nil
        popup.filter = filter
        let now = self.kept(lowered, filter: filter)
        popup.highlight = highlighted.flatMap { now.firstIndex(of: $0) } ?? 0
        popup.top = 0
    }

    /// Every mouse event while open: a press on an option chooses it, on the field or
    /// outside the list closes it; the wheel over the list moves the highlight.
    static func mouse(_ mouse: MouseEvent, on node: LayoutNode, in interaction: Interaction) throws(Diagnostic) -> Bool {
        let popup = SelectWidget.popup(of: node)
        let inside = popup.drawn?.contains(column: mouse.column, row: mouse.row) ?? false
        let kept = kept(try SelectWidget.titlesAndLowered(of: node).lowered, filter: popup.filter)
        switch mouse.kind {
        case .release, .drag:
            return true
        case .wheelUp, .wheelDown:
            guard inside else { return true }
            move(popup, to: popup.highlight + (mouse.kind == .wheelUp ? -1 : 1), count: kept.count)
            node.paintRecord.invalidate()
            return true
        case .press:
            guard inside, let drawn = popup.drawn else {
                SelectWidget.close(node)
                return true
            }
            let position = popup.top + mouse.row - drawn.row - 1
            let onOption = mouse.row > drawn.row && mouse.row < drawn.row + drawn.rows - 1 && position < kept.count
            if onOption { try SelectWidget.choose(kept[position], on: node, interaction) }
            return true
        }
    }
}
