/// The terminal window's title an app asks for with `windowTitle` on its template's root
/// (`<Column windowTitle="{file} — Notes">`), an expression evaluated each frame; the backend
/// is told only when it changes (``TerminalBackend/setTitle(_:)``).
///
/// Not `title`: containers already have a `title`, drawn in their top border, and a root
/// `Box` often sets one that is not meant for the window.
public enum WindowTitle {
    /// The attribute's name.
    public static let name = "windowTitle"
    /// The most characters a title keeps; a longer one ends in `…`.
    public static let characterLimit = 200

    /// `text` as it may be sent in an OSC 2 sequence: controls (C0, DEL, C1 — an ESC or BEL
    /// would end the sequence and start another) and bidi controls (marks, embeddings,
    /// overrides, isolates: ``TextSanitizer/isBidiControl(_:)``) become spaces, runs of
    /// spaces one space, the ends trimmed, and at most ``characterLimit`` characters kept.
    public static func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let space = TextSanitizer.needsReplacing(scalar) || scalar == " "
            if space {
                if !lastWasSpace { scalars.append(" ") }
            } else {
                scalars.append(scalar)
            }
            lastWasSpace = space
        }
        var result = String(scalars)
        while result.last == " " { result.removeLast() }
        if result.count > characterLimit { result = String(result.prefix(characterLimit - 1)) + "…" }
        return result
    }
}

extension LayoutApp {
    /// Evaluates the root's `windowTitle` and, when it changed, hands it to the backend.
    /// A title that cannot be evaluated throws: the frame fails and the red box says why,
    /// while the window keeps the last title.
    /// A template that no longer sets one (the attribute deleted and the file saved, or a
    /// value of `nil`) gives the window its title from before back.
    func updateWindowTitle(on backend: any TerminalBackend) throws(Diagnostic) {
        guard let root, root.template.properties[WindowTitle.name] != nil,
              let text = try root.value(orNil: WindowTitle.name).stringValue else {
            if windowTitle != nil {
                windowTitle = nil
                backend.restoreTitle()
            }
            return
        }
        let title = WindowTitle.sanitize(text)
        guard title != windowTitle else { return }
        windowTitle = title
        backend.setTitle(title)
    }
}
