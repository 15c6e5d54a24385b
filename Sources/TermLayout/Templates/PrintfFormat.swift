import Foundation

/// printf formatting for strings files, as Layout formats `strings.Key(…)` through
/// Foundation: `%@ %s %c %d %i %u %x %X %o %f %F %e %E %g %G` and `%%`, with flags
/// (`-+ 0#`), width, precision, positional arguments (`%2$@`) and length modifiers
/// (`l ll h hh q z t j L`), which are accepted and ignored since every number is a `Double`.
///
/// A format is parsed whole before any argument is read, so a bad specifier or the wrong
/// number of arguments is found without arguments too (`check` does that). Widths above
/// ``maximumWidth`` and precisions above ``StringsTable/maximumPrecision`` are errors, so no
/// format can ask for gigabytes.
enum PrintfFormat {
    /// The widest field a format may ask for, in terminal columns.
    static let maximumWidth = 1_000
    /// The highest argument position a format may name (`%64$@`).
    static let maximumPosition = 64

    /// A piece of a parsed format.
    enum Piece: Equatable {
        case literal(String)
        case conversion(Conversion)
    }

    /// One `%…` specifier.
    struct Conversion: Equatable {
        /// The argument it formats, counting from 0.
        var argument: Int
        /// The flags among `-+ 0#`, in the order written.
        var flags: String
        var width: Int?
        var precision: Int?
        /// The conversion character (`d`, `@` …).
        var character: Character
    }

    /// The pieces of `format` and how many arguments it takes.
    static func parse(_ format: String) -> Result<(pieces: [Piece], arguments: Int), StringsTable.FormatError> {
        var pieces: [Piece] = []
        var literal = ""
        var characters = Array(format)[...]
        var nextArgument = 0
        var arguments = 0
        while let character = characters.popFirst() {
            guard character == "%" else { literal.append(character); continue }
            var written = "%"
            func take() -> Character? {
                guard let next = characters.popFirst() else { return nil }
                written.append(next)
                return next
            }
            func digits() -> String {
                var text = ""
                while let next = characters.first, next.isASCII, next.isNumber { text.append(next); _ = take() }
                return text
            }
            // `%2$@`: digits then `$` name the argument; otherwise they were the width.
            var position: Int?
            var widthDigits = ""
            if let first = characters.first, first.isASCII, first.isNumber, first != "0" {
                let leading = digits()
                if characters.first == "$" {
                    _ = take()
                    guard let index = Int(leading), (1...maximumPosition).contains(index) else {
                        return .failure(.invalidSpecifier(written))
                    }
                    position = index
                } else {
                    widthDigits = leading
                }
            }
            var flags = ""
            if widthDigits.isEmpty {
                while let next = characters.first, "-+ 0#'".contains(next) {
                    _ = take()
                    if next != "'", !flags.contains(next) { flags.append(next) }
                }
                widthDigits = digits()
            }
            var precisionDigits: String?
            if characters.first == "." {
                _ = take()
                precisionDigits = digits()
            }
            while let next = characters.first, "hlqztjL".contains(next) { _ = take() }
            guard let conversion = take() else { return .failure(.invalidSpecifier(written)) }
            if conversion == "%" {
                literal.append("%")
                continue
            }
            guard "@scdiuxXofFeEgG".contains(conversion) else { return .failure(.invalidSpecifier(written)) }
            var width: Int?
            if !widthDigits.isEmpty {
                guard widthDigits.count <= 9, let value = Int(widthDigits), value <= maximumWidth else {
                    return .failure(.widthTooLarge(written))
                }
                width = value
            }
            var precision: Int?
            if let precisionDigits {
                // A string's precision is how many characters of it to keep, as long as a
                // width may be; a number's is its digits.
                let limit = Self.isStringConversion(conversion) ? maximumWidth : StringsTable.maximumPrecision
                guard precisionDigits.count <= 9, let value = Int(precisionDigits.isEmpty ? "0" : precisionDigits),
                      value <= limit else {
                    return .failure(.precisionTooLarge(written))
                }
                precision = value
            }
            let argument: Int
            if let position {
                argument = position - 1
            } else {
                argument = nextArgument
                nextArgument += 1
            }
            arguments = max(arguments, argument + 1)
            if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
            pieces.append(.conversion(Conversion(argument: argument, flags: flags, width: width, precision: precision,
                                                 character: conversion)))
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return .success((pieces, arguments))
    }

    /// Whether `conversion` (`@` or `s`) formats a string, whose precision is a length.
    static func isStringConversion(_ conversion: Character) -> Bool {
        conversion == "@" || conversion == "s"
    }

    /// `format` applied to `arguments`, which must be as many as it takes.
    static func format(_ format: String, _ arguments: [Value]) -> Result<String, StringsTable.FormatError> {
        let parsed: (pieces: [Piece], arguments: Int)
        switch parse(format) {
        case .success(let result): parsed = result
        case .failure(let error): return .failure(error)
        }
        guard parsed.arguments == arguments.count else {
            return .failure(.wrongArgumentCount(expected: parsed.arguments, given: arguments.count))
        }
        var output = ""
        for piece in parsed.pieces {
            switch piece {
            case .literal(let text):
                output += text
            case .conversion(let conversion):
                switch render(conversion, arguments[conversion.argument]) {
                case .success(let text): output += text
                case .failure(let error): return .failure(error)
                }
            }
        }
        return .success(output)
    }

    private static func render(_ conversion: Conversion, _ argument: Value) -> Result<String, StringsTable.FormatError> {
        let spec = "%" + conversion.flags + (conversion.width.map(String.init) ?? "")
            + (conversion.precision.map { "." + String($0) } ?? "")
        switch conversion.character {
        case "@", "s":
            var text = argument.interpolationText
            if let precision = conversion.precision { text = String(text.prefix(precision)) }
            return .success(padded(text, conversion))
        case "c":
            switch argument {
            case .number(let number):
                let code = UInt32(Clamp.int(number, in: 0...0x10FFFF))
                return .success(padded(Unicode.Scalar(code).map { String(Character($0)) } ?? "\u{FFFD}", conversion))
            case .string(let text):
                return .success(padded(text.first.map { String($0) } ?? "", conversion))
            default:
                return .failure(.notANumber(position: conversion.argument + 1, type: argument.type))
            }
        default:
            guard case .number(let number) = argument else {
                return .failure(.notANumber(position: conversion.argument + 1, type: argument.type))
            }
            switch conversion.character {
            case "d", "i":
                return .success(String(format: spec + "lld", Int64(Clamp.int(number, in: Int.min...Int.max))))
            case "u", "x", "X", "o":
                let bits = UInt64(bitPattern: Int64(Clamp.int(number, in: Int.min...Int.max)))
                return .success(String(format: spec + "ll" + String(conversion.character), bits))
            default:
                return .success(String(format: spec + String(conversion.character), number))
            }
        }
    }

    /// `text` padded with spaces to the conversion's width in terminal columns (wide
    /// characters count two), on the right with the `-` flag.
    private static func padded(_ text: String, _ conversion: Conversion) -> String {
        guard let width = conversion.width else { return text }
        let padding = String(repeating: " ", count: max(0, width - TextMeasure.width(of: text)))
        return conversion.flags.contains("-") ? text + padding : padding + text
    }
}
