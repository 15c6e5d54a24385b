import Foundation
import SystemPackage
import TermLayout

/// What `Todo.xml` reads: the rows the filter shows, the filter, the List's row, the text
/// field, the counts, whether the "clear done" dialog is up, and the file (in the header).
struct TodoState: Codable, Equatable {
    /// A row of the List: the template reads `item.title` and `item.done`.
    struct Row: Codable, Equatable {
        var id: Int
        var title: String
        var done: Bool
    }

    var visible: [Row] = []
    var filter = TodoFilter.all
    var selected = 0
    var draft = ""
    var total = 0
    var openCount = 0
    var doneCount = 0
    var confirmingClear = false
    var file = ""
}

/// The Todo app: `Todo.xml` plus a closure per action. The list lives here in Swift
/// (`TodoList`); after every change the filtered rows and the counts go to the template's
/// state and the whole list to the file.
@MainActor
final class TodoController {
    /// The items as last read or saved, and the file's fingerprint then.
    private(set) var saved: TodoStore.Saved
    let store: TodoStore

    /// The items, as last saved.
    var list: TodoList { saved.list }

    init(saved: TodoStore.Saved, store: TodoStore) {
        self.saved = saved
        self.store = store
    }

    /// The template's first state: all items, the first row selected.
    func initialState() -> TodoState {
        var state = TodoState()
        var shown = store.path
        state.file = shown.removePrefix(TodoStore.home) ? "~/" + shown.string : store.path.string
        show(list, in: &state)
        return state
    }

    /// Changes the list, saves it (merged with what another writer saved meanwhile), and
    /// shows the result with the List's selection kept in range (or on `select`, an item id,
    /// when it is visible). When the save fails the list stays as it was.
    func change(_ app: LayoutApp<TodoState>, select id: Int? = nil, _ body: (inout TodoList) -> Void) throws {
        var changed = list
        body(&changed)
        if changed != list {
            saved = try store.save(changed, changing: saved)
        }
        app.update { show(list, in: &$0, select: id) }
    }

    /// Shows what another writer saved since the last read or save, if anything. A file
    /// that was deleted shows nothing new: the list on screen is kept, and saved whole with
    /// the next change.
    func refreshFromDisk(_ app: LayoutApp<TodoState>) {
        guard let now = FileFingerprint(of: store.path), now != saved.fingerprint, let current = try? store.load() else { return }
        saved = current
        app.update { show(list, in: &$0) }
    }

    /// Shows another filter, from its first row.
    func setFilter(_ filter: TodoFilter, in app: LayoutApp<TodoState>) {
        guard filter != app.state.filter else { return }
        app.update { state in
            state.filter = filter
            state.selected = 0
            show(list, in: &state)
        }
    }

    /// The item in the List's selected row, if any.
    func selectedItem(in state: TodoState) -> TodoItem? {
        let visible = list.visible(state.filter)
        return visible.indices.contains(state.selected) ? visible[state.selected] : nil
    }

    /// Puts `list` as `state.filter` shows it into `state`, keeping the selection in range.
    private func show(_ list: TodoList, in state: inout TodoState, select id: Int? = nil) {
        let visible = list.visible(state.filter)
        state.visible = visible.map { TodoState.Row(id: $0.id, title: $0.title, done: $0.done) }
        state.total = list.items.count
        state.openCount = list.openCount
        state.doneCount = list.doneCount
        if let id, let index = visible.firstIndex(where: { $0.id == id }) { state.selected = index }
        state.selected = max(0, min(state.selected, visible.count - 1))
    }
}

/// Builds the Todo app on the list saved in `store` (read by the caller, so a corrupt file
/// stops the program before the terminal is touched).
///
/// Keys: Enter in the text field adds; Enter or Space on a row toggles it; `d` or Delete
/// deletes the selected row; `1` `2` `3` show all, open or done items; the buttons do the
/// same with a click; "Clear done…" asks first (Enter confirms, Escape cancels).
@MainActor
func makeTodoApp(templates: TemplateFolder, store: TodoStore, saved: TodoStore.Saved,
                 options: LayoutAppOptions = LayoutAppOptions()) -> (LayoutApp<TodoState>, TodoController) {
    let todo = TodoController(saved: saved, store: store)
    let app = LayoutApp(template: templates.path("Todo.xml"), state: todo.initialState(), options: options)
    func toggleSelected(_ app: LayoutApp<TodoState>) throws {
        // Keys bound here must not act behind the "clear done" dialog.
        guard !app.state.confirmingClear, let item = todo.selectedItem(in: app.state) else { return }
        try todo.change(app, select: item.id) { $0.toggle(id: item.id) }
    }
    func deleteSelected(_ app: LayoutApp<TodoState>) throws {
        guard !app.state.confirmingClear, let item = todo.selectedItem(in: app.state) else { return }
        try todo.change(app) { $0.delete(id: item.id) }
    }

    app.on("add") { event in
        let draft = event.app.state.draft
        var preview = todo.list
        guard let item = preview.add(draft) else { return event.app.state.draft = "" }
        // An item added while only done ones show would vanish: show everything instead.
        if event.app.state.filter == .done { todo.setFilter(.all, in: event.app) }
        try todo.change(event.app, select: item.id) { $0.add(draft) }
        event.app.state.draft = ""
    }
    // The List fires `select` when its selection moves too; only Enter toggles.
    app.on("rowSelected") { event in
        if event.trigger == .enter { try toggleSelected(event.app) }
    }
    app.on("showAll") { event in todo.setFilter(.all, in: event.app) }
    app.on("showOpen") { event in todo.setFilter(.open, in: event.app) }
    app.on("showDone") { event in todo.setFilter(.done, in: event.app) }
    app.on("askClear") { event in
        if todo.list.doneCount > 0 { event.app.state.confirmingClear = true }
    }
    app.on("clearDone") { event in
        event.app.state.confirmingClear = false
        try todo.change(event.app) { $0.clearDone() }
    }
    app.on("cancelClear") { event in event.app.state.confirmingClear = false }

    app.bind(.character(" "), toggleSelected)
    app.bind(.character("d"), deleteSelected)
    app.bind(.delete, deleteSelected)
    for (key, filter) in zip(["1", "2", "3"], TodoFilter.allCases) {
        app.bind(.character(Character(key))) { app in
            if !app.state.confirmingClear { todo.setFilter(filter, in: app) }
        }
    }
    // A second Todo or an editor may change the file: show its items within a second.
    app.task { app in
        for await _ in app.ticks(every: .seconds(1)) where !app.state.confirmingClear {
            todo.refreshFromDisk(app)
        }
    }
    return (app, todo)
}
