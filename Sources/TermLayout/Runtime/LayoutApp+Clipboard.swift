/// Copying to the system clipboard through the terminal (OSC 52 on the ncurses backend).
extension LayoutApp {
    /// The most bytes of UTF-8 one copy sends; a longer text is not copied (terminals cap
    /// OSC 52 too, and a cut-off copy would be worse than none).
    public static var clipboardByteLimit: Int { 100_000 }

    /// Puts `text` on the clipboard of the terminal's machine (over SSH too) and returns
    /// whether it was sent: not when it is empty, longer than ``clipboardByteLimit`` or no
    /// terminal is attached. Whether the terminal accepts it (xterm's `allowWindowOps`,
    /// tmux's `set-clipboard`) cannot be known.
    ///
    /// ```swift
    /// app.bind(.control("k")) { app in app.copyToClipboard(app.state.selectedPath) }
    /// ```
    @discardableResult
    public func copyToClipboard(_ text: String) -> Bool {
        guard let backend, !text.isEmpty, text.utf8.count <= Self.clipboardByteLimit else { return false }
        backend.copyToClipboard(text)
        return true
    }
}
