/// Button: `[ Title ]`, centred; reversed (or `focusColor`/`focusBackground`) when focused,
/// dim when disabled.
enum ButtonPainter {
    static func paint(_ context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        var style = try context.textStyle()
        if try context.bool("disabled") { style.attributes.insert(.dim) }
        style = try context.focusStyle(style)
        if context.focused, let background = try context.color("focusBackground") {
            buffer.fill(context.rect, background: background, clip: context.clip)
        }
        let title = try context.string("title")
        // Brackets only when there is room for them and at least one character of the title.
        let label = context.rect.columns >= 5 ? "[ " + TextLayout.truncate(title, to: context.rect.columns - 4) + " ]"
                                              : TextLayout.truncate(title, to: context.rect.columns)
        let free = max(0, context.rect.columns - TextMeasure.width(of: label))
        buffer.write(label, column: context.rect.column + free / 2, row: context.rect.row + context.rect.rows / 2, style: style, clip: context.clip)
    }
}

/// TextField: its text (or a dim placeholder), masked with `•` when `secure`, underlined;
/// the cursor cell is reversed when focused.
enum TextFieldPainter {
    /// The first character shown: the field scrolls horizontally so the cursor stays inside.
    static func scrollOffset(of characters: [Character], cursor: Int, columns: Int) -> Int {
        var first = 0, width = TextMeasure.width(of: String(characters[..<cursor]))
        while first < cursor, width > columns - 1 {
            width -= TextMeasure.width(of: characters[first])
            first += 1
        }
        return first
    }

    static func paint(_ context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        var style = try context.textStyle()
        style.attributes.insert(.underline)
        // The cursor shows focus; focus colours, when given, apply to the whole field.
        if try context.hasFocusColors() { style = try context.focusStyle(style) }
        let rect = context.rect
        context.blank(row: rect.row, style: style, into: &buffer)
        var text = try context.string("text")
        if try context.bool("secure") { text = String(repeating: "•", count: text.count) }
        let characters = Array(text)
        let cursor = min(context.node.textCursor ?? characters.count, characters.count)
        var cursorColumn = rect.column
        if characters.isEmpty {
            var placeholder = style
            placeholder.attributes.insert(.dim)
            buffer.write(TextLayout.truncate(try context.string("placeholder"), to: rect.columns), column: rect.column, row: rect.row,
                         style: placeholder, clip: context.clip)
        } else {
            let first = scrollOffset(of: characters, cursor: cursor, columns: rect.columns)
            buffer.write(String(characters[first...]), column: rect.column, row: rect.row, style: style,
                         clip: rect.intersection(context.clip))
            cursorColumn += TextMeasure.width(of: String(characters[first..<cursor]))
        }
        guard context.focused, context.clip.contains(column: cursorColumn, row: rect.row) else { return }
        if context.usesHardwareCursor {
            buffer.cursor = CellPosition(column: cursorColumn, row: rect.row)
        } else {
            // The insertion point drawn as a reversed cell over what is there.
            let cell = buffer[cursorColumn, rect.row]
            var cursorStyle = cell.style
            cursorStyle.attributes.insert(.reverse)
            let under = cell.isContinuation || cell.text.isEmpty ? " " : cell.text
            buffer.write(under, column: cursorColumn, row: rect.row, style: cursorStyle, clip: context.clip)
        }
    }
}

extension PaintContext {
    /// A list's selected row: reversed, or in the list's focus colours while it has focus.
    /// The selected row's look: reversed — bold while the List has focus, dim while it does
    /// not, so which list the arrows move is visible at a glance.
    func selectionStyle() throws(Diagnostic) -> CellStyle {
        var style = CellStyle(background: transparent)
        if focused, try hasFocusColors() { return try focusStyle(style) }
        style.attributes.formUnion(Self.selectionAttributes(focused: focused))
        return style
    }

    static func selectionAttributes(focused: Bool) -> TextStyle {
        focused ? [.reverse, .bold] : [.reverse, .dim]
    }
}

/// Checkbox `[x] Title` and Toggle, a switch: `──● Title` on, `●── Title` off.
enum CheckPainter {
    static func paint(_ context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let style = try context.focusStyle(try context.textStyle())
        let checked = try context.bool("checked")
        let mark = context.node.widget.name == "Toggle" ? (checked ? "──● " : "●── ") : (checked ? "[x] " : "[ ] ")
        let text = TextLayout.truncate(mark + (try context.string("title")), to: context.rect.columns)
        buffer.write(text, column: context.rect.column, row: context.rect.row, style: style, clip: context.clip)
    }
}

/// ProgressBar: `value` (0–1) filled with block characters in eighths of a cell.
enum ProgressBarPainter {
    static let eighths: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    static func paint(_ context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let value = min(max(try context.number("value"), 0), 1)
        let style = CellStyle(foreground: try context.color("color") ?? .default, background: transparent)
        let total = Clamp.int(value * Double(context.rect.columns) * 8, rounding: .toNearestOrAwayFromZero)
        // Only the cells that show are built: the bar may be far wider than the screen.
        let rect = context.rect, area = context.visibleCells(in: buffer)
        guard area.columns > 0, area.rows > 0 else { return }
        let skipped = area.column - rect.column
        let shown = min(total, (area.column + area.columns - rect.column) * 8)
        var bar = String(repeating: "█", count: max(0, shown / 8 - skipped))
        if shown / 8 >= skipped, shown % 8 > 0 { bar.append(eighths[shown % 8]) }
        for row in area.row..<(area.row + area.rows) {
            buffer.write(bar, column: area.column, row: row, style: style, clip: context.clip)
        }
    }
}

/// Spinner: a braille wheel that turns with the frame count while `active`.
enum SpinnerPainter {
    static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    static func paint(_ context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        guard try context.bool("active") else { return }
        let style = CellStyle(foreground: try context.color("color") ?? .default, background: transparent)
        buffer.write(String(frames[context.frame % frames.count]), column: context.rect.column, row: context.rect.row,
                     style: style, clip: context.clip)
    }
}

/// List without a row template: one line per item (an object's `title`, else the item
/// itself), the selected row reversed, scrolled so the selection is visible. Lists with a row
/// template are drawn by the ``Renderer`` through ``ListRows``.
enum ListPainter {
    /// The first item shown: the selection stays on the last row while it is below the first page.
    static func firstVisible(selection: Int, count: Int, rows: Int) -> Int {
        max(0, min(selection - rows + 1, count - rows, selection))
    }

    static func paint(_ context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        guard context.node.listRows == nil else { return }
        let items = try context.value("items").arrayValue ?? []
        let selection = Clamp.int(try context.number("selection"))
        let rows = context.rect.rows
        let first = firstVisible(selection: selection, count: items.count, rows: rows)
        for (offset, item) in items.dropFirst(first).prefix(rows).enumerated() {
            let index = first + offset
            let title = item.objectValue?["title"]?.interpolationText ?? item.interpolationText
            var style = CellStyle(background: transparent)
            if index == selection {
                style = try context.selectionStyle()
                context.blank(row: context.rect.row + offset, style: style, into: &buffer)
            }
            buffer.write(TextLayout.truncate(title, to: context.rect.columns), column: context.rect.column,
                         row: context.rect.row + offset, style: style, clip: context.clip)
        }
    }
}
