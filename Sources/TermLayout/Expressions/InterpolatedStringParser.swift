/// Reads string-mode text: literal text with `{expression}` interpolations.
/// `{{` and `}}` stand for literal braces; a lone `}` is an error.
enum InterpolatedStringParser {
    /// The tree of `bytes` and the symbols it reads.
    static func parse(_ bytes: [UInt8], constants: [String: Value] = [:]) throws(ExpressionError) -> (SyntaxNode, [Symbol]) {
        var builder = SyntaxTreeBuilder()
        return try parse(Lexer(source: bytes), constants: constants, builder: &builder)
    }

    /// What `builder` makes of the text `source` reads, and the symbols it reads.
    static func parse<Builder: ExpressionBuilder>(_ source: Lexer, constants: [String: Value] = [:],
                                                  builder: inout Builder) throws(ExpressionError) -> (Builder.Node, [Symbol]) {
        let bytes = source.source
        guard bytes.count <= ExpressionParser<Builder>.maximumLength else {
            throw ExpressionError(.tooLong, "text is too long (\(bytes.count) bytes; the limit is \(ExpressionParser<Builder>.maximumLength))", at: 0..<0)
        }
        var parts: [InterpolationPiece<Builder.Node>] = []
        parts.reserveCapacity(4)
        // One parser for every interpolation, restarted at each: the symbols and the builder
        // stay in it rather than being copied in and out. Made at the end of the text, where
        // reading its first token cannot fail.
        var parser = try ExpressionParser(lexer: source.restarted(at: bytes.count), constants: constants, inInterpolation: true,
                                          builder: builder)
        // Literal text is decoded a run at a time, between braces, rather than byte by byte.
        var text = ""
        var runStart = 0
        func endRun(at end: Int) {
            if end > runStart { text += String(decoding: bytes[runStart..<end], as: UTF8.self) }
        }
        var offset = 0
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == open || byte == close else {
                offset += 1
                continue
            }
            if offset + 1 < bytes.count, bytes[offset + 1] == byte {
                endRun(at: offset + 1)  // one of the two braces
                offset += 2
                runStart = offset
            } else if byte == close {
                throw ExpressionError(.unbalancedBrace, "unmatched '}'", at: offset..<(offset + 1),
                                      suggestion: "write '}}' for a literal brace")
            } else {
                endRun(at: offset)
                // `{// note}`, a clause that is only a comment (commented out), is empty, as in
                // Layout; the comment ends at the closing brace.
                if let end = Self.endOfCommentOnlyClause(bytes, openingAt: offset) {
                    offset = end
                    runStart = offset
                    continue
                }
                if !text.isEmpty {
                    parts.append(.text(text))
                    text = ""
                }
                try parser.restart(at: offset + 1, inInterpolation: true)
                let node: Builder.Node
                do {
                    node = try parser.parseComplete(terminator: .closeBrace)
                } catch where error.kind == .unterminatedInterpolation {
                    throw ExpressionError(.unterminatedInterpolation, "'{' is never closed", at: offset..<(offset + 1),
                                          suggestion: "add a '}' after the expression, or write '{{' for a literal brace")
                }
                parts.append(.expression(node))
                offset = parser.offsetAfterCurrent
                runStart = offset
            }
        }
        endRun(at: bytes.count)
        if !text.isEmpty { parts.append(.text(text)) }
        let node = parser.builder.interpolation(parts, 0..<bytes.count)
        builder = parser.builder
        return (node, parser.symbols)
    }

    /// The offset after the closing brace of a `{…}` clause opening at `open` that holds only
    /// white space and a `//` comment, or `nil` if it holds more (or is never closed).
    static func endOfCommentOnlyClause(_ bytes: UnsafeBufferPointer<UInt8>, openingAt open: Int) -> Int? {
        var offset = open + 1
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0A || bytes[offset] == 0x0D {
            offset += 1
        }
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/"), bytes[offset + 1] == UInt8(ascii: "/") else { return nil }
        guard let close = (offset..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: "}") }) else { return nil }
        return close + 1
    }
}
