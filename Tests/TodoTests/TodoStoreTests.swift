import Foundation
import Testing
@testable import Todo

/// The file: missing is empty, corrupt is an error that leaves it alone, saves are atomic.
struct TodoStoreTests {
    let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("todo-store-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    @Test func aMissingFileIsAnEmptyListAndASaveRoundTrips() throws {
        let store = TodoStore(path: path("todo.json"))
        #expect(try store.load() == TodoList())
        var list = TodoList()
        list.add("Buy milk")
        list.add("お茶を買う 🍵")
        list.toggle(id: 2)
        try store.save(list)
        #expect(try store.load() == list)
        // Only the file itself is left: the temporary file was renamed over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["todo.json"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test(arguments: ["{\"items\": [", "not json", "{\"items\": [{\"id\": 1, \"title\": \"x\"}]}", "[]", ""])
    func aCorruptFileIsAnErrorAndIsLeftAsItIs(contents: String) throws {
        let file = path("todo.json")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        let store = TodoStore(path: file)
        #expect {
            _ = try store.load()
        } throws: { error in
            "\(error)".contains("\(file) is not a todo list") && "\(error)".contains("left as it is")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == contents)
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func aSaveThatCannotBeWrittenIsAnErrorAndLeavesTheOldFile() throws {
        let file = path("todo.json")
        let store = TodoStore(path: file)
        var list = TodoList()
        list.add("kept")
        try store.save(list)
        // A directory where the temporary file would go makes the write fail.
        try FileManager.default.createDirectory(atPath: path(".todo.json.\(getpid()).tmp"), withIntermediateDirectories: true)
        list.add("lost")
        #expect(throws: TodoStore.Failure.self) { try store.save(list) }
        #expect(try store.load().items.map(\.title) == ["kept"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func theListsOperations() {
        var list = TodoList()
        #expect(list.add("  \n ") == nil)
        #expect(list.add(" a ")?.title == "a")
        list.add("b")
        list.add("c")
        list.delete(id: 2)
        #expect(list.add("d")?.id == 4, "ids are never reused while the highest is there")
        list.toggle(id: 1)
        list.toggle(id: 4)
        #expect(list.visible(.open).map(\.title) == ["c"])
        #expect(list.visible(.done).map(\.title) == ["a", "d"])
        #expect((list.openCount, list.doneCount) == (1, 2))
        list.clearDone()
        #expect(list.items.map(\.title) == ["c"])
    }

    @Test func theCommandLine() throws {
        #expect(try TodoArguments([]).file == TodoStore.defaultPath)
        #expect(TodoStore.defaultPath.hasSuffix("/.termlayout-todo.json"))
        #expect(try TodoArguments(["--file", "/tmp/x.json"]).file == "/tmp/x.json")
        #expect(try TodoArguments(["--file=/tmp/y.json"]).file == "/tmp/y.json")
        #expect(try TodoArguments(["--help"]).help)
        #expect(throws: TodoStore.Failure(description: "--file needs a path")) { try TodoArguments(["--file"]) }
        #expect(throws: TodoStore.Failure(description: "unknown argument '--fiel'")) { try TodoArguments(["--fiel", "x"]) }
    }
}
