/// Makes a laid-out tree interactive: keyboard focus in reading order, keys delivered to the
/// focused widget first and then to global handlers, widget behaviour (buttons press, text
/// fields edit, checkboxes toggle, lists select) and actions reported by name.
///
/// Widget state the user changes is written back to state when the property reads a state
/// key directly (`text="{query}"`, `checked="done"`, `selection="selected"`); otherwise the
/// widget keeps it itself.
public final class Interaction {
    /// The tree.
    public let root: LayoutNode
    /// The focused widget.
    public private(set) var focused: LayoutNode?
    /// Called with the action name and the node whenever an action fires.
    public var onAction: (String, LayoutNode) -> Void = { _, _ in }
    /// Called for keys no widget handled; return true if handled.
    public var globalKeys: (InputEvent) -> Bool = { _ in false }

    static let focusableWidgets: Set = ["Button", "TextField", "Checkbox", "Toggle", "List", "ScrollView"]

    public init(root: LayoutNode) {
        self.root = root
        focused = focusables().first
    }

    /// Focusable widgets in reading order (top to bottom, then left to right).
    public func focusables() -> [LayoutNode] {
        guard let frames = try? root.cellFrames() else { return [] }
        return frames.filter { node, cells in
            Self.focusableWidgets.contains(node.widget.name) && !node.isHidden && cells.columns > 0 && cells.rows > 0
                && node.ancestorsVisible && (try? node.value(of: "disabled")) != .bool(true)
        }
        .sorted { ($0.cells.row, $0.cells.column) < ($1.cells.row, $1.cells.column) }
        .map(\.node)
    }

    /// Moves focus to `node` (which should be focusable).
    public func focus(_ node: LayoutNode?) { focused = node }

    /// Handles one event. Returns whether anything handled it.
    @discardableResult
    public func handle(_ event: InputEvent) throws(Diagnostic) -> Bool {
        switch event {
        case .tab: moveFocus(by: 1); return true
        case .backTab: moveFocus(by: -1); return true
        default: break
        }
        if let focused, try handle(event, on: focused) { return true }
        return globalKeys(event)
    }

    private func moveFocus(by step: Int) {
        let order = focusables()
        guard !order.isEmpty else { focused = nil; return }
        let current = focused.flatMap { node in order.firstIndex { $0 === node } } ?? (step > 0 ? -1 : 0)
        focused = order[(current + step + order.count) % order.count]
    }

    private func handle(_ event: InputEvent, on node: LayoutNode) throws(Diagnostic) -> Bool {
        switch node.widget.name {
        case "Button":
            guard event == .enter || event == .character(" ") else { return false }
            try fire("press", of: node)
            return true
        case "Checkbox", "Toggle":
            guard event == .enter || event == .character(" ") else { return false }
            let checked = try node.value(of: "checked") == .bool(true)
            try write(.bool(!checked), to: "checked", of: node)
            try fire("toggle", of: node)
            return true
        case "List":
            let count = try node.value(of: "items").arrayValue?.count ?? 0
            let selection = Int(try node.value(of: "selection").numberValue ?? 0)
            let page = max(1, node.listRows.map { $0.visible.count - 1 } ?? ((try? node.cellFrame().rows) ?? 1))
            let target: Int
            switch event {
            case .up: target = selection - 1
            case .down: target = selection + 1
            case .pageUp: target = selection - page
            case .pageDown: target = selection + page
            case .home: target = 0
            case .end: target = count - 1
            case .enter: try fire("select", of: node); return true
            default: return false
            }
            let clamped = min(max(target, 0), max(count - 1, 0))
            if clamped != selection {
                try write(.number(Double(clamped)), to: "selection", of: node)
                try fire("select", of: node)
            }
            return true
        case "TextField":
            return try edit(node, with: event)
        case "ScrollView":
            let page = Double(max(1, ((try? node.cellFrame().rows) ?? 1) - 1))
            switch event {
            case .up: try node.scroll(by: -1)
            case .down: try node.scroll(by: 1)
            case .pageUp: try node.scroll(by: -page)
            case .pageDown: try node.scroll(by: page)
            case .home: try node.scroll(by: -.greatestFiniteMagnitude / 2)
            case .end: try node.scroll(by: .greatestFiniteMagnitude / 2)
            default: return false
            }
            return true
        default:
            return false
        }
    }

    /// Line editing at a cursor: characters insert; Backspace and Delete remove; Left, Right,
    /// Home, End, Ctrl-A and Ctrl-E move; Ctrl-K kills to the end, Ctrl-U to the start,
    /// Ctrl-W the word before the cursor; Enter submits.
    private func edit(_ node: LayoutNode, with event: InputEvent) throws(Diagnostic) -> Bool {
        var text = Array(try node.value(of: "text").stringValue ?? "")
        var cursor = min(node.textCursor ?? text.count, text.count)
        let before = text
        switch event {
        case .character(let character):
            text.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < text.count { text.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .control("k"): text.removeSubrange(cursor...)
        case .control("u"):
            text.removeSubrange(..<cursor)
            cursor = 0
        case .control("w"):
            var start = cursor
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        case .enter:
            try fire("submit", of: node)
            return true
        default:
            return false
        }
        node.textCursor = cursor == text.count ? nil : cursor
        if text != before {
            try write(.string(String(text)), to: "text", of: node)
            try fire("change", of: node)
        }
        return true
    }

    private func fire(_ property: String, of node: LayoutNode) throws(Diagnostic) {
        if let action = try node.action(for: property) { onAction(action, node) }
    }

    /// Writes a value the user changed: to the state key the property reads directly, or to
    /// the node's own override.
    private func write(_ value: Value, to property: String, of node: LayoutNode) throws(Diagnostic) {
        if let (owner, key) = node.boundStateKey(of: property) {
            try owner.setState([key: value])
        } else {
            node.override(property, with: value)
        }
    }
}

extension LayoutNode {
    /// Whether every ancestor is visible.
    var ancestorsVisible: Bool {
        var ancestor = parent
        while let current = ancestor {
            if current.isHidden { return false }
            ancestor = current.parent
        }
        return true
    }

    /// The node and state key a property reads directly (`{query}` or `query`), if any.
    func boundStateKey(of property: String) -> (LayoutNode, String)? {
        guard let expression = template.properties[property]?.expression, expression.symbols.count == 1,
              let symbol = expression.symbols.first, symbol.members.isEmpty, case .name(let name) = symbol.root else { return nil }
        let source = expression.source.trimmingCharacters(in: .whitespaces)
        guard source == name || source == "{\(name)}" else { return nil }
        var level: LayoutNode? = self
        while let current = level {
            if current.currentState[name] != nil { return (current, name) }
            level = current.parent
        }
        return nil
    }
}

import Foundation
