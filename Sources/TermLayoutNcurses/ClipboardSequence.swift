import CNcursesw
import Foundation
import TermLayout

/// OSC 52, the terminal's clipboard: `ESC ] 52 ; c ; BASE64 ESC \` puts the text on the
/// clipboard of the machine the terminal runs on. The text travels in base64, so nothing in
/// it can end the sequence.
enum ClipboardSequence {
    /// The sequence that copies `text` to the clipboard (`c`).
    static func copy(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{1B}\\"
    }
}

extension NcursesTerminal {
    /// Copies `text` to the terminal's clipboard with OSC 52, in order with ncurses' output,
    /// without its control characters (`ClipboardText.sanitize(_:)`), which a later paste
    /// would deliver.
    public func copyToClipboard(_ text: String) {
        guard isOpen else { return }
        writeSequence(ClipboardSequence.copy(ClipboardText.sanitize(text)))
    }
}
