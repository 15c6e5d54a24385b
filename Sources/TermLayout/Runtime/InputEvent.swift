// Runtime: what makes a tree interactive — input events, focus, widget behaviour, bindings.
// Must not know about: a particular terminal library (backends translate their keys).

/// A key or event from the terminal, independent of the backend.
public enum InputEvent: Equatable, Sendable {
    case character(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl plus a letter: `.control("a")` is Ctrl-A.
    case control(Character)
    case resize(columns: Int, rows: Int)
    /// SIGINT, SIGTERM or SIGHUP arrived: restore the terminal and stop.
    case terminate(signal: Int32)
}
