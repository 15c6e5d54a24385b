/// How values print: in `termlayout eval`, in string interpolation and as JSON.
extension Value: CustomStringConvertible {
    /// The display form: numbers in shortest round-trip form without a trailing `.0`
    /// (`42.5`, `3`), `true`/`false`, strings raw, colors as `#rrggbbaa`, arrays and objects
    /// as JSON, and `nil`.
    public var description: String {
        switch self {
        case .number(let number): Value.format(number)
        case .bool(let bool): bool ? "true" : "false"
        case .string(let string): string
        case .color(let color): color.hexString
        case .array, .object: jsonText
        case .null: "nil"
        }
    }

    /// The text a value contributes to an interpolated string: like ``description`` except
    /// that `nil` contributes nothing.
    public var interpolationText: String {
        if case .null = self { return "" }
        return description
    }

    /// Formats a number in its shortest round-trip form, without a trailing `.0`.
    public static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Clamp.int(number))
        }
        return number.description
    }

    /// The value as compact JSON. Numbers print as in ``format(_:)``; colors as their
    /// `#rrggbbaa` string; non-finite numbers, which JSON cannot hold, as `null`.
    public var jsonText: String {
        var output = ""
        writeJSON(to: &output)
        return output
    }

    private func writeJSON(to output: inout String) {
        switch self {
        case .number(let number): output += number.isFinite ? Value.format(number) : "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .string(let string): Value.writeJSONString(string, to: &output)
        case .color(let color): Value.writeJSONString(color.hexString, to: &output)
        case .null: output += "null"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.writeJSON(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Value.writeJSONString(key, to: &output)
                output += ":"
                members[key, default: .null].writeJSON(to: &output)
            }
            output += "}"
        }
    }

    static func writeJSONString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            // C0, DEL, C1 and bidi controls as \u escapes: JSON stays exact and prints safely.
            case _ where TextSanitizer.needsReplacing(scalar):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
