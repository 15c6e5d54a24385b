import CNcursesw

/// The window title through escape sequences ncurses has no capability for: xterm's
/// XTWINOPS saves the title from before on a stack (`CSI 22;0 t`) and puts it back
/// (`CSI 23;0 t`), and OSC 2 sets it. A terminal that knows none of them ignores them.
enum TitleSequences {
    /// Saves the current window and icon title on the terminal's stack.
    static let push = "\u{1B}[22;0t"
    /// Restores the window and icon title saved by ``push``.
    static let pop = "\u{1B}[23;0t"

    /// OSC 2 with `title`, ended by ST. The title must be sanitised already
    /// (``TermLayout/WindowTitle/sanitize(_:)``); controls are dropped here once more, so no
    /// title can end the sequence early and start another.
    static func set(_ title: String) -> String {
        let safe = String(String.UnicodeScalarView(title.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }))
        return "\u{1B}]2;" + safe + "\u{1B}\\"
    }
}

extension NcursesTerminal {
    /// Sets the window title with OSC 2. The first time, the title from before is saved
    /// first, and put back by ``close()`` — or by the crash restore, or a second signal.
    public func setTitle(_ title: String) {
        guard isOpen else { return }
        currentTitle = title
        if !savedTitle {
            savedTitle = true
            writeSequence(TitleSequences.push)
            SignalTrap.addToCrashRestore(TitleSequences.pop)
        }
        writeSequence(TitleSequences.set(title))
    }

    /// Puts the title from before back (the stack's top), and saves it again at once, so
    /// the stack stays as ``close()`` and the crash restore expect it: one entry to pop.
    public func restoreTitle() {
        guard isOpen, savedTitle else { return }
        writeSequence(TitleSequences.pop + TitleSequences.push)
    }

    /// Writes `sequence` to the terminal in order with ncurses' output.
    func writeSequence(_ sequence: String) { tl_write_sequence(outputStream, sequence) }
}
