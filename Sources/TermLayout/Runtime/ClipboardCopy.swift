/// What ``LayoutApp/copyToClipboard(_:)`` did with a text: sent it, or why not.
///
/// ```swift
/// if case .tooLarge(let bytes) = app.copyToClipboard(report) {
///     app.state.message = "The report is \(bytes) bytes: too big to copy"
/// }
/// ```
public enum ClipboardCopy: Equatable, Sendable {
    /// Sent to the terminal: this many bytes of UTF-8, after controls were taken out
    /// (``ClipboardText/sanitize(_:)``). Whether the terminal accepts it (xterm's
    /// `allowWindowOps`, tmux's `set-clipboard`) cannot be known.
    case copied(bytes: Int)
    /// Not sent: the text was empty, or only control characters.
    case nothingToCopy
    /// Not sent, and the clipboard keeps what it had: the text has this many bytes of UTF-8,
    /// more than ``LayoutApp/clipboardByteLimit``.
    case tooLarge(bytes: Int)
    /// Not sent: no terminal is attached (before the app runs, or after).
    case noTerminal

    /// Whether the text was sent.
    public var copied: Bool {
        if case .copied = self { return true }
        return false
    }

    /// A short note for a status line: `copied 12 bytes`,
    /// `too big to copy: 250,000 bytes (at most 400,000)`.
    public var note: String {
        switch self {
        case .copied(let bytes): "copied \(Self.grouped(bytes)) \(bytes == 1 ? "byte" : "bytes")"
        case .nothingToCopy: "nothing to copy"
        case .tooLarge(let bytes):
            "too big to copy: \(Self.grouped(bytes)) bytes (at most \(Self.grouped(ClipboardLimit.bytes)))"
        case .noTerminal: "not copied: no terminal"
        }
    }

    /// `number` with a comma between each group of three digits, whatever the locale.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}

/// The most bytes one copy may have: the generic ``LayoutApp`` reads it from here.
enum ClipboardLimit {
    /// 400,000 bytes of UTF-8: 533,336 in base64, so the whole sequence stays under
    /// xterm's default limit on control strings (`maxStringParse`, 600,000), which a longer
    /// one would be dropped by, and tmux's (1 MiB, about 786,000 bytes of text).
    static let bytes = 400_000
}
