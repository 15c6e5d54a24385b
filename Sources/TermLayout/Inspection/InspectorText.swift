/// Text from files and state made safe to show: control characters and escape sequences
/// become visible placeholders (``TextSanitizer``) and long text is cut with `…`; and lines
/// wrapped to the inspector's pane.
enum InspectorText {
    /// `text` sanitised, on one line, at most `limit` characters (the last one `…` when cut),
    /// with the invisible format characters a debugging user must see shown by their code
    /// (``visible(_:)``: `a⟨U+200B⟩b`). A cut never splits a character (a family emoji) or
    /// such a `⟨U+…⟩`, and ends in one `…`.
    static func clean(_ text: String, limit: Int = 200) -> String {
        let safe = TextSanitizer.sanitize(text)
        var pieces: [String] = [], count = 0
        for character in safe {
            let piece = visible(character)
            pieces.append(piece)
            count += piece.count
            if count > limit { break }
        }
        guard count > limit else { return pieces.joined() }
        while count > max(limit - 1, 0), let last = pieces.popLast() { count -= last.count }
        return pieces.joined() + "…"
    }

    /// Zero-width and format characters, shown as `⟨U+200B⟩` where they stand: soft hyphen,
    /// zero-width space and (non-)joiners, marks, separators, word joiners, isolates and the
    /// byte order mark. A zero-width joiner inside an emoji sequence (👨‍👩‍👧) stays.
    static func visible(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        guard scalars.contains(where: isInvisible) else { return String(character) }
        var result = ""
        var index = scalars.startIndex, seenEmoji = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if scalar == "\u{200D}", seenEmoji, next < scalars.endIndex, isEmoji(scalars[next]) {
                result.unicodeScalars.append(scalar)
            } else if isInvisible(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "⟨U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "⟩"
            } else {
                result.unicodeScalars.append(scalar)
            }
            seenEmoji = seenEmoji || isEmoji(scalar)
            index = next
        }
        return result
    }

    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool { scalar.value > 0x7F && scalar.properties.isEmoji }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B...0x200F, 0x2028...0x202E,
             0x2060...0x2064, 0x2066...0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB: true
        default: false
        }
    }

    /// `text` (already clean) in double quotes, with `"` and `\` escaped: `""` for an empty
    /// string, and spaces at either end show.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    /// `line` in rows at most `width` cells wide, so that nothing is cut: broken at spaces
    /// where it can (inside a word where it must), each continuation row indented two
    /// columns past the line's own indent (at most half the width). A line that fits is one
    /// row; a width below 1 gives none.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        guard TextMeasure.width(of: line) > width else { return [line] }
        let indent = min(line.prefix(while: { $0 == " " }).count, width / 2)
        let next = String(repeating: " ", count: min(indent + 2, width / 2))
        var rows: [String] = []
        var row = String(repeating: " ", count: indent), used = indent, hasWord = false
        func breakRow() {
            rows.append(row)
            row = next
            used = next.count
            hasWord = false
        }
        for word in line.dropFirst(indent).split(separator: " ", omittingEmptySubsequences: false) {
            var rest = Substring(word)
            while true {
                let cells = TextMeasure.width(of: rest)
                if used + (hasWord ? 1 : 0) + cells <= width {
                    if hasWord { row.append(" ") }
                    row += rest
                    used += (hasWord ? 1 : 0) + cells
                    hasWord = true
                    break
                }
                if hasWord {
                    breakRow()
                    continue
                }
                // A word wider than a whole row: as much as fits (at least one character).
                var taken = rest.startIndex
                var takenCells = 0
                while taken < rest.endIndex {
                    let characterCells = TextMeasure.width(of: rest[taken])
                    if used + takenCells + characterCells > width, taken > rest.startIndex { break }
                    takenCells += characterCells
                    taken = rest.index(after: taken)
                }
                row += rest[..<taken]
                rest = rest[taken...]
                breakRow()
                if rest.isEmpty { break }
            }
        }
        if hasWord || rows.isEmpty { rows.append(row) }
        return rows
    }
}
