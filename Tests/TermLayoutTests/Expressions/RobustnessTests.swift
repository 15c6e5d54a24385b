import Testing
@testable import TermLayout

/// Hostile input is an error, never a crash or a stack overflow.
struct RobustnessTests {
    @Test(arguments: [(200, ExpressionError.Kind.tooDeeplyNested), (10_000, .tooDeeplyNested), (100_000, .tooLong)])
    func deepParenthesesAreAnError(_ depth: Int, _ kind: ExpressionError.Kind) {
        let source = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        #expect(failure(of: source)?.kind == kind)
    }

    @Test func longOperatorChainsAreAnError() {
        let source = Array(repeating: "1", count: 5_000).joined(separator: " + ")
        #expect(failure(of: source)?.kind == .tooDeeplyNested)
        #expect(failure(of: String(repeating: "-", count: 50_000) + "1")?.kind == .tooDeeplyNested)
        #expect(failure(of: String(repeating: "!", count: 50_000) + "true")?.kind == .tooDeeplyNested)
        #expect(failure(of: "a" + String(repeating: "[0]", count: 5_000))?.kind == .tooDeeplyNested)
        // A long dotted path is flat: one symbol, not a deep tree.
        #expect(failure(of: "a" + String(repeating: ".b", count: 5_000))?.kind == .unknownSymbol)
        #expect(failure(of: "a" + String(repeating: "%", count: 5_000))?.kind == .tooDeeplyNested)
        #expect(failure(of: "{" + String(repeating: "(", count: 5_000) + "}", mode: .string)?.kind == .tooDeeplyNested)
    }

    /// A flat sum is not nested: 128 terms (and 1,000) evaluate; nesting is what is counted.
    @Test func flatChainsAreNotNesting() throws {
        #expect(try evaluate(Array(repeating: "1", count: 128).joined(separator: "+")) == 128)
        #expect(try evaluate(Array(repeating: "1", count: 1_000).joined(separator: " + ")) == 1_000)
        let names = Array(repeating: "a", count: 1_000).joined(separator: " + ")
        #expect(try evaluate(names, state: ["a": 1]) == 1_000)
        // Past the tree's bound the message says what is long: the chain, not the nesting.
        let long = failure(of: Array(repeating: "a", count: 2_000).joined(separator: "+"))
        #expect(long?.kind == .tooDeeplyNested)
        #expect(long?.message == "expression has too many operators in a row (more than 1024)")
        let deep = failure(of: String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200))
        #expect(deep?.message == "expression is nested too deeply (more than 128 levels)")
    }

    /// `{1 +}` ends too soon: said as such, at the brace, not as "braces only appear in …".
    @Test func anIncompleteInterpolationSaysWhatIsMissing() {
        let error = failure(of: "a{1 +}b", mode: .string)
        #expect(error?.message == "expected an expression after '+' before '}'")
        #expect(error?.range == 5..<6)
        #expect(error?.suggestion == nil)
    }

    @Test func moderateNestingIsFine() throws {
        let source = String(repeating: "(", count: 60) + "1" + String(repeating: ")", count: 60)
        #expect(try evaluate(source) == 1)
        #expect(try evaluate(Array(repeating: "1", count: 50).joined(separator: " + ")) == 50)
    }

    @Test func hugeInputIsAnError() {
        let source = String(repeating: " ", count: 70_000) + "1"
        #expect(failure(of: source)?.kind == .tooLong)
        #expect(failure(of: source, mode: .string)?.kind == .tooLong)
    }

    @Test func wideArraysAreFine() throws {
        let source = "[" + Array(repeating: "1", count: 5_000).joined(separator: ",") + "]"
        #expect(try evaluate(source).arrayValue?.count == 5_000)
    }

    /// A deterministic generator, so a failure here reproduces exactly.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomInputNeverCrashes() {
        var generator = SplitMix64(state: 2026)
        let alphabet = "0123456789abcxyz_.,:?!=<>&|+-*/%()[]{}'\"`#\\ \n日😀é€".map(String.init) + ["{{", "}}", "0x", "1e", "//"]
        let state: [String: Value] = ["a": 1, "b": "s", "c": [1, 2], "x": ["y": true]]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let source = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }.joined()
            for mode in [ParsedExpression.Mode.expression, .string] {
                if let error = failure(of: source, mode: mode, state: state, percentBase: 10) {
                    // Every error points inside (or just past the end of) its source.
                    #expect(error.range.upperBound <= source.utf8.count, "\(source)")
                    #expect(!error.message.isEmpty)
                }
            }
        }
    }
}
