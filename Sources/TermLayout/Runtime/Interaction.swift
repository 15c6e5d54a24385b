/// Makes a laid-out tree interactive: keyboard focus in reading order, keys delivered to the
/// focused widget first and then bubbling up through its containers, then to key bindings;
/// mouse clicks focus and press, the wheel scrolls; widget behaviour (buttons press, text
/// fields edit, checkboxes toggle, lists select, tabs switch) and actions reported by name.
///
/// While a Modal is presented, focus and the mouse stay inside it and Escape dismisses it.
/// Where focus goes when what had it goes away (a Modal closed, a widget hidden) is
/// described in `FocusRules`.
///
/// Widget state the user changes is written back to state when the property reads a state
/// key directly (`text="{query}"`, `checked="done"`, `selection="selected"`); otherwise the
/// widget keeps it itself.
///
/// ```swift
/// let interaction = Interaction(root: root)
/// interaction.onAction = { name, node in print("fired", name) }
/// interaction.bind(.control("s")) { save() }
/// try interaction.handle(.tab)
/// ```
public final class Interaction {
    /// The tree.
    public let root: LayoutNode
    /// The focused widget.
    public internal(set) var focused: LayoutNode?
    /// Called with the action name and the node whenever an action fires.
    public var onAction: (String, LayoutNode) -> Void = { _, _ in }
    /// Called for keys that neither a widget nor a binding handled; return true if handled.
    public var globalKeys: (InputEvent) -> Bool = { _ in false }
    /// Called with text a widget copies to the clipboard (Ctrl-O in a `TextArea` with a
    /// selection); returns whether it was copied. ``LayoutApp`` sends it to its backend.
    public var onCopy: (String) -> Bool = { _ in false }
    private var bindings: [InputEvent: () -> Void] = [:]

    /// Input handling for the tree under `root`, with the first focusable node focused.
    public init(root: LayoutNode) {
        self.root = root
        focused = focusables().first
    }

    /// Binds a key to `handler`, which runs when the focused widget and its containers did
    /// not use the key (so typing in a text field never triggers a letter binding).
    public func bind(_ key: InputEvent, _ handler: @escaping () -> Void) {
        bindings[key] = handler
    }

    /// Removes a key binding.
    public func unbind(_ key: InputEvent) {
        bindings[key] = nil
    }

    // MARK: Focus

    /// Focusable widgets in reading order (top to bottom, then left to right); only those
    /// inside the presented Modal while there is one.
    public func focusables() -> [LayoutNode] {
        focusablesWithCells().map(\.node)
    }

    /// Whether `node` scrolls its content (a ScrollView) but the content fits: no Tab stop
    /// then, as Textual's scrollable containers take focus only when they can scroll.
    static func isScrollViewWithNothingToScroll(_ node: LayoutNode) -> Bool {
        guard node.widget.traits.contains(.scrollsContent),
              let content = try? node.contentSize(), let inner = try? node.innerRect() else { return false }
        return content.height <= inner.height + 1e-9
    }

    /// ``focusables()`` with their cells.
    func focusablesWithCells() -> [(node: LayoutNode, cells: CellRect)] {
        // A walk over the shown nodes, laying out only the focusable ones (a screen of
        // labels costs a walk, not a layout of every label). Before the screen's size is
        // known there is no reading order yet.
        guard root.screenSize != nil else { return [] }
        let scope = presentedModal()
        var found: [(node: LayoutNode, cells: CellRect)] = []
        var work = [scope ?? root]
        while let node = work.popLast() {
            // Subtrees with no focusable widget in them (rows of labels) are not entered.
            guard node.subtreeMayHoldFocus, !node.isHidden else { continue }
            if canFocus(node, within: scope), !Self.isScrollViewWithNothingToScroll(node) {
                // Not laid out yet (no screen, or a layout error): no order, so no focus yet.
                guard let cells = try? node.cellFrame() else { return [] }
                if cells.columns > 0 && cells.rows > 0 { found.append((node, cells)) }
            }
            for child in node.children.reversed() where child.subtreeMayHoldFocus { work.append(child) }
        }
        // Reading order; document order among equals.
        return found.enumerated()
            .sorted { ($0.element.cells.row, $0.element.cells.column, $0.offset) < ($1.element.cells.row, $1.element.cells.column, $1.offset) }
            .map(\.element)
    }

    /// Moves focus to `node` (which should be focusable).
    public func focus(_ node: LayoutNode?) {
        focused = node
        awaitedFocus = nil
        try? node?.scrollIntoView()
        if let cells = node.flatMap(cellsWithRoom) { focusedCells = cells }
    }

    /// Keeps focus on a widget that can have it (see the rules in `FocusRules`): a Modal
    /// presented takes focus (its `cancel` button, else its first focusable) and gives it
    /// back, when it closes, to the widget that had it; after a state change hid or disabled
    /// the focused widget, focus moves to its nearest neighbour in reading order that is not
    /// a text field (a text field only when nothing else can have focus). A widget that lost
    /// focus only for want of room (a window too small to lay it out, or giving it no cells)
    /// gets it back once it has room again, unless focus was moved meanwhile (``focus(_:)``,
    /// Tab, a click).
    public func refreshFocus() {
        guard root.screenSize != nil else { return }
        if followModals() { return }
        if let awaited = awaitedFocus {
            if awaited.isInside(root), mayHoldFocus(awaited) {
                if let cells = cellsWithRoom(awaited) {
                    (focused, awaitedFocus, focusedCells) = (awaited, nil, cells)
                    return
                }
                // Still no room: keys go to a stand-in meanwhile, if one has room.
                if let focused, mayHoldFocus(focused), cellsWithRoom(focused) != nil { return }
                focused = neighbour(of: awaited, near: focusedCells)
                return
            }
            // Hidden, disabled, outside a Modal or gone since: the usual rule.
            awaitedFocus = nil
        }
        if let focused, mayHoldFocus(focused) {
            if let cells = cellsWithRoom(focused) {
                focusedCells = cells
                return
            }
            awaitedFocus = focused
        }
        focused = neighbour(of: focused, near: focusedCells)
    }

    /// The widget to give focus back to once it has room again (see ``refreshFocus()``).
    var awaitedFocus: LayoutNode?
    /// Where the focused widget was last seen with room: its neighbours are looked for
    /// there if it disappears.
    var focusedCells: CellRect?
    /// The Modals presented, in the order they came up, each with the widget that had focus
    /// then: it has focus back when its Modal closes.
    var modalOpeners: [ModalOpener] = []

    /// The widget focus belongs to: the focused one, or the one waiting for room to have it
    /// back (what a reload carries over).
    var focusTarget: LayoutNode? { awaitedFocus ?? focused }

    /// Whether `node` may have focus, room aside: shown, not disabled, and inside the
    /// presented Modal while there is one.
    func mayHoldFocus(_ node: LayoutNode) -> Bool {
        node.isDisplayed && (try? node.value(orNil: "disabled")) != .bool(true)
            && presentedModal().map({ node.isInside($0) }) ?? true
    }

    /// Where `node` is laid out, if with at least one cell.
    func cellsWithRoom(_ node: LayoutNode) -> CellRect? {
        (try? node.cellFrame()).flatMap { $0.columns > 0 && $0.rows > 0 ? $0 : nil }
    }

    /// The Modal presented last in document order, if any.
    public func presentedModal() -> LayoutNode? {
        root.presentedModals().last
    }

    private func moveFocus(by step: Int) {
        let order = focusables()
        awaitedFocus = nil
        guard !order.isEmpty else { focused = nil; return }
        let current = focused.flatMap { node in order.firstIndex { $0 === node } } ?? (step > 0 ? -1 : 0)
        focused = order[(current + step + order.count) % order.count]
        // A widget scrolled out of sight comes into view as focus reaches it.
        try? focused?.scrollIntoView()
        focusedCells = focused.flatMap(cellsWithRoom)
    }

    // MARK: Events

    /// Handles one event. Returns whether anything handled it.
    @discardableResult
    public func handle(_ event: InputEvent) throws(Diagnostic) -> Bool {
        refreshFocus()
        // What the event did may hide the focused widget or present a Modal.
        defer {
            refreshFocus()
            closePopupWithoutFocus()
        }
        switch event {
        case .tab:
            // A text editor may take Tab (TextArea inserts spaces unless `tabFocus`).
            if let node = focused, node.widget.traits.contains(.editsText),
               try node.widget.type.handle(.tab, on: node, bubbled: false, in: self) { return true }
            moveFocus(by: 1)
            return true
        case .backTab: moveFocus(by: -1); return true
        case .mouse(let mouse): return try handle(mouse)
        default: break
        }
        // The focused widget first, then its containers.
        var target = focused
        while let node = target {
            if try node.widget.type.handle(event, on: node, bubbled: node !== focused, in: self) { return true }
            target = node.parent
        }
        if event == .escape, let modal = presentedModal() {
            try dismiss(modal)
            return true
        }
        if let binding = bindings[event] {
            binding()
            return true
        }
        return globalKeys(event)
    }

    /// Escape on a presented Modal: `presented` becomes false and `dismiss` fires.
    private func dismiss(_ modal: LayoutNode) throws(Diagnostic) {
        try write(.bool(false), to: "presented", of: modal)
        try fire("dismiss", of: modal)
        refreshFocus()
    }

    /// Fires the action an action property of `node` names, if it names one
    /// (`fire("press", of: button)`), reporting it to ``onAction``.
    public func fire(_ property: String, of node: LayoutNode) throws(Diagnostic) {
        if let action = try node.action(for: property) { onAction(action, node) }
    }

    /// Writes a value the user changed: to the state key the property reads directly, or to
    /// the node's own override.
    public func write(_ value: Value, to property: String, of node: LayoutNode) throws(Diagnostic) {
        if let (owner, key) = node.boundStateKey(of: property) {
            let current = owner.ownStateValue(key) ?? .null
            guard current.type == value.type || current.isNil else {
                // Written back, it would turn the app's number into text (its typed state
                // could not be read again): the widget keeps the value, and the template is told.
                node.override(property, with: value)
                let message = "\(node.widget.name) writes \(value.type.withArticle) back to state key '\(key)', which holds \(current.type.withArticle)"
                let suggestion = "bind \(property) to a key that holds \(value.type.withArticle)"
                throw node.template.properties[property]?.diagnostic(message, suggestion: suggestion)
                    ?? Diagnostic(.error, message, suggestion: suggestion)
            }
            try owner.setState([key: value])
        } else {
            node.override(property, with: value)
        }
    }
}

extension LayoutNode {
    /// Whether the node and every ancestor are shown.
    var isDisplayed: Bool {
        var current: LayoutNode? = self
        while let node = current {
            if node.isHidden { return false }
            current = node.parent
        }
        return true
    }

    /// Whether `ancestor` is this node or one of its ancestors.
    func isInside(_ ancestor: LayoutNode) -> Bool {
        var current: LayoutNode? = self
        while let node = current {
            if node === ancestor { return true }
            current = node.parent
        }
        return false
    }

    /// The node and state key a property reads directly (`{query}` or `query`), if any.
    func boundStateKey(of property: String) -> (LayoutNode, String)? {
        guard let expression = template.properties[property]?.expression, expression.symbols.count == 1,
              let symbol = expression.symbols.first, symbol.members.isEmpty, case .name(let name) = symbol.root else { return nil }
        // Read in place (a key typed into a field comes here): no copy, no Foundation.
        let source = Blanks.trimming(expression.source)
        guard source == name || (source.first == "{" && source.last == "}" && source.dropFirst().dropLast() == name) else { return nil }
        var level: LayoutNode? = self
        while let current = level {
            if current.hasState(name) { return (current, name) }
            level = current.parent
        }
        return nil
    }

    /// The value of this node's own state `key`, if it has that key (no dictionary made).
    func ownStateValue(_ key: String) -> Value? {
        guard let slot = stateSlot(key), let state = nodeState else { return nil }
        return state.values[slot]
    }
}
