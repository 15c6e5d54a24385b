import CNcursesw

/// The kitty keyboard protocol's progressive enhancement: when the start-up probe found that
/// the terminal speaks it (``TermLayout/TerminalProbeResult/keyboardFlags``), the backend
/// pushes "disambiguate escape codes" (flag 1) on the terminal's stack of keyboard modes, so
/// Shift+Enter (`CSI 13;2u`), Ctrl+Enter, Ctrl+Tab, Ctrl+Backspace and a bare Escape
/// (`CSI 27u`) arrive distinctly (``KeySequence`` reads them). Plain text still arrives as
/// text. The mode is popped (`CSI < u`) on every exit: ``NcursesTerminal/close()``, a
/// termination signal (which closes), a crash or a second signal (the crash restore); and
/// popped on a suspend (SIGTSTP), pushed again when the process is continued.
enum KittyKeyboard {
    /// Pushes flag 1 (disambiguate escape codes) onto the terminal's keyboard mode stack.
    static let push = "\u{1B}[>1u"
    /// Sets the pushed mode's flags to disambiguate and report event types (1 + 2), so
    /// releases and repeats are reported too.
    static let withReleases = "\u{1B}[=3;1u"
    /// Sets the pushed mode's flags back to disambiguate alone.
    static let withoutReleases = "\u{1B}[=1;1u"
    /// Pops the mode ``push`` pushed, so the shell gets the keyboard it had.
    static let pop = "\u{1B}[<u"
    /// Set (``EnvironmentFlag``: not empty, `0`, `false`, `no` or `off`), the protocol is not used even when the terminal
    /// speaks it: keys arrive as in any terminal.
    static let disableVariable = "TERMLAYOUT_NO_KITTY_KEYS"

    /// Whether to push the mode: the terminal answered the flags query and the user did not
    /// turn it off.
    static func isWanted(flags: Int?, environment: [String: String]) -> Bool {
        guard flags != nil else { return false }
        if EnvironmentFlag.isOn(environment[disableVariable]) { return false }
        return true
    }
}

extension NcursesTerminal {
    /// Pushes the kitty keyboard mode when `KittyKeyboard/isWanted(flags:environment:)`,
    /// and has the crash restore pop it. Called once, after the probe.
    func enableKittyKeyboard(environment: [String: String]) {
        guard isOpen, !pushedKeyboardMode, KittyKeyboard.isWanted(flags: probe.keyboardFlags, environment: environment) else { return }
        pushedKeyboardMode = true
        writeSequence(KittyKeyboard.push)
        SignalTrap.addToCrashRestore(KittyKeyboard.pop)
    }

    /// Turns release reports on or off in the pushed mode; nothing without the protocol.
    func setKittyReleases(_ on: Bool) {
        guard isOpen, pushedKeyboardMode, on != decoder.reportsReleases else { return }
        decoder.reportsReleases = on
        writeSequence(on ? KittyKeyboard.withReleases : KittyKeyboard.withoutReleases)
    }
}
