/// The terminal window's focus: a terminal that reports it (xterm's focus events, which the
/// ncurses backend turns on) sends ``InputEvent/focus(_:)`` when the window gains or loses
/// it, so an app can pause what nobody watches.
extension LayoutApp {
    /// Whether the terminal window has the focus. `true` until the terminal says otherwise
    /// (a terminal that does not report focus is always focused).
    public var terminalFocused: Bool { !terminalUnfocused }

    /// Runs `handler` with the new state each time the terminal window gains (`true`) or
    /// loses (`false`) the focus, in the order handlers were added.
    ///
    /// ```swift
    /// app.onFocusChange { app, focused in app.state.paused = !focused }
    /// ```
    public func onFocusChange(_ handler: @escaping @MainActor (LayoutApp, Bool) -> Void) {
        focusHandlers.append(handler)
    }

    /// Records a focus event and tells the handlers, once per change (a terminal may repeat one).
    func terminalChangedFocus(_ focused: Bool) {
        guard focused != terminalFocused else { return }
        terminalUnfocused = !focused
        root?.terminalFocused = focused
        for handler in focusHandlers { handler(self, focused) }
    }
}
