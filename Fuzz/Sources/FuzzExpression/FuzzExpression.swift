import CFuzzerDriver
import FuzzSupport
import TermLayout

/// The executable's entry point (SwiftPM links `main` to `<module>_main`): libFuzzer's driver.
@_cdecl("FuzzExpression_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    termlayout_fuzz_main(argc, argv) { data, size in fuzzExpression(data, size) }
}

/// What expressions may read: one value of every type, nested ones, and extremes.
private let state: [String: Value] = [
    "n": 3, "zero": 0, "neg": -2.5, "big": 1e300, "tiny": .number(.leastNonzeroMagnitude),
    "s": "text", "wide": "日本 é👍", "empty": "",
    "b": true, "c": .color(.rgb(10, 200, 30)), "none": nil,
    "arr": [1, "two", [3, 4], ["k": "v"]], "obj": ["x": 1, "y": ["z": "deep", "list": [true, false]]],
]
private let resolver = DictionaryResolver(state: state, constants: ["center": "center", "k": 7])

/// libFuzzer entry point: any bytes as an expression and as an interpolated string. Parsing,
/// compiling and evaluating either return a value or an `ExpressionError` whose range lies in
/// the source; a constant expression evaluates to the value folded at parse time, and a value
/// has the static type inferred for it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = fuzzText(data, size)
    for mode in [ParsedExpression.Mode.expression, .string] {
        check(source, mode: mode)
    }
    return 0
}

private func check(_ source: String, mode: ParsedExpression.Mode) {
    let expression: ParsedExpression
    do {
        // Half the symbols have a known static type, as properties of a node do.
        expression = try ParsedExpression(source, mode: mode, constants: ["center": "center"]) { symbol in
            symbol.members.isEmpty && symbol.head.count % 2 == 0 ? state[symbol.head]?.type : nil
        }
    } catch {
        check(error, in: source)
        return
    }
    for percentBase in [nil, 80.0] {
        do {
            let value = try expression.evaluate(resolver, percentBase: percentBase)
            _ = value.description
            if let type = expression.type, value.type != type, value != nil {
                fuzzFailure("'\(source)' (\(mode)) has static type \(type) but evaluated to \(value) (\(value.type))")
            }
            if let constant = expression.constantValue, constant.description != value.description {
                fuzzFailure("'\(source)' (\(mode)) folded to \(constant) but evaluated to \(value)")
            }
        } catch {
            check(error, in: source)
        }
    }
}

private func check(_ error: ExpressionError, in source: String) {
    let count = source.utf8.count
    if error.range.lowerBound < 0 || error.range.upperBound > count {
        fuzzFailure("error range \(error.range) outside '\(source)' (\(count) bytes): \(error)")
    }
    if error.message.isEmpty { fuzzFailure("empty message for '\(source)'") }
    _ = SourceExcerpt.render(source, range: error.range)
    _ = error.description
}
