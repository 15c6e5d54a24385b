import Foundation
import SystemPackage
import TermLayout

/// The Todo app: `Todo.xml` plus a closure per action. The list lives here in Swift
/// (`TodoList`); after every change the filtered rows and the counts go to the template's
/// state and the whole list to the file.
///
/// State keys: `visible` (the rows the filter shows), `filter` (`all`, `open`, `done`),
/// `selected` (the List's row), `draft` (the text field), `openCount`, `doneCount`,
/// `total`, `confirmingClear` (the "clear done" dialog) and `file` (shown in the header).
final class TodoController {
    /// The items as last read or saved, and the file's fingerprint then.
    private(set) var saved: TodoStore.Saved
    /// Which items show.
    private(set) var filter = TodoFilter.all
    let store: TodoStore

    /// The items, as last saved.
    var list: TodoList { saved.list }

    init(saved: TodoStore.Saved, store: TodoStore) {
        self.saved = saved
        self.store = store
    }

    /// The template's state for the current list and filter.
    func state(selected: Int = 0, draft: String = "", confirmingClear: Bool = false) -> [String: Value] {
        var state = derivedState
        state["selected"] = .number(Double(selected))
        state["draft"] = .string(draft)
        state["confirmingClear"] = .bool(confirmingClear)
        var shown = store.path
        state["file"] = .string(shown.removePrefix(TodoStore.home) ? "~/" + shown.string : store.path.string)
        return state
    }

    /// What follows from the list and the filter.
    private var derivedState: [String: Value] {
        let rows = list.visible(filter).map { item -> Value in
            ["id": .number(Double(item.id)), "title": .string(item.title), "done": .bool(item.done)]
        }
        return ["visible": .array(rows), "filter": .string(filter.rawValue), "total": .number(Double(list.items.count)),
                "openCount": .number(Double(list.openCount)), "doneCount": .number(Double(list.doneCount))]
    }

    /// Changes the list, saves it (merged with what another writer saved meanwhile), and
    /// shows the result with the List's selection kept in range (or on `select`, an item id,
    /// when it is visible). When the save fails the list stays as it was.
    func change(_ app: LayoutApp, select id: Int? = nil, _ body: (inout TodoList) -> Void) throws {
        var changed = list
        body(&changed)
        if changed != list {
            saved = try store.save(changed, changing: saved)
        }
        try show(app, select: id)
    }

    /// Shows what another writer saved since the last read or save, if anything. A file
    /// that was deleted shows nothing new: the list on screen is kept, and saved whole with
    /// the next change.
    func refreshFromDisk(_ app: LayoutApp) throws {
        guard let now = FileFingerprint(of: store.path), now != saved.fingerprint, let current = try? store.load() else { return }
        saved = current
        try show(app)
    }

    /// Shows another filter, from its first row.
    func setFilter(_ filter: TodoFilter, in app: LayoutApp) throws {
        guard filter != self.filter else { return }
        self.filter = filter
        try app.setState(["selected": 0])
        try show(app)
    }

    private func show(_ app: LayoutApp, select id: Int? = nil) throws {
        let visible = list.visible(filter)
        var selected = Int(app.state["selected"]?.numberValue ?? 0)
        if let id, let index = visible.firstIndex(where: { $0.id == id }) { selected = index }
        var state = derivedState
        state["selected"] = .number(Double(max(0, min(selected, visible.count - 1))))
        try app.setState(state)
    }

    /// The item in the List's selected row, if any.
    func selectedItem(in app: LayoutApp) -> TodoItem? {
        let visible = list.visible(filter)
        let selected = Int(app.state["selected"]?.numberValue ?? 0)
        return visible.indices.contains(selected) ? visible[selected] : nil
    }
}

/// Builds the Todo app on the list saved in `store` (read by the caller, so a corrupt file
/// stops the program before the terminal is touched).
///
/// Keys: Enter in the text field adds; Enter or Space on a row toggles it; `d` or Delete
/// deletes the selected row; `1` `2` `3` show all, open or done items; the buttons do the
/// same with a click; "Clear done…" asks first (Enter confirms, Escape cancels).
func makeTodoApp(templates: TemplateFolder, store: TodoStore, saved: TodoStore.Saved,
                 options: LayoutApp.Options = LayoutApp.Options()) -> (LayoutApp, TodoController) {
    let todo = TodoController(saved: saved, store: store)
    let app = LayoutApp(template: templates.path("Todo.xml"), state: todo.state(), options: options)
    /// Whether the "clear done" dialog is up: keys bound below must not act behind it.
    func asking(_ app: LayoutApp) -> Bool { app.state["confirmingClear"] == .bool(true) }
    func toggleSelected(_ app: LayoutApp) throws {
        guard !asking(app), let item = todo.selectedItem(in: app) else { return }
        try todo.change(app, select: item.id) { $0.toggle(id: item.id) }
    }
    func deleteSelected(_ app: LayoutApp) throws {
        guard !asking(app), let item = todo.selectedItem(in: app) else { return }
        try todo.change(app) { $0.delete(id: item.id) }
    }

    app.on("add") { event in
        let draft = event.app.state["draft"]?.stringValue ?? ""
        var preview = todo.list
        guard let item = preview.add(draft) else { return try event.app.setState(["draft": ""]) }
        // An item added while only done ones show would vanish: show everything instead.
        if todo.filter == .done { try todo.setFilter(.all, in: event.app) }
        try todo.change(event.app, select: item.id) { $0.add(draft) }
        try event.app.setState(["draft": ""])
    }
    // The List fires `select` when its selection moves too; only Enter toggles.
    app.on("rowSelected") { event in
        if event.trigger == .enter { try toggleSelected(event.app) }
    }
    app.on("showAll") { event in try todo.setFilter(.all, in: event.app) }
    app.on("showOpen") { event in try todo.setFilter(.open, in: event.app) }
    app.on("showDone") { event in try todo.setFilter(.done, in: event.app) }
    app.on("askClear") { event in
        if todo.list.doneCount > 0 { try event.app.setState(["confirmingClear": true]) }
    }
    app.on("clearDone") { event in
        try event.app.setState(["confirmingClear": false])
        try todo.change(event.app) { $0.clearDone() }
    }
    app.on("cancelClear") { event in try event.app.setState(["confirmingClear": false]) }

    app.bind(.character(" "), toggleSelected)
    app.bind(.character("d"), deleteSelected)
    app.bind(.delete, deleteSelected)
    for (key, filter) in zip(["1", "2", "3"], TodoFilter.allCases) {
        app.bind(.character(Character(key))) { app in
            if !asking(app) { try todo.setFilter(filter, in: app) }
        }
    }
    // A second Todo or an editor may change the file: show its items within a second.
    app.every(.seconds(1)) { app in if !asking(app) { try todo.refreshFromDisk(app) } }
    return (app, todo)
}
