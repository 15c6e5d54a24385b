/// The inline part of Markdown: emphasis (`*`, `_`), strong (`**`, `__`), strikethrough
/// (`~~`), code spans, links (`[text](url)`, `[text][name]`, `<https://…>`), images (their
/// alt text), backslash escapes and hard breaks — as styled spans.
///
/// One pass makes tokens; emphasis marks pair up through a stack per character, and a link's
/// brackets through a stack of openers, so the work is linear in the text (no rescans: a
/// code span with no closing run is remembered as such).
struct MarkdownInline {
    /// Link targets from `[name]: url` lines, by lowercased name.
    let definitions: [String: String]

    /// A paragraph's lines as spans: a line ending in two spaces or `\` breaks; others flow.
    func spans(of lines: [Substring]) -> [MarkdownSpan] {
        var text = ""
        for (index, line) in lines.enumerated() {
            var line = index == 0 ? line.trimmingWhitespace() : line.drop(while: { $0 == " " || $0 == "\t" })
            guard index < lines.count - 1 else {
                text += line.trimmingWhitespace()
                break
            }
            let hardBreak = line.hasSuffix("  ") || line.hasSuffix("\\")
            if line.hasSuffix("\\") { line = line.dropLast() }
            text += line.trimmingWhitespace()
            text += hardBreak ? "\n" : " "
        }
        return spans(of: Substring(text))
    }

    /// One line's (or cell's) text as spans.
    func spans(of text: Substring) -> [MarkdownSpan] {
        var builder = Builder(characters: Array(text), definitions: definitions)
        builder.tokenize()
        return builder.spans()
    }

    /// The tokens of one text and the marks between them.
    private struct Builder {
        struct Token {
            var text: String
            var look: MarkdownSpan.Look = []
            /// For a run of `*`, `_` or `~`: the character, how many are left unmatched, and
            /// whether it may open or close.
            var delimiter: Character?
            var count = 0
            var canOpen = false
            var canClose = false
        }

        let characters: [Character]
        let definitions: [String: String]
        var tokens: [Token] = []
        /// Marks over token ranges, added up at the end: per look, +1 where it starts, −1 after it ends.
        var marks: [(start: Int, end: Int, look: MarkdownSpan.Look)] = []
        /// Open `[` (and `![`) tokens, innermost last.
        var brackets: [(token: Int, image: Bool)] = []
        /// Backtick run lengths known to have no closing run further on.
        var unclosedTicks: Set<Int> = []
        /// For each index, the next `)` at or after it (made on first use), so that a `](`
        /// with no `)` ahead fails at once.
        var nextCloseParen: [Int]?

        init(characters: [Character], definitions: [String: String]) {
            self.characters = characters
            self.definitions = definitions
        }

        mutating func tokenize() {
            var index = 0
            var plain = ""
            func flush() {
                if !plain.isEmpty { tokens.append(Token(text: plain)) }
                plain = ""
            }
            while index < characters.count {
                let character = characters[index]
                switch character {
                case "\\" where index + 1 < characters.count && characters[index + 1].isPunctuationOrSymbol:
                    plain.append(characters[index + 1])
                    index += 2
                case "\n":
                    flush()
                    tokens.append(Token(text: "\n"))
                    index += 1
                case "`":
                    let run = runLength(at: index)
                    if let close = closingTicks(after: index + run, length: run) {
                        flush()
                        var code = String(characters[(index + run)..<close])
                        if code.count > 2, code.first == " ", code.last == " " { code = String(code.dropFirst().dropLast()) }
                        tokens.append(Token(text: code, look: .code))
                        index = close + run
                    } else {
                        plain += String(repeating: "`", count: run)
                        index += run
                    }
                case "*", "_", "~":
                    let run = runLength(at: index)
                    flush()
                    let before = index > 0 ? characters[index - 1] : " "
                    let after = index + run < characters.count ? characters[index + run] : " "
                    var token = Token(text: String(repeating: character, count: run), delimiter: character, count: run)
                    let leftFlanking = !after.isWhitespace && (!after.isPunctuationOrSymbol || before.isWhitespace || before.isPunctuationOrSymbol)
                    let rightFlanking = !before.isWhitespace && (!before.isPunctuationOrSymbol || after.isWhitespace || after.isPunctuationOrSymbol)
                    token.canOpen = leftFlanking && (character != "_" || !rightFlanking || before.isPunctuationOrSymbol)
                    token.canClose = rightFlanking && (character != "_" || !leftFlanking || after.isPunctuationOrSymbol)
                    if character == "~", run != 2 { token.delimiter = nil }
                    tokens.append(token)
                    index += run
                case "!" where index + 1 < characters.count && characters[index + 1] == "[":
                    flush()
                    brackets.append((tokens.count, true))
                    tokens.append(Token(text: "["))
                    index += 2
                case "[":
                    flush()
                    brackets.append((tokens.count, false))
                    tokens.append(Token(text: "["))
                    index += 1
                case "]":
                    flush()
                    index = closeBracket(at: index)
                case "&":
                    if let (decoded, end) = entity(at: index) {
                        plain.unicodeScalars.append(decoded)
                        index = end
                    } else {
                        plain.append(character)
                        index += 1
                    }
                case "<":
                    if let end = autolinkEnd(at: index) {
                        flush()
                        tokens.append(Token(text: String(characters[(index + 1)..<end]), look: .link))
                        index = end + 1
                    } else {
                        plain.append(character)
                        index += 1
                    }
                default:
                    plain.append(character)
                    index += 1
                }
            }
            flush()
            matchDelimiters()
        }

        private func runLength(at index: Int) -> Int {
            var end = index
            while end < characters.count, characters[end] == characters[index] { end += 1 }
            return end - index
        }

        /// The start of the next run of exactly `length` backticks after `start`, if any.
        private mutating func closingTicks(after start: Int, length: Int) -> Int? {
            guard !unclosedTicks.contains(length) else { return nil }
            var index = start
            while index < characters.count {
                guard characters[index] == "`" else {
                    index += 1
                    continue
                }
                let run = runLength(at: index)
                if run == length { return index }
                index += run
            }
            unclosedTicks.insert(length)
            return nil
        }

        /// `]`: a link or image if a `[` is open and a `(url)` or `[name]` follows (or the text
        /// names a definition); otherwise a plain `]`. Returns the index after what it read.
        private mutating func closeBracket(at index: Int) -> Int {
            guard let opener = brackets.popLast() else {
                tokens.append(Token(text: "]"))
                return index + 1
            }
            var next = index + 1
            var isLink = false
            if next < characters.count, characters[next] == "(", closeParen(after: next) < min(characters.count, next + 2048) {
                // The destination and title, up to the matching `)` (bounded, on one line).
                var depth = 0, cursor = next
                let limit = min(characters.count, next + 2048)
                while cursor < limit {
                    if characters[cursor] == "(" { depth += 1 }
                    if characters[cursor] == ")" { depth -= 1; if depth == 0 { break } }
                    if characters[cursor] == "\n" { break }
                    cursor += 1
                }
                if cursor < limit, characters[cursor] == ")" {
                    isLink = true
                    next = cursor + 1
                }
            } else if !definitions.isEmpty, next < characters.count, characters[next] == "[",
                      let close = characters[next...].prefix(256).firstIndex(of: "]") {
                let name = String(characters[(next + 1)..<close]).lowercased()
                if definitions[name.isEmpty ? label(from: opener.token) : name] != nil {
                    isLink = true
                    next = close + 1
                }
            } else if !definitions.isEmpty, definitions[label(from: opener.token)] != nil {
                isLink = true
            }
            guard isLink else {
                tokens.append(Token(text: "]"))
                return index + 1
            }
            if opener.image {
                tokens.append(Token(text: "]"))
                marks.append((opener.token, tokens.count - 1, .link))
            } else {
                tokens[opener.token].text = ""
                marks.append((opener.token, tokens.count - 1, .link))
                // A link holds no link: brackets opened before it stay text.
                brackets.removeAll { !$0.image }
            }
            return next
        }

        /// The index of the first `)` after `index` (the count of characters if none).
        private mutating func closeParen(after index: Int) -> Int {
            if nextCloseParen == nil {
                var table = [Int](repeating: characters.count, count: characters.count + 1)
                for position in characters.indices.reversed() {
                    table[position] = characters[position] == ")" ? position : table[position + 1]
                }
                nextCloseParen = table
            }
            return nextCloseParen?[index + 1] ?? characters.count
        }

        /// The text since the `[` at `opener`, as a definition's name (bounded: a long one is no name).
        private func label(from opener: Int) -> String {
            guard tokens.count - opener <= 64 else { return "" }
            return tokens[(opener + 1)...].map(\.text).joined().lowercased()
        }

        /// An entity reference at `index` (`&amp;`, `&#233;`, `&#x1F600;`): its character and the index after its `;`.
        private func entity(at index: Int) -> (Unicode.Scalar, Int)? {
            let limit = min(characters.count, index + 12)
            guard let semicolon = characters[index..<limit].firstIndex(of: ";") else { return nil }
            let name = String(characters[(index + 1)..<semicolon])
            let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
                                                   "copy": "©", "reg": "®", "mdash": "—", "ndash": "–", "hellip": "…"]
            if let scalar = named[name] { return (scalar, semicolon + 1) }
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let scalar = code.flatMap(Unicode.Scalar.init), scalar.value != 0 else { return nil }
            return (scalar, semicolon + 1)
        }

        /// The index of the `>` ending `<scheme:…>` or `<name@host>` that starts at `index`.
        private func autolinkEnd(at index: Int) -> Int? {
            var end = index + 1
            let limit = min(characters.count, index + 2048)
            while end < limit, characters[end] != ">", characters[end] != "<", !characters[end].isWhitespace { end += 1 }
            guard end < limit, characters[end] == ">" else { return nil }
            let inside = String(characters[(index + 1)..<end])
            return inside.contains(":") || inside.contains("@") ? end : nil
        }

        /// Pairs emphasis runs: each closer with the nearest opener of the same character
        /// (two from each for strong, one for emphasis, two for `~~`).
        private mutating func matchDelimiters() {
            var openers: [Character: [Int]] = [:]
            for index in tokens.indices {
                guard let character = tokens[index].delimiter else { continue }
                if tokens[index].canClose {
                    while tokens[index].count > 0, let opener = openers[character]?.last {
                        guard character != "~" || tokens[opener].count == 2 else { break }
                        let used = character == "~" ? 2 : min(tokens[opener].count, tokens[index].count, 2)
                        tokens[opener].count -= used
                        tokens[index].count -= used
                        marks.append((opener + 1, index - 1, character == "~" ? .strikethrough : used == 2 ? .strong : .emphasis))
                        if tokens[opener].count == 0 { openers[character]?.removeLast() }
                    }
                }
                if tokens[index].canOpen, tokens[index].count > 0 { openers[character, default: []].append(index) }
            }
            // What is left of each run is text.
            for index in tokens.indices where tokens[index].delimiter != nil {
                tokens[index].text = String(repeating: tokens[index].delimiter ?? " ", count: tokens[index].count)
            }
        }

        /// The tokens with their marks applied, merged into spans of one look.
        func spans() -> [MarkdownSpan] {
            let looks: [MarkdownSpan.Look] = [.strong, .emphasis, .link, .strikethrough]
            // Per token and look: how many marks start there, less those that ended just before.
            var depth = [Int](repeating: 0, count: (tokens.count + 1) * looks.count)
            for mark in marks where mark.start <= mark.end {
                guard let slot = looks.firstIndex(of: mark.look) else { continue }
                depth[mark.start * looks.count + slot] += 1
                depth[(mark.end + 1) * looks.count + slot] -= 1
            }
            var running = [Int](repeating: 0, count: looks.count)
            var result: [MarkdownSpan] = []
            for (index, token) in tokens.enumerated() {
                var look = token.look
                for slot in looks.indices {
                    running[slot] += depth[index * looks.count + slot]
                    if running[slot] > 0 { look.insert(looks[slot]) }
                }
                guard !token.text.isEmpty else { continue }
                if let last = result.last, last.look == look, token.text != "\n", last.text != "\n" {
                    result[result.count - 1].text += token.text
                } else {
                    result.append(MarkdownSpan(text: token.text, look: look))
                }
            }
            return result
        }
    }
}

extension Character {
    /// ASCII punctuation and symbols, as Markdown's escapes and flanking rules mean them.
    var isPunctuationOrSymbol: Bool {
        isASCII && (isPunctuation || isSymbol)
    }
}
