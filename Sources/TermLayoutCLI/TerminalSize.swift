import ArgumentParser
import TermLayout

/// `80x24`: a terminal size (`--size`) or points per cell (`--cell`). A value of the wrong
/// form or beyond the limit is a command-line usage error (exit 64) that says which.
struct TerminalSize: Equatable {
    var columns: Int
    var rows: Int

    /// The largest terminal `--size` accepts: more than any real terminal shows, small
    /// enough that a screen buffer stays a few megabytes.
    static let maximumScreen = TerminalSize(columns: 2000, rows: 1000)
    /// The largest `--cell` (points per cell).
    static let maximumCell = TerminalSize(columns: 1000, rows: 1000)

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Parses `COLSxROWS` for `--size`.
    static func screen(_ argument: String) throws -> TerminalSize {
        try parse(argument, within: maximumScreen, what: "a terminal size", form: ("COLUMNSxROWS", "80x24", "columns and rows"))
    }

    /// Parses `WxH` for `--cell`.
    static func cell(_ argument: String) throws -> TerminalSize {
        try parse(argument, within: maximumCell, what: "a cell size in points", form: ("WIDTHxHEIGHT", "1x1", "width and height"))
    }

    private static func parse(_ argument: String, within maximum: TerminalSize, what: String,
                              form: (pattern: String, example: String, parts: String)) throws -> TerminalSize {
        // `-5x5` arrives here because the options parse unconditionally (a leading dash is
        // not taken for an option): a sign is a value out of range, not a malformed one.
        if argument.hasPrefix("-"), argument.dropFirst().first?.isNumber == true {
            throw ValidationError("\(form.parts) must be at least 1 (got '\(TextSanitizer.sanitize(argument))')")
        }
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw ValidationError("expected \(what) as \(form.pattern), such as \(form.example)")
        }
        // Digits only, so `Int` fails only on overflow: that is beyond the limit too.
        let columns = Int(parts[0]) ?? Int.max, rows = Int(parts[1]) ?? Int.max
        guard columns > 0, rows > 0 else { throw ValidationError("\(form.parts) must be at least 1") }
        guard columns <= maximum.columns, rows <= maximum.rows else {
            throw ValidationError("\(what) is at most \(maximum.columns)x\(maximum.rows)")
        }
        return TerminalSize(columns: columns, rows: rows)
    }
}
