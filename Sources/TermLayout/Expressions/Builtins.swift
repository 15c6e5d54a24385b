import Foundation

/// The names the language defines itself: constants (`true`, `pi`, `red` …) and functions
/// (`min`, `sqrt`, `rgba` …). These are reserved: a state key with the same name can still
/// be read by quoting it in backticks (`` `red` ``).
enum Builtins {
    /// A reserved constant, or `nil` if `name` is not one.
    static func constant(named name: String) -> Value? {
        // Every identifier comes here, and most are no constant: the first letter rules
        // out all but one word, the palette's names or UIKit's (``UIKitColors``).
        switch name.utf8.first {
        case UInt8(ascii: "t"): name == "true" ? .bool(true) : nil
        case UInt8(ascii: "f"): name == "false" ? .bool(false) : nil
        case UInt8(ascii: "n"): name == "nil" ? .null : nil
        case UInt8(ascii: "p"): name == "pi" ? .number(Double.pi) : UIKitColors.color(named: name).map(Value.color)
        case UInt8(ascii: "d"): name == "default" ? .color(.default) : UIKitColors.color(named: name).map(Value.color)
        case UInt8(ascii: "b"), UInt8(ascii: "r"), UInt8(ascii: "g"), UInt8(ascii: "y"), UInt8(ascii: "m"), UInt8(ascii: "c"),
             UInt8(ascii: "w"):
            paletteColor(named: name).map { .color(.palette($0)) } ?? UIKitColors.color(named: name).map(Value.color)
        case UInt8(ascii: "o"), UInt8(ascii: "l"): UIKitColors.color(named: name).map(Value.color)
        default: nil
        }
    }

    /// Whether a name of `length` bytes starting with `first` could be a reserved constant.
    /// Most names are not, and this rules them out from the source bytes, before any string
    /// is made or compared.
    static func couldBeConstant(first: UInt8, length: Int) -> Bool {
        switch first {
        case UInt8(ascii: "t"): length == 4  // true
        case UInt8(ascii: "c"): length == 4 || length == 5  // cyan, clear
        case UInt8(ascii: "f"), UInt8(ascii: "w"): length == 5  // false, white
        case UInt8(ascii: "n"), UInt8(ascii: "r"): length == 3  // nil, red
        case UInt8(ascii: "p"): length == 2 || length == 6  // pi, purple
        case UInt8(ascii: "d"): length == 7 || length == 8  // default, darkGray
        case UInt8(ascii: "m"): length == 7  // magenta
        case UInt8(ascii: "g"): length == 4 || length == 5  // gray, grey, green
        case UInt8(ascii: "y"), UInt8(ascii: "o"): length == 6  // yellow, orange
        case UInt8(ascii: "l"): length == 9  // lightGray
        case UInt8(ascii: "b"): length == 4 || length == 5 || length >= 9  // blue, black, brown, bright…
        default: false
        }
    }

    /// The palette color called `name`. Most names starting with these letters are state
    /// (`count`, `width`): a comparison or two rules them out without hashing; only names
    /// that could be one of the `b…` colors reach the palette's own table.
    private static func paletteColor(named name: String) -> PaletteColor? {
        switch name.utf8.first {
        case UInt8(ascii: "b"): name.utf8.count >= 4 ? PaletteColor(name: name) : nil
        case UInt8(ascii: "r"): name == "red" ? .red : nil
        case UInt8(ascii: "g"): name == "green" ? .green : name == "gray" || name == "grey" ? .gray : nil
        case UInt8(ascii: "y"): name == "yellow" ? .yellow : nil
        case UInt8(ascii: "m"): name == "magenta" ? .magenta : nil
        case UInt8(ascii: "c"): name == "cyan" ? .cyan : nil
        case UInt8(ascii: "w"): name == "white" ? .white : nil
        default: nil
        }
    }

    /// The built-in function called `name`, if there is one.
    static func function(named name: String) -> BuiltinFunction? {
        // Compared among the few names of the same length, which costs less than hashing the
        // name; most calls are to `min` and `max`, which come first.
        let length = name.utf8.count
        guard length < functionsByLength.count else { return nil }
        for function in functionsByLength[length] where function.name == name { return function }
        return nil
    }

    /// ``functions`` by the length of their names; `min` and `max` first among theirs.
    private static let functionsByLength: [[BuiltinFunction]] = {
        let names = ["min", "max"] + functions.keys.sorted().filter { $0 != "min" && $0 != "max" }
        var table = [[BuiltinFunction]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for name in names {
            if let function = functions[name] { table[name.utf8.count].append(function) }
        }
        return table
    }()

    /// All function names, for "did you mean" suggestions.
    static var functionNames: [String] { functions.keys.sorted() }

    /// All constant names, for documentation and suggestions.
    static let constantNames: [String] = ["true", "false", "nil", "pi", "default"] + PaletteColor.allCases.map(\.name)
        + UIKitColors.names

    private static let functions: [String: BuiltinFunction] = {
        var table: [String: BuiltinFunction] = [:]
        func add(_ name: String, _ arity: ClosedRange<Int>, _ body: BuiltinFunction.Body) {
            table[name] = BuiltinFunction(name: name, arity: arity, body: body)
        }
        add("min", 1...Int.max, .fold { Swift.min($0, $1) })
        add("max", 1...Int.max, .fold { Swift.max($0, $1) })
        add("abs", 1...1, .unary { Swift.abs($0) })
        add("floor", 1...1, .unary { $0.rounded(.down) })
        add("ceil", 1...1, .unary { $0.rounded(.up) })
        add("round", 1...1, .unary { $0.rounded(.toNearestOrAwayFromZero) })
        add("sqrt", 1...1, .unary { $0.squareRoot() })
        add("pow", 2...2, .binary { Foundation.pow($0, $1) })
        // `mod` is Layout's: the remainder with the sign of the dividend, like infix `%`
        // (`mod(-4, 2.5)` is -1.5). `floorMod` is the mathematical modulo, with the sign of
        // the divisor, for wrapping around (`floorMod(index - 1, count)`).
        add("mod", 2...2, .binary { value, divisor in value.truncatingRemainder(dividingBy: divisor) })
        add("floorMod", 2...2, .binary { value, divisor in
            let remainder = value.truncatingRemainder(dividingBy: divisor)
            return remainder != 0 && (remainder < 0) != (divisor < 0) ? remainder + divisor : remainder
        })
        add("atan2", 2...2, .binary { Foundation.atan2($0, $1) })
        add("sin", 1...1, .unary { Foundation.sin($0) })
        add("cos", 1...1, .unary { Foundation.cos($0) })
        add("tan", 1...1, .unary { Foundation.tan($0) })
        add("asin", 1...1, .unary { Foundation.asin($0) })
        add("acos", 1...1, .unary { Foundation.acos($0) })
        add("atan", 1...1, .unary { Foundation.atan($0) })
        add("log", 1...1, .unary { Foundation.log($0) })
        add("rgb", 3...3, .color)
        add("rgba", 4...4, .color)
        return table
    }()
}

/// A built-in function: its name, how many arguments it takes, and what it computes.
/// Every argument is a number.
struct BuiltinFunction: Sendable {
    enum Body: Sendable {
        case unary(@Sendable (Double) -> Double)
        case binary(@Sendable (Double, Double) -> Double)
        /// Any number of arguments, combined left to right (`min`, `max`).
        case fold(@Sendable (Double, Double) -> Double)
        /// `rgb(r, g, b)` with channels 0–255 and `rgba(r, g, b, a)` with alpha 0–1.
        case color
    }

    let name: String
    let arity: ClosedRange<Int>
    let body: Body

    var resultType: ValueType {
        if case .color = body { .color } else { .number }
    }

    /// What to write in a message about the number of arguments: `2 arguments`, `at least 1`.
    var arityDescription: String {
        if arity.upperBound == Int.max { return "at least \(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")" }
        let count = arity.lowerBound
        return "\(count) argument\(count == 1 ? "" : "s")"
    }

    /// Applies the function to already-evaluated arguments. `ranges` are the arguments'
    /// source ranges and `callRange` the whole call's, for error positions.
    func apply(_ arguments: [Value], ranges: [Range<Int>], callRange: Range<Int>) throws(ExpressionError) -> Value {
        var numbers: [Double] = []
        numbers.reserveCapacity(arguments.count)
        for (index, argument) in arguments.enumerated() {
            guard case .number(let number) = argument else {
                throw ExpressionError(.typeMismatch,
                                      "argument \(index + 1) of '\(name)' must be a number, not \(argument.type)",
                                      at: ranges[index])
            }
            numbers.append(number)
        }
        let result: Double
        switch body {
        case .unary(let function): result = function(numbers[0])
        case .binary(let function): result = function(numbers[0], numbers[1])
        case .fold(let function): result = numbers.dropFirst().reduce(numbers[0], function)
        case .color: return .color(try makeColor(numbers, ranges: ranges))
        }
        guard result.isFinite else {
            throw ExpressionError(.notFinite, "'\(name)' has no finite result for \(numbers.map(Value.format).joined(separator: ", "))",
                                  at: callRange)
        }
        return .number(result)
    }

    private func makeColor(_ numbers: [Double], ranges: [Range<Int>]) throws(ExpressionError) -> Color {
        var channels: [UInt8] = []
        for index in 0..<3 {
            guard (0...255).contains(numbers[index]) else {
                throw ExpressionError(.argumentOutOfRange,
                                      "color channel \(Value.format(numbers[index])) is outside 0–255", at: ranges[index])
            }
            channels.append(UInt8(Clamp.int(numbers[index], in: 0...255, rounding: .toNearestOrAwayFromZero)))
        }
        var alpha: UInt8 = 255
        if numbers.count == 4 {
            guard (0...1).contains(numbers[3]) else {
                throw ExpressionError(.argumentOutOfRange, "alpha \(Value.format(numbers[3])) is outside 0–1", at: ranges[3])
            }
            alpha = UInt8(Clamp.int(numbers[3] * 255, in: 0...255, rounding: .toNearestOrAwayFromZero))
        }
        return .rgba(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }
}
