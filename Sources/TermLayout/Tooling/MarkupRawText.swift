/// Markup copied as written (a label's body with its `<b>` and `<br/>`), made safe to write
/// back: raw DEL, C1 controls and bidi controls in its text and attribute values become
/// character references, which read back as the same characters. CDATA sections, comments
/// and processing instructions, where a reference would not be read as one, stay as they are.
enum MarkupRawText {
    /// `markup` (well-formed content of an element) with its raw controls referenced.
    static func referencingControls(in markup: String) -> String {
        guard markup.unicodeScalars.contains(where: needsReference) else { return markup }
        let scalars = Array(markup.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let end = endOfVerbatimSection(in: scalars, at: index) {
                output.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            let scalar = scalars[index]
            if needsReference(scalar) {
                output.append(contentsOf: MarkupEscaping.reference(scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
            index += 1
        }
        return String(output)
    }

    /// Raw controls to reference; a carriage return stays (it reads back as itself, and
    /// files with CRLF line ends hold one on every line).
    private static func needsReference(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\r" && MarkupEscaping.needsReference(scalar)
    }

    /// Where the CDATA section, comment or processing instruction starting at `index` ends
    /// (after its terminator), or `nil` if none starts there.
    private static func endOfVerbatimSection(in scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard scalars[index] == "<" else { return nil }
        let sections: [(open: String, close: String)] = [("<![CDATA[", "]]>"), ("<!--", "-->"), ("<?", "?>")]
        for section in sections where matches(section.open, in: scalars, at: index) {
            var end = index + section.open.unicodeScalars.count
            while end < scalars.count, !matches(section.close, in: scalars, at: end) { end += 1 }
            return min(scalars.count, end + section.close.unicodeScalars.count)
        }
        return nil
    }

    private static func matches(_ text: String, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let pattern = Array(text.unicodeScalars)
        guard index + pattern.count <= scalars.count else { return false }
        return scalars[index..<(index + pattern.count)].elementsEqual(pattern)
    }
}
