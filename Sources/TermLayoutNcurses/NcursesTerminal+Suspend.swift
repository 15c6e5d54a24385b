import CNcursesw

/// Job control: SIGTSTP (`kill -TSTP`, or Ctrl-Z where a shell left it a signal) while the
/// terminal is open. Its handler only sets a flag and wakes the wait (`SignalTrap`); the
/// backend then, in ordinary code, hands the terminal back as on exit — bracketed paste, focus
/// reports and button-event mouse off, the title and the kitty keyboard mode popped, then
/// ncurses' `endwin` — and stops the process (SIGTSTP with its default action). When it is
/// continued (`fg`), it takes the terminal again: ncurses' modes and screen, a full repaint,
/// keypad mode, then the modes of ours, the kitty keyboard mode pushed again and the title
/// saved and set again.
extension NcursesTerminal {
    /// Suspends and resumes if SIGTSTP arrived since the last call (``pendingEvents()`` asks).
    /// Returns whether it did.
    @discardableResult
    func suspendIfAsked() -> Bool {
        guard SignalTrap.takeSuspend() else { return false }
        guard isOpen else { return false }
        tl_clear_bottom_row_without_alternate_screen()
        leaveOwnModes()
        endwin()
        stopProcess()
        // Continued: ncurses' modes and the whole screen again, then ours.
        tl_resume_screen(fileno(outputStream))
        enterOwnModes()
        return true
    }

    /// Turns off what the backend turned on beyond ncurses' own modes, in the order
    /// ``close()`` does: the kitty keyboard mode is popped on the alternate screen, whose
    /// stack it was pushed on.
    func leaveOwnModes() {
        tl_bracketed_paste(outputStream, 0)
        tl_button_event_mouse(outputStream, 0)
        tl_focus_events(outputStream, 0)
        if savedTitle { writeSequence(TitleSequences.pop) }
        if pushedKeyboardMode { writeSequence(KittyKeyboard.pop) }
    }

    /// Turns on again what ``leaveOwnModes()`` turned off, after ncurses has its screen back.
    private func enterOwnModes() {
        tl_bracketed_paste(outputStream, 1)
        tl_button_event_mouse(outputStream, 1)
        tl_focus_events(outputStream, 1)
        if pushedKeyboardMode {
            writeSequence(KittyKeyboard.push)
            if decoder.reportsReleases { writeSequence(KittyKeyboard.withReleases) }
        }
        if savedTitle {
            writeSequence(TitleSequences.push)
            if let currentTitle { writeSequence(TitleSequences.set(currentTitle)) }
        }
    }
}
