import Foundation
import SystemPackage
import TermLayout
import TestSupport
@testable import Todo

/// A Todo app on a headless screen, saving to a file in its own temporary folder.
@MainActor
final class TodoFixture {
    let folder: String
    let store: TodoStore
    let app: LayoutApp<TodoState>
    let todo: TodoController
    let pilot: Pilot<TodoState>

    /// The demo's own templates, from the checkout.
    static let templates = TemplateFolder(path: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demos/Todo/Templates").path)

    init(items: [TodoItem] = [], columns: Int = 70, rows: Int = 20) throws {
        folder = TemporaryPath.unique("todo-tests-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = TodoStore(path: FilePath(folder).appending("todo.json"))
        var options = LayoutAppOptions()
        options.watchesFiles = false
        (app, todo) = makeTodoApp(templates: Self.templates, store: store, saved: TodoStore.Saved(list: TodoList(items: items)), options: options)
        pilot = Pilot(app, columns: columns, rows: rows)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The list as saved in the file now.
    func saved() throws -> TodoList { try store.load().list }

    /// The rows of the list on screen: the lines showing a done mark, without the border.
    var rows: [String] {
        pilot.lines.compactMap { line in
            guard let range = line.range(of: "[x] ") ?? line.range(of: "[ ] ") else { return nil }
            return String(line[range.lowerBound...]).replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces)
        }
    }

    /// Adds items by typing them into the text field (which has focus at start).
    func add(_ titles: String...) {
        for title in titles {
            pilot.type(title)
            pilot.press(.enter)
        }
    }

    /// Clicks a row of the list, focusing the list and selecting the row.
    func clickRow(_ title: String) throws {
        try pilot.click(title)
    }

    static func items(_ titles: [(String, Bool)]) -> [TodoItem] {
        titles.enumerated().map { TodoItem(id: $0.offset + 1, title: $0.element.0, done: $0.element.1) }
    }
}
