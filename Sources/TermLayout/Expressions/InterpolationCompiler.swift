/// How an interpolated string compiles: `"Hello {name}!"` as its text and expressions.
extension CompilingBuilder {
    /// Merges neighbouring text as it comes, so a constant string is one value and costs
    /// nothing at run time; each expression part reads through its own closure.
    static func compileInterpolation(_ parts: [InterpolationPiece<Compiled>], range: Range<Int>) -> Compiled {
        enum Piece: Sendable { case text(String), value(Evaluator) }
        var merged: [Piece] = []
        merged.reserveCapacity(parts.count)
        func append(text: String) {
            if case .text(let previous)? = merged.last {
                merged[merged.count - 1] = .text(previous + text)
            } else {
                merged.append(.text(text))
            }
        }
        for part in parts {
            switch part {
            case .text(let text): append(text: text)
            case .expression(let compiled):
                // A symbol gets a closure too: reading one in place from `.symbol(Symbol)` in the
                // loop below copies the symbol each time, which evaluated slower.
                if let value = compiled.constant {
                    append(text: value.interpolationText)
                } else {
                    merged.append(.value(compiled.evaluate))
                }
            }
        }
        switch merged.count {
        case 0: return .constant(.string(""), range)
        case 1:
            switch merged[0] {
            case .text(let text): return .constant(.string(text), range)
            case .value(let evaluate):
                return Compiled(evaluate: { context throws(ExpressionError) in
                    .string(try evaluate(context).interpolationText)
                }, type: .string, range: range)
            }
        default:
            let final = merged
            return Compiled(evaluate: { context throws(ExpressionError) in
                var output = ""
                for piece in final {
                    switch piece {
                    case .text(let text): output += text
                    case .value(let evaluate): output += try evaluate(context).interpolationText
                    }
                }
                return .string(output)
            }, type: .string, range: range)
        }
    }
}
