import Testing
@testable import TermLayout

/// Every way Swift code spells a ``Value`` compiles, unambiguously, to the value it reads as.
struct ValueLiteralTests {
    @Test func literalsOfEveryKind() {
        let integer: Value = 3
        let float: Value = 2.5
        let bool: Value = true
        let string: Value = "ready"
        let none: Value = nil
        let array: Value = [1, "a", nil]
        #expect(integer == .number(3))
        #expect(float == .number(2.5))
        #expect(bool == .bool(true))
        #expect(string == .string("ready"))
        #expect(none == .null)
        #expect(array == .array([.number(1), .string("a"), .null]))
    }

    @Test func stringInterpolationGivesAString() {
        let count = 3
        let name: Substring = "Ada"
        let note: Value = "added note \(count) for \(name)"
        #expect(note == .string("added note 3 for Ada"))
        let state: [String: Value] = ["status": "\(count) left", "count": Value(count)]
        #expect(state["status"] == .string("3 left"))
        #expect(state["count"] == .number(3))
    }

    @Test func literalsInsideTheInitialiser() {
        #expect(Value(3) == .number(3))
        #expect(Value(2.5) == .number(2.5))
        #expect(Value("x") == .string("x"))
        #expect(Value(true) == .bool(true))
    }

    @Test func initialisersTakeSwiftTypes() {
        let count = 7
        let small: UInt8 = 255
        let large: Int64 = -9_000
        let ratio: Float = 0.5
        let double = 0.25
        let text = "a b c"
        let done = false
        #expect(Value(count) == .number(7))
        #expect(Value(small) == .number(255))
        #expect(Value(large) == .number(-9_000))
        #expect(Value(ratio) == .number(0.5))
        #expect(Value(double) == .number(0.25))
        #expect(Value(text) == .string("a b c"))
        #expect(Value(text.dropFirst(2)) == .string("b c"))
        #expect(Value(done) == .bool(false))
    }

    @Test func dictionariesMixLiteralsAndInitialisers() {
        let items = ["milk", "eggs"]
        let state: [String: Value] = ["a": 1, "b": "x", "n": Value(items.count), "first": Value(items[0]),
                                      "list": .array(items.map(Value.init))]
        #expect(state == ["a": .number(1), "b": .string("x"), "n": .number(2), "first": .string("milk"),
                          "list": .array([.string("milk"), .string("eggs")])])
    }

    @Test(arguments: [(Value.number(3), 3 as Int?), (.number(-0.0), 0), (.number(3.5), nil), (.number(1e30), nil),
                      (.number(.nan), nil), (.number(.infinity), nil), (.string("3"), nil), (.null, nil)])
    func intValueIsExactOrNil(_ value: Value, _ expected: Int?) {
        #expect(value.intValue == expected)
    }
}
