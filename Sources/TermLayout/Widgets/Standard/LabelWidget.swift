/// `Label`: styled runs or `text`, in `color` with the text attributes, aligned, wrapped by
/// word or character (or not at all), limited to `lines`, and cut with `…` when it does not
/// fit. As a flex item it does not shrink below its longest word.
public enum LabelWidget: Widget {
    public static let name = "Label"
    public static let summary = "Text, plain or styled"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("text", .string, default: "", "The text"),
        PropertyDescriptor("alignment", .enumeration(["left", "center", "right"]), default: "left", "Horizontal alignment"),
        PropertyDescriptor("wrap", .enumeration(["word", "char", "none"]), default: "word", "How long lines wrap"),
        PropertyDescriptor("lines", .number(), default: 0, "Most lines shown (0: no limit)"),
    ]
    public static let traits: WidgetTraits = .measuresMinContent

    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        let content = try context.node.plainText()
        let (maxLines, mode) = try linesAndWrap(context)
        let size = content.utf8.count >= LabelLines.minimumBytes
            ? bigTextSize(content, node: context.node, maxWidth: context.maxColumns, wrap: mode, maxLines: maxLines)
            : TextMeasure.size(of: content, maxWidth: context.maxColumns, wrap: mode, maxLines: maxLines)
        var rows = size.rows
        if context.maxColumns == 0 {
            // No room at all (`width="w"` with `w` zero or negative): nothing of the text shows,
            // so it keeps one row per line rather than wrapping a character per row and pushing
            // what follows off the screen. The width stays the widest character, as a
            // container's min-content measure asks.
            let paragraphs = content.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            rows = maxLines > 0 ? min(paragraphs, maxLines) : paragraphs
        }
        return context.size(columns: size.columns, rows: max(rows, content.isEmpty ? 0 : 1))
    }

    /// `TextMeasure.size(of:maxWidth:wrap:maxLines:)` of a big text, from the lines its
    /// node keeps (`LabelLines`): laid out once per width, and then painted from them.
    static func bigTextSize(_ content: String, node: LayoutNode, maxWidth: Int?, wrap: TextMeasure.Wrap, maxLines: Int) -> (columns: Int, rows: Int) {
        // One line of printable ASCII that fits: `size` answers without laying out lines.
        if wrap == .none || content.utf8.count <= maxWidth ?? .max, TextMeasure.isPrintableASCII(content) {
            return TextMeasure.size(of: content, maxWidth: maxWidth, wrap: wrap, maxLines: maxLines)
        }
        let kept = node.widgetStorage(orMake: LabelLines.init)
        let layout = kept.layout(of: content, width: maxWidth, wrap: wrap)
        guard maxLines > 0, layout.lines.count > maxLines else { return (layout.columns, layout.lines.count) }
        let text = kept.text
        let columns = layout.lines.prefix(maxLines).reduce(0) { max($0, TextMeasure.width(of: text[$1])) }
        return (columns, maxLines)
    }

    /// The longest word (the widest character with `wrap="char"`, the longest line with `wrap="none"`).
    public static func minContentWidth(_ context: MeasureContext) throws(Diagnostic) -> Double {
        let content = try context.node.plainText()
        let columns: Int = switch try wrap(context) {
        case .none: TextMeasure.size(of: content, maxWidth: nil, wrap: .none).columns
        case .char: content.map { TextMeasure.width(of: $0) }.max() ?? 0
        case .word: TextMeasure.longestWordWidth(in: content)
        }
        return Double(columns) * context.node.tree.cellMetric.pointsPerColumn
    }

    /// `lines` and `wrap`, as measuring reads them (in that order). A label that sets neither
    /// (nor `alignment`; most set none) has its widget's defaults, read once for all.
    static func linesAndWrap(_ context: MeasureContext) throws(Diagnostic) -> (lines: Int, wrap: TextMeasure.Wrap) {
        if !context.node.setsTextLayout, !context.node.hasOverrides {
            let defaults = context.node.widget.defaultTextLayout
            return (defaults.lines, defaults.wrap)
        }
        let lines = Clamp.int(try context.number("lines"))
        return (lines, try wrap(context))
    }

    private static func wrap(_ reader: some WidgetPropertyReader) throws(Diagnostic) -> TextMeasure.Wrap {
        TextMeasure.Wrap.named(try reader.string("wrap")) ?? .word
    }

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let base = try context.textStyle()
        if !context.node.hasBody, try paintPlainLine(&context, style: base, into: &buffer) { return }
        if !context.node.hasBody, try paintVisibleLines(&context, style: base, into: &buffer) { return }
        var text: [TextLayout.StyledCharacter] = []
        for run in try context.node.styledText() {
            var style = base
            style.attributes.formUnion(run.style)
            if let color = run.color { style.foreground = color }
            text += run.text.map { TextLayout.StyledCharacter(character: $0, style: style) }
        }
        let wrap = try wrap(context)
        let alignment = TextLayout.Alignment(rawValue: try context.string("alignment")) ?? .left
        let lines = TextLayout.lines(text, width: context.rect.columns, height: context.rect.rows, wrap: wrap,
                                     lines: Clamp.int(try context.number("lines")))
        TextLayout.draw(lines, in: context.rect, alignment: alignment, clip: context.clip, into: &buffer)
    }

    /// `wrap` and `alignment`, for `paintPlainLine`: the same properties as the general path
    /// reads, in its order (so an error in one is reported alike), though one such line is
    /// laid out alike whatever `lines` says; but word wrapping drops a line's leading spaces.
    /// A label that sets none of them (most) has its widget's defaults, read once for all.
    static func textLayout(_ context: PaintContext) throws(Diagnostic) -> (wrap: TextMeasure.Wrap, alignment: TextLayout.Alignment) {
        if !context.node.setsTextLayout, !context.node.hasOverrides {
            let defaults = context.node.widget.defaultTextLayout
            return (defaults.wrap, defaults.alignment)
        }
        let wrap = try wrap(context)
        let alignment = TextLayout.Alignment(rawValue: try context.string("alignment")) ?? .left
        _ = try context.number("lines")
        return (wrap, alignment)
    }

    /// Paints a `text` that is one line of printable ASCII fitting the label's width (a label
    /// showing a value, the usual case) as `TextLayout` lays it out — one line, aligned, in
    /// the text style — but written straight into the buffer, without styled characters;
    /// `false`, painting nothing, for any other text.
    static func paintPlainLine(_ context: inout PaintContext, style: CellStyle, into buffer: inout CellBuffer) throws(Diagnostic) -> Bool {
        guard case .string(let text) = try context.node.value(of: "text") else { return false }
        let rect = context.rect, count = text.utf8.count
        guard count > 0, count <= rect.columns, rect.rows > 0, TextMeasure.isPrintableASCII(text) else { return false }
        let (wrap, alignment) = try textLayout(context)
        if wrap == .word, text.utf8.first == UInt8(ascii: " ") { return false }
        let free = rect.columns - count
        let column = rect.column + (alignment == .left ? 0 : alignment == .center ? free / 2 : free)
        buffer.write(printableASCII: text, column: column, row: rect.row, style: style, clip: context.clip)
        return true
    }

    /// Paints a big `text` (`LabelLines.minimumBytes` or more) as the general path lays it
    /// out — wrapped, limited to the label's rows and `lines`, too-wide lines and the last
    /// one kept when more follow cut with `…`, aligned — but only the lines inside the clip,
    /// from the lines the node keeps for its width (a megabyte label in a ScrollView paints a
    /// page); `false`, painting nothing, for any other text.
    static func paintVisibleLines(_ context: inout PaintContext, style: CellStyle, into buffer: inout CellBuffer) throws(Diagnostic) -> Bool {
        guard case .string(let text) = try context.node.value(of: "text"), text.utf8.count >= LabelLines.minimumBytes else { return false }
        let wrap = try wrap(context)
        let alignment = TextLayout.Alignment(rawValue: try context.string("alignment")) ?? .left
        let limit = Clamp.int(try context.number("lines"))
        let rect = context.rect
        guard rect.columns > 0, rect.rows > 0 else { return true }
        // Text that may fit on one line is left to the general path (`TextLayout.fitsOneLine`).
        guard text.utf8.count > rect.columns else { return false }
        let kept = context.node.widgetStorage(orMake: LabelLines.init)
        let layout = kept.layout(of: text, width: rect.columns, wrap: wrap)
        let maximum = min(rect.rows, limit > 0 ? limit : rect.rows)
        let count = min(layout.lines.count, maximum), overflows = layout.lines.count > maximum
        let first = max(0, context.clip.row - rect.row), last = min(count, context.clip.row + context.clip.rows - rect.row)
        guard first < last else { return true }
        let stored = kept.text
        var lines: [[TextLayout.StyledCharacter]] = []
        lines.reserveCapacity(last - first)
        for index in first..<last {
            let range = layout.lines[index]
            var line = stored[range].map { TextLayout.StyledCharacter(character: $0, style: style) }
            if TextMeasure.width(of: stored[range]) > rect.columns || (overflows && index == count - 1) {
                line = TextLayout.ellipsize(line, width: rect.columns)
            }
            lines.append(line)
        }
        let shown = CellRect(column: rect.column, row: rect.row + first, columns: rect.columns, rows: last - first)
        TextLayout.draw(lines, in: shown, alignment: alignment, clip: context.clip, into: &buffer)
        return true
    }
}
