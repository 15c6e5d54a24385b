/// What each widget does with a key. A key that bubbled up from a focused descendant (one it
/// did not use) reaches only containers that scroll — arrows inside a ScrollView scroll it —
/// and Tabs, for Left/Right: they switch pages from anywhere on a page.
extension Interaction {
    func handle(_ event: InputEvent, on node: LayoutNode, bubbled: Bool) throws(Diagnostic) -> Bool {
        let tabKey = node.widget.name == "Tabs" && (event == .left || event == .right)
        if bubbled && node.widget.name != "ScrollView" && !tabKey { return false }
        switch node.widget.name {
        case "Button", "Checkbox", "Toggle":
            guard event == .enter || event == .character(" ") else { return false }
            try press(node)
            return true
        case "List":
            return try moveSelection(of: node, with: event)
        case "Tabs":
            let selected = node.selectedTab
            switch event {
            case .left: try selectTab(selected - 1, of: node)
            case .right: try selectTab(selected + 1, of: node)
            case .home: try selectTab(0, of: node)
            case .end: try selectTab(node.children.count - 1, of: node)
            default: return false
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
            case .home where !bubbled: try node.scroll(by: -.greatestFiniteMagnitude / 2)
            case .end where !bubbled: try node.scroll(by: .greatestFiniteMagnitude / 2)
            default: return false
            }
            return true
        default:
            return false
        }
    }

    /// Presses a button or toggles a checkbox (Enter, Space or a click).
    func press(_ node: LayoutNode) throws(Diagnostic) {
        switch node.widget.name {
        case "Button":
            try fire("press", of: node)
        case "Checkbox", "Toggle":
            let checked = try node.value(of: "checked") == .bool(true)
            try write(.bool(!checked), to: "checked", of: node)
            try fire("toggle", of: node)
        default:
            break
        }
    }

    /// Arrows, PageUp/PageDown, Home/End move a list's selection; Enter fires `select`.
    private func moveSelection(of node: LayoutNode, with event: InputEvent) throws(Diagnostic) -> Bool {
        let selection = Clamp.int(try node.value(of: "selection").numberValue ?? 0)
        let page = max(1, node.listRows.map { $0.visible.count - 1 } ?? ((try? node.cellFrame().rows) ?? 1))
        switch event {
        case .up: try select(selection - 1, in: node)
        case .down: try select(selection + 1, in: node)
        case .pageUp: try select(selection - page, in: node)
        case .pageDown: try select(selection + page, in: node)
        case .home: try select(0, in: node)
        case .end: try select(Int.max / 2, in: node)
        case .enter: try fire("select", of: node)
        default: return false
        }
        return true
    }

    /// Selects row `index` (clamped to the items) and fires `select` if it changed.
    func select(_ index: Int, in list: LayoutNode) throws(Diagnostic) {
        let count = try list.value(of: "items").arrayValue?.count ?? 0
        let selection = Clamp.int(try list.value(of: "selection").numberValue ?? 0)
        let clamped = min(max(index, 0), max(count - 1, 0))
        guard clamped != selection else { return }
        try write(.number(Double(clamped)), to: "selection", of: list)
        try fire("select", of: list)
    }

    /// Shows page `index` of Tabs (clamped) and fires `change` if it changed.
    func selectTab(_ index: Int, of tabs: LayoutNode) throws(Diagnostic) {
        let clamped = min(max(index, 0), max(tabs.children.count - 1, 0))
        guard clamped != tabs.selectedTab else { return }
        try write(.number(Double(clamped)), to: "selected", of: tabs)
        try fire("change", of: tabs)
    }

    /// Line editing at a cursor: characters and pasted text insert (line breaks as spaces); Backspace and Delete remove; Left, Right,
    /// Home, End, Ctrl-A and Ctrl-E move; Ctrl-K kills to the end, Ctrl-U to the start,
    /// Ctrl-W the word before the cursor; Enter submits.
    private func edit(_ node: LayoutNode, with event: InputEvent) throws(Diagnostic) -> Bool {
        var text = Array(try node.value(of: "text").stringValue ?? "")
        var cursor = min(node.textCursor ?? text.count, text.count)
        let before = text
        switch event {
        case .character, .text:
            // Typed or pasted text, inserted as one edit; control characters never.
            let inserted = Array(SingleLineText.sanitised(event.typedText ?? ""))
            guard !inserted.isEmpty else { return true }
            text.insert(contentsOf: inserted, at: cursor)
            cursor += inserted.count
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
}
