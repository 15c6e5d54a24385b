import Foundation

/// Light or dark, and the theme: what `terminal.dark` and `theme.…` read.
extension LayoutApp {
    /// The terminal's background: ``LayoutAppOptions/background`` when set, else as detected
    /// when the app attached to its terminal (``TerminalBackground``). Dark until then.
    public var terminalBackground: TerminalBackground { options.background ?? detectedBackground }

    /// The colours the standard widgets and `theme.…` use: ``Theme/standard`` unless the app
    /// sets its own. Setting it redraws what reads it.
    public var theme: Theme {
        get { appTheme }
        set {
            appTheme = newValue
            root?.theme = newValue
        }
    }

    /// Detects the background of `backend`'s terminal (`environment`: where
    /// `TERMLAYOUT_BACKGROUND` and `COLORFGBG` are read, the process's by default).
    func detectBackground(of backend: any TerminalBackend, environment: [String: String] = ProcessInfo.processInfo.environment) {
        detectedBackground = TerminalBackground.detect(option: options.background, probe: backend.probeResult, environment: environment)
        root.map(applyTerminalFacts)
    }

    /// Gives `tree` what the app knows of its terminal.
    func applyTerminalFacts(to tree: LayoutNode) {
        tree.terminalDark = terminalBackground == .dark
        tree.terminalFocused = terminalFocused
        tree.theme = appTheme
    }
}
