/// Copying to the system clipboard through the terminal (OSC 52 on the ncurses backend).
extension LayoutApp {
    /// The most bytes of UTF-8 one copy sends, 400,000; a longer text is not copied (a
    /// terminal drops a sequence longer than its own limit — xterm's default is 600,000
    /// bytes of base64, tmux's 1 MiB — and a cut-off copy would be worse than none).
    public static var clipboardByteLimit: Int { ClipboardLimit.bytes }

    /// Puts `text` on the clipboard of the terminal's machine (over SSH too), without its
    /// control characters (``ClipboardText/sanitize(_:)``), and says whether it was sent:
    /// not when nothing is left to copy, it is longer than ``clipboardByteLimit`` (the
    /// clipboard then keeps what it had) or no terminal is attached.
    ///
    /// ```swift
    /// app.bind(.control("k")) { app in app.copyToClipboard(app.state.selectedPath) }
    /// ```
    @discardableResult
    public func copyToClipboard(_ text: String) -> ClipboardCopy {
        let clean = ClipboardText.sanitize(text)
        let bytes = clean.utf8.count
        guard bytes > 0 else { return .nothingToCopy }
        guard bytes <= Self.clipboardByteLimit else { return .tooLarge(bytes: bytes) }
        guard let backend else { return .noTerminal }
        backend.copyToClipboard(clean)
        return .copied(bytes: bytes)
    }

    /// A widget's copy (Ctrl-O): copied, and the outcome noted in the status line (when
    /// there is one), so that a copy too big to send is not lost unseen.
    func copyFromWidget(_ text: String) -> Bool {
        let outcome = copyToClipboard(text)
        if options.showsStatusLine {
            status = outcome.note
            needsFrame = true
        }
        return outcome.copied
    }
}
