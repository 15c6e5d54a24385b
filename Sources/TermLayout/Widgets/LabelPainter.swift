/// Label: styled runs or `text`, in `color` with the text attributes, aligned, wrapped by
/// word or character (or not at all), limited to `lines`, and cut with `…` when it does not fit.
enum LabelPainter {
    static func paint(_ context: PaintContext, into buffer: inout CellBuffer) throws(Diagnostic) {
        let base = try context.textStyle()
        var text: [TextLayout.StyledCharacter] = []
        for run in try context.node.styledText() {
            var style = base
            style.attributes.formUnion(run.style)
            if let color = run.color { style.foreground = color }
            text += run.text.map { TextLayout.StyledCharacter(character: $0, style: style) }
        }
        let wrap = TextMeasure.Wrap(rawValue: try context.string("wrap")) ?? .word
        let alignment = TextLayout.Alignment(rawValue: try context.string("alignment")) ?? .left
        let lines = TextLayout.lines(text, width: context.rect.columns, height: context.rect.rows, wrap: wrap,
                                     lines: Clamp.int(try context.number("lines")))
        TextLayout.draw(lines, in: context.rect, alignment: alignment, clip: context.clip, into: &buffer)
    }
}
