/// The command palette (Ctrl-P): every action the template fires and every handler bound,
/// the app's own commands, and the built-in ones (reload, frame stats, quit), filtered as
/// the user types; Enter runs the one highlighted.
extension LayoutApp {
    /// What a palette entry runs.
    struct PaletteEntry {
        enum Work {
            /// Fire the action, as `sender` would.
            case action(String, sender: LayoutNode?)
            case custom(@MainActor (LayoutApp) throws -> Void, location: String)
            case reload, toggleStats, quit
        }

        let title: String
        let detail: String
        let work: Work
    }

    /// Adds a command to the palette: `title` is what it shows (with `detail` dim at the
    /// right, such as the key that also runs it), `handler` what Enter on it runs.
    ///
    /// ```swift
    /// app.command("Export as HTML", detail: "Ctrl-E") { app in try exporter.write(app.state) }
    /// ```
    public func command(_ title: String, detail: String = "", file: StaticString = #fileID, line: UInt = #line,
                        _ handler: @escaping @MainActor (LayoutApp) throws -> Void) {
        paletteCommands.append(PaletteEntry(title: title, detail: detail, work: .custom(handler, location: "\(file):\(line)")))
    }

    /// Shows the action `action` as `title` in the palette (instead of the element's
    /// `command` attribute, a Button's title or the action's name made readable).
    ///
    /// ```swift
    /// app.command("Save the note", for: "save")
    /// ```
    public func command(_ title: String, for action: String) {
        actionTitles[action] = title
    }

    /// Opens the palette over the app (Ctrl-P), or closes it.
    public func toggleCommandPalette() {
        if palette != nil {
            closePalette()
        } else {
            let entries = paletteEntries()
            let commands = entries.enumerated().map { CommandPalette.Command(title: $1.title, detail: $1.detail, id: $0) }
            palette = (CommandPalette(commands: commands), entries)
        }
        needsFrame = true
    }

    /// Whether the command palette is open.
    public var showsCommandPalette: Bool { palette != nil }

    func closePalette() {
        palette = nil
        // The rows it covered are the app's again.
        renderer.invalidate()
        needsFrame = true
    }

    /// A key or click while the palette is open: it filters, moves, closes or runs.
    func handlePaletteEvent(_ event: InputEvent) {
        guard var open = palette else { return }
        let outcome = open.view.handle(event)
        palette = open
        switch outcome {
        case .stay:
            break
        case .close:
            closePalette()
        case .run(let command):
            closePalette()
            run(open.entries[command.id])
        }
    }

    private func run(_ entry: PaletteEntry) {
        switch entry.work {
        case .action(let action, let sender):
            guard let sender = sender ?? root else { return }
            fire(action, from: sender)
        case .custom(let handler, let location):
            run(handler, context: "the command '\(entry.title)' failed", origin: "in the command added at \(location)")
        case .reload:
            reload()
        case .toggleStats:
            stats.overlayShown.toggle()
            renderer.invalidate()
        case .quit:
            running = false
        }
    }

    /// The entries, in order: the template's actions (document order; one per action), the
    /// handlers no shown element fires, the app's commands, then the built-in ones.
    func paletteEntries() -> [PaletteEntry] {
        var entries: [PaletteEntry] = []
        // Actions shown elements fire (listed or not), and those only hidden ones fire.
        var listed = Set<String>(), fired = Set<String>(), hiddenActions = Set<String>()
        if showsApp, let root {
            var work = [(node: root, hidden: false)]
            while let (node, insideHidden) = work.popLast() {
                // Actions of hidden parts (a Modal not presented, another page of Tabs) and of
                // Lists and their rows (which need a row) are left out, and so are their handlers.
                let hidden = insideHidden || node.isHidden || node.isListRow || node.widget.childLayout == .rowTemplate
                work += node.children.reversed().map { ($0, hidden) }
                let all = paletteValue(of: node) { node throws(Diagnostic) in try node.actions() } ?? [:]
                guard !hidden else {
                    hiddenActions.formUnion(all.values)
                    continue
                }
                fired.formUnion(all.values)
                for (property, action) in orderedActions(of: node) where listed.insert(action).inserted {
                    entries.append(PaletteEntry(title: title(for: action, on: node, property: property), detail: action,
                                                work: .action(action, sender: node)))
                }
            }
            for action in handlers.keys.sorted() where !fired.contains(action) && !hiddenActions.contains(action) {
                entries.append(PaletteEntry(title: actionTitles[action] ?? Self.readable(action), detail: action, work: .action(action, sender: nil)))
            }
        }
        entries += paletteCommands
        entries.append(PaletteEntry(title: "Reload the template", detail: "Ctrl-R", work: .reload))
        entries.append(PaletteEntry(title: stats.overlayShown ? "Hide frame stats" : "Show frame stats", detail: "", work: .toggleStats))
        entries.append(PaletteEntry(title: "Quit", detail: "Ctrl-C", work: .quit))
        return entries
    }

    /// A node's actions, the one its `command` attribute names first: `press`, `submit`,
    /// `activate`, `select`, `toggle`, `change`, then the others by name.
    /// `change` and `select` report what the user did to a widget (typed, moved) rather than
    /// name a command, so they are listed only when the element has a `command` attribute.
    func orderedActions(of node: LayoutNode) -> [(property: String, action: String)] {
        guard var actions = paletteValue(of: node, { node throws(Diagnostic) in try node.actions() }), !actions.isEmpty else { return [] }
        if commandText(of: node)?.isEmpty ?? true {
            actions["change"] = nil
            actions["select"] = nil
        }
        let preferred = ["press", "submit", "activate", "select", "toggle", "change"]
        return actions.sorted { left, right in
            let (a, b) = (preferred.firstIndex(of: left.key) ?? preferred.count, preferred.firstIndex(of: right.key) ?? preferred.count)
            return (a, left.key) < (b, right.key)
        }.map { ($0.key, $0.value) }
    }

    /// A node's `command` text, `nil` if it has none; an error in it shows the red box.
    private func commandText(of node: LayoutNode) -> String? {
        paletteValue(of: node) { node throws(Diagnostic) in try node.value(orNil: "command") }?.stringValue
    }

    /// Reads something of `node` for the palette. An error is not passed over (the entry
    /// would quietly lose its name or vanish): it goes to the red box, as a drawing error does.
    private func paletteValue<Result>(of node: LayoutNode, _ read: (LayoutNode) throws(Diagnostic) -> Result) -> Result? {
        do {
            return try read(node)
        } catch {
            report(error, context: "the command palette")
            return nil
        }
    }

    /// How the palette shows `action` fired by `node`: ``command(_:for:)``'s title, the
    /// node's `command` attribute (for its first action), a Button's title, or the name.
    private func title(for action: String, on node: LayoutNode, property: String) -> String {
        if let title = actionTitles[action] { return title }
        if orderedActions(of: node).first?.action == action, let command = commandText(of: node), !command.isEmpty {
            return TextSanitizer.sanitize(command)
        }
        if node.widget.name == ButtonWidget.name, let title = (try? node.value(orNil: "title"))?.stringValue, !title.isEmpty {
            return TextSanitizer.sanitize(title)
        }
        return Self.readable(action)
    }

    /// `saveNote`, `save_note` or `save-note` as "Save note".
    static func readable(_ action: String) -> String {
        var words: [String] = []
        var word = ""
        for character in action {
            if character == "_" || character == "-" || character == "." || character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character.isUppercase, !word.isEmpty, word.last?.isUppercase == false {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        let sentence = words.map { $0.allSatisfy(\.isUppercase) ? $0 : $0.lowercased() }.joined(separator: " ")
        return TextSanitizer.sanitize(sentence.prefix(1).uppercased() + sentence.dropFirst())
    }
}
