/// `Markdown`: a Markdown string rendered in cells — headings, emphasis, inline code and code
/// blocks, lists (nested, numbered), block quotes, tables, rules, and links as underlined
/// text — wrapped to the widget's width. Ink parses it.
///
/// It is as tall as its content, so in a plain column it shows all of it; given a height (or
/// `grow`) that is less, it scrolls: the wheel, and ↑/↓, PageUp/PageDown, Home/End while it
/// has focus, with a scrollbar on the right. The document is parsed when `text` changes and
/// laid out again only when the width does; a frame draws only the rows that show.
///
/// ```xml
/// <Markdown text="{notes}" grow="1" codeColor="green"/>
/// ```
public enum MarkdownWidget: Widget {
    public static let name = "Markdown"
    public static let summary = "Markdown text, rendered and wrapped"
    public static let properties = WidgetRegistry.textStyle + [
        PropertyDescriptor("text", .string, default: "", "The Markdown source"),
        PropertyDescriptor("headingColor", .color, "Color of headings (default: the text color, bold)"),
        PropertyDescriptor("codeColor", .color, "Color of code spans and blocks (default: the theme's code colour, yellow on dark)"),
        PropertyDescriptor("linkColor", .color, "Color of links (default: the text color, underlined)"),
    ] + WidgetRegistry.focusStyle
    public static let traits: WidgetTraits = [.focusable, .viewport, .fillsWidth]

    /// As wide as it may be (40 columns when unbounded: a flex row's basis, which `grow`
    /// widens), as tall as the document laid out at that width less the scrollbar's column.
    public static func measure(_ context: MeasureContext) throws(Diagnostic) -> Size {
        let columns = context.maxColumns ?? 40
        let document = try document(of: context.node)
        return context.size(columns: columns, rows: document.rows(width: textColumns(columns), theme: document.theme ?? plainTheme).count)
    }

    /// The columns the text is laid out in: all but the last, kept for the scrollbar whether
    /// or not it shows, so that one layout serves both measuring and drawing (a 1 MB
    /// document laid out twice cost twice).
    static func textColumns(_ columns: Int) -> Int { columns > 1 ? columns - 1 : columns }

    /// The node's parsed and laid-out document, parsed again only when `text` changed.
    static func document(of node: LayoutNode) throws(Diagnostic) -> MarkdownDocument {
        let document = node.widgetStorage(orMake: MarkdownDocument.init)
        document.update(source: try node.value(of: "text").stringValue ?? "")
        return document
    }

    static let plainTheme = MarkdownLayout.Theme(text: .plain, heading: nil, code: .palette(.yellow), link: nil)

    // MARK: Painting

    public static func paint(_ context: inout PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let rect = context.rect
        guard rect.rows > 0, rect.columns > 0 else { return }
        let theme = MarkdownLayout.Theme(text: try context.textStyle(), heading: try context.color("headingColor"),
                                         code: try context.color("codeColor") ?? context.node.palette.code, link: try context.color("linkColor"))
        let document = try document(of: context.node)
        let rows = document.rows(width: textColumns(rect.columns), theme: theme)
        let overflows = rows.count > rect.rows
        let top = document.clampedTop(rows: rows.count, visible: rect.rows)
        // Only the rows inside the clip are drawn (a long document in a ScrollView).
        let first = max(0, context.clip.row - rect.row), last = min(rect.rows, context.clip.row + context.clip.rows - rect.row)
        if first < last {
            for screenRow in first..<last where top + screenRow < rows.count {
                var column = rect.column
                for item in rows[top + screenRow] {
                    column = buffer.write(String(item.character), column: column, row: rect.row + screenRow, style: item.style, clip: context.clip)
                }
            }
        }
        if overflows, rect.columns > 1 {
            var bar = context
            bar.contentClip = rect
            ScrollbarPainter.paint(total: Double(rows.count), visible: Double(rect.rows), offset: Double(top), in: &bar, into: &buffer)
        }
    }

    // MARK: Scrolling

    /// ↑/↓ scroll a row, PageUp/PageDown a page, Home/End to either end.
    public static func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool, in interaction: Interaction) throws(Diagnostic) -> Bool {
        guard !bubbled else { return false }
        let page = max(1, ((try? node.cellFrame().rows) ?? 1) - 1)
        switch event {
        case .up: return try scroll(node, rows: -1)
        case .down: return try scroll(node, rows: 1)
        case .pageUp: return try scroll(node, rows: -page)
        case .pageDown: return try scroll(node, rows: page)
        case .home: return try scroll(node, rows: -Int.max / 2)
        case .end: return try scroll(node, rows: Int.max / 2)
        default: return false
        }
    }

    /// The wheel scrolls by rows; a document that shows whole leaves the wheel to its parent.
    public static func scroll(_ node: LayoutNode, by rows: Int, in interaction: Interaction) throws(Diagnostic) -> Bool {
        try scroll(node, rows: rows)
    }

    /// Moves the first row shown by `delta`, within the document. Returns whether it scrolls at all.
    @discardableResult
    static func scroll(_ node: LayoutNode, rows delta: Int) throws(Diagnostic) -> Bool {
        let cells = try node.cellFrame()
        let document = try document(of: node)
        let total = document.rows(width: textColumns(cells.columns), theme: document.theme ?? plainTheme).count
        guard total > cells.rows else { return false }
        let before = document.top
        document.top = min(max(0, document.top.addingReportingOverflow(delta).partialValue), total - cells.rows)
        if document.top != before { node.paintRecord.invalidate() }
        return true
    }
}

/// What a Markdown node keeps: its source parsed into blocks, the rows last laid out (with
/// their width and look), and the first row on screen.
final class MarkdownDocument {
    private(set) var source = ""
    private(set) var blocks: [MarkdownBlock] = []
    private(set) var theme: MarkdownLayout.Theme?
    /// Rows by width: the last two widths are kept (a layout pass may measure at a second
    /// width before settling).
    private var laidOut: [(width: Int, rows: [MarkdownLayout.Row])] = []
    /// The first row shown.
    var top = 0

    /// Parses `source` if it is not the one parsed last.
    func update(source: String) {
        guard source != self.source else { return }
        self.source = source
        blocks = MarkdownBlock.parse(source)
        laidOut = []
    }

    /// The rows at `width` in `theme`, laid out again only if either changed.
    func rows(width: Int, theme: MarkdownLayout.Theme) -> [MarkdownLayout.Row] {
        if self.theme != theme {
            self.theme = theme
            laidOut = []
        }
        if let kept = laidOut.first(where: { $0.width == width }) { return kept.rows }
        let rows = MarkdownLayout(theme: theme).rows(of: blocks, width: width)
        laidOut = Array(laidOut.suffix(1)) + [(width, rows)]
        return rows
    }

    /// ``top`` kept within the document, so that a shorter text or a taller view shows no blank end.
    func clampedTop(rows: Int, visible: Int) -> Int {
        top = max(0, min(top, rows - visible))
        return top
    }
}
