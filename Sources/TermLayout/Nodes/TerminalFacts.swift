/// What a tree's expressions know of the terminal, `terminal.dark` and `terminal.focused`,
/// and the ``Theme`` that `theme.…` and the standard widgets read. Each is its own
/// dependency source, so a focus change re-evaluates only what read `terminal.focused`.
/// Outside an app (`render`, `check`, `inspect`) the terminal is dark and focused.
final class TerminalFacts {
    /// Whether the background is dark.
    var dark = true {
        didSet { if dark != oldValue { darkSource.invalidateDependents() } }
    }
    /// Whether the terminal window has the focus.
    var focused = true {
        didSet { if focused != oldValue { focusedSource.invalidateDependents() } }
    }
    /// The theme whose palette the background picks.
    var theme = Theme.standard {
        didSet { if theme != oldValue { themeSource.invalidateDependents() } }
    }
    /// What reads ``dark`` depends on.
    let darkSource = DependencySource()
    /// What reads ``focused`` depends on.
    let focusedSource = DependencySource()
    /// What reads the theme depends on (and on ``darkSource``).
    let themeSource = DependencySource()

    /// The members of `terminal.`.
    static let memberNames = ["dark", "focused"]

    /// The palette in use.
    var palette: Theme.Palette { theme.palette(dark: dark) }
}

extension LayoutNode {
    /// `terminal.dark` for the whole tree: whether the terminal's background is dark (and so
    /// which palette of ``theme`` is drawn). `true` until set.
    public var terminalDark: Bool {
        get { tree.terminal.dark }
        set { tree.terminal.dark = newValue }
    }

    /// `terminal.focused` for the whole tree: whether the terminal window has the focus.
    /// `true` until set.
    public var terminalFocused: Bool {
        get { tree.terminal.focused }
        set { tree.terminal.focused = newValue }
    }

    /// The tree's ``Theme``: what `theme.…` reads and the standard widgets draw with.
    public var theme: Theme {
        get { tree.terminal.theme }
        set { tree.terminal.theme = newValue }
    }

    /// The palette the standard widgets draw with: the ``theme``'s for the background. Read
    /// while painting or evaluating, the read is recorded, so a change of background or theme
    /// repaints the reader.
    public var palette: Theme.Palette {
        tree.recordRead(of: tree.terminal.darkSource)
        tree.recordRead(of: tree.terminal.themeSource)
        return tree.terminal.palette
    }
}
