// Runtime: what makes a tree interactive — input events, focus, widget behaviour, bindings.
// Must not know about: a particular terminal library (backends translate their keys).

/// A key or event from the terminal, independent of the backend.
public enum InputEvent: Hashable, Sendable {
    /// A character key: a letter, digit, symbol or space (a run of them read together for a
    /// focused text field, or a paste, arrives as ``text(_:)``).
    case character(Character)
    /// Enter or Return.
    case enter
    /// Tab: focus moves to the next focusable node.
    case tab
    /// Shift+Tab: focus moves to the previous focusable node.
    case backTab
    /// Backspace: deletes the character before the insertion point.
    case backspace
    /// Delete (forward delete): deletes the character after the insertion point.
    case delete
    /// Escape: dismisses a modal or a popup.
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home: to the start of the line or the first item.
    case home
    /// End: to the end of the line or the last item.
    case end
    /// Page Up: one page towards the start.
    case pageUp
    /// Page Down: one page towards the end.
    case pageDown
    /// Ctrl plus a letter: `.control("a")` is Ctrl-A.
    case control(Character)
    /// A function key: `.function(12)` is F12 (which toggles a ``LayoutApp``'s inspector).
    case function(Int)
    /// A mouse button or wheel event at a cell.
    case mouse(MouseEvent)
    /// The terminal now has `columns` columns and `rows` rows: the next frame lays out for them.
    case resize(columns: Int, rows: Int)
    /// Text typed or pasted as one insertion: a bracketed paste (line breaks included, so
    /// they never press Enter), or a run of characters read together that
    /// ``Interaction/takeEvent(from:)`` joined for the focused text field.
    case text(String)
    /// A termination signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, …) arrived: restore
    /// the terminal and stop.
    case terminate(signal: Int32)
    /// The terminal's input ended (end of file or a hang-up): no key can come any more, so
    /// restore the terminal and stop.
    case inputEnded
    /// The terminal window gained (`true`) or lost (`false`) the focus: xterm's focus events
    /// (`CSI ? 1004 h`), which the terminal sends as `CSI I` and `CSI O`.
    case focus(Bool)
    /// A key pressed with Shift, Alt or Ctrl held: `.modified(.left, [.control])` is Ctrl+←,
    /// `.modified(.enter, [.shift])` Shift+Enter, `.modified(.character("x"), [.alt])` Alt+X,
    /// `.modified(.control("s"), [.shift])` Ctrl+Shift+S. Keys with no modifier are never
    /// wrapped; Ctrl with a letter alone is ``control(_:)``, Shift+Tab ``backTab``. Which
    /// combinations a terminal can report: README, "The terminal" (Shift+Enter and Ctrl+Enter
    /// need the kitty keyboard protocol; Alt+Enter arrives from every terminal).
    indirect case modified(InputEvent, KeyModifiers)
    /// A key came up: `.released(.escape)`, `.released(.modified(.up, [.shift]))`. Only with
    /// ``LayoutAppOptions/reportsKeyReleases`` and a terminal that speaks the kitty keyboard
    /// protocol, which reports releases of keys it sends as escape codes (not of plain text,
    /// Enter, Tab or Backspace).
    indirect case released(InputEvent)
}

/// The modifier keys held with a key (``InputEvent/modified(_:_:)``).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The modifiers as bits: Shift 1, Alt 2, Ctrl 4.
    public let rawValue: UInt8
    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option).
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Ctrl.
    public static let control = KeyModifiers(rawValue: 1 << 2)

    /// The modifiers an xterm-style sequence's parameter names (`\e[1;5D`: 5 is 1 + Ctrl),
    /// or `nil` for a parameter that names none (Meta and above are read as Alt).
    public init?(xtermParameter: Int) {
        guard xtermParameter >= 2, xtermParameter <= 16 else { return nil }
        let bits = xtermParameter - 1
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        self = result
    }
}

/// A mouse event: what happened, and at which cell (0-based, from the top left).
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// The primary button went down: focus and activate what is under it.
        case press
        /// The primary button came up.
        case release
        /// The pointer moved with the primary button held (after a ``press``): a TextArea
        /// selects from where the button went down.
        case drag
        /// The wheel turned away from the user: scroll up.
        case wheelUp
        /// The wheel turned towards the user: scroll down.
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// The cell's column, from 0 at the left.
    public var column: Int
    /// The cell's row, from 0 at the top.
    public var row: Int

    /// A mouse event at a cell.
    public init(_ kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}
