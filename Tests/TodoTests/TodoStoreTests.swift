import Foundation
import SystemPackage
import Testing
import TermLayout
@testable import Todo

/// The file: missing is empty, corrupt is an error that leaves it alone, saves are atomic,
/// keep symlinks and modes, refuse read-only files, and merge with a second writer.
struct TodoStoreTests {
    let folder = FilePath(NSTemporaryDirectory()).appending("todo-store-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> FilePath { folder.appending(name) }
    func text(_ path: FilePath) throws -> String { try String(contentsOfFile: path.string, encoding: .utf8) }
    func remove() { try? FileManager.default.removeItem(atPath: folder.string) }

    static func list(_ titles: String...) -> TodoList {
        var list = TodoList()
        for title in titles { list.add(title) }
        return list
    }

    @Test func aMissingFileIsAnEmptyListAndASaveRoundTrips() throws {
        defer { remove() }
        let store = TodoStore(path: path("todo.json"))
        let empty = try store.load()
        #expect(empty == TodoStore.Saved())
        var list = Self.list("Buy milk", "お茶を買う 🍵")
        list.toggle(id: 2)
        let saved = try store.save(list, changing: empty)
        #expect(try store.load() == saved)
        #expect(saved.list == list)
        // Only the file itself is left: the temporary file was renamed over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.string) == ["todo.json"])
    }

    @Test(arguments: ["{\"items\": [", "not json", "{\"items\": [{\"id\": 1, \"title\": \"x\"}]}", "[]", ""])
    func aCorruptFileIsAnErrorAndIsLeftAsItIs(contents: String) throws {
        defer { remove() }
        let file = path("todo.json")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file.string))
        let store = TodoStore(path: file)
        #expect {
            _ = try store.load()
        } throws: { error in
            "\(error)".contains("\(file) is not a todo list") && "\(error)".contains("left as it is")
        }
        #expect(try text(file) == contents)
    }

    @Test func aSaveThatCannotBeWrittenIsAnErrorAndLeavesTheOldFile() throws {
        defer { remove() }
        let file = path("todo.json")
        let store = TodoStore(path: file)
        let saved = try store.save(Self.list("kept"), changing: TodoStore.Saved())
        // A directory where the temporary file would go makes the write fail.
        try FileManager.default.createDirectory(atPath: path(".todo.json.\(getpid()).tmp").string, withIntermediateDirectories: true)
        #expect(throws: TodoStore.Failure.self) { try store.save(Self.list("kept", "lost"), changing: saved) }
        #expect(try store.load().list.items.map(\.title) == ["kept"])
    }

    @Test func aSymlinkedListStaysASymlinkAndKeepsItsMode() throws {
        defer { remove() }
        let real = path("real.json"), link = path("todo.json")
        let first = try TodoStore(path: real).save(Self.list("a"), changing: TodoStore.Saved())
        chmod(real.string, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link.string, withDestinationPath: "real.json")
        let store = TodoStore(path: link)
        #expect(try store.load() == first)
        _ = try store.save(Self.list("a", "b"), changing: store.load())
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.string) == "real.json")
        #expect(try TodoStore(path: real).load().list.items.map(\.title) == ["a", "b"])
        #expect(try FileManager.default.attributesOfItem(atPath: real.string)[.posixPermissions] as? Int == 0o640)
    }

    @Test func aReadOnlyListIsRefusedAndNotReplaced() throws {
        defer { remove() }
        let file = path("todo.json")
        let store = TodoStore(path: file)
        let saved = try store.save(Self.list("a"), changing: TodoStore.Saved())
        chmod(file.string, 0o444)
        #expect {
            _ = try store.save(Self.list("a", "b"), changing: saved)
        } throws: { error in
            "\(error)".contains("read-only") && "\(error)".contains("not saved")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: file.string)[.posixPermissions] as? Int == 0o444)
        #expect(try store.load().list.items.map(\.title) == ["a"])
    }

    @Test func aDanglingSymlinkIsAnErrorAtStart() throws {
        defer { remove() }
        try FileManager.default.createSymbolicLink(atPath: path("todo.json").string, withDestinationPath: "gone.json")
        #expect(throws: TodoStore.Failure.self) { try TodoStore(path: path("todo.json")).load() }
    }

    @Test func twoWritersKeepEachOthersItems() throws {
        defer { remove() }
        let file = path("todo.json")
        let store = TodoStore(path: file)
        let start = try store.save(Self.list("shared", "both see"), changing: TodoStore.Saved())
        // Two apps read the same file; each adds, changes or deletes before saving.
        var mine = start.list
        mine.add("mine")
        mine.toggle(id: 1)
        var theirs = start.list
        theirs.add("theirs")
        theirs.delete(id: 2)
        _ = try store.save(theirs, changing: start)
        let merged = try store.save(mine, changing: start)
        #expect(merged.list.items.map(\.title) == ["shared", "theirs", "mine"])
        #expect(merged.list.items.map(\.done) == [true, false, false])
        #expect(Set(merged.list.items.map(\.id)).count == 3, "my item was renumbered: theirs took its id")
        #expect(try store.load() == merged)
    }

    /// Hostile pass H3-14: a list file deleted while the app runs is not "another writer
    /// removed every item": the next save writes the whole list.
    @Test func aDeletedFileIsWrittenWholeNotMergedAway() throws {
        defer { remove() }
        let file = path("todo.json")
        let store = TodoStore(path: file)
        let saved = try store.save(Self.list("a", "b", "c"), changing: TodoStore.Saved())
        try FileManager.default.removeItem(atPath: file.string)
        var changed = saved.list
        changed.add("after delete")
        let again = try store.save(changed, changing: saved)
        #expect(again.list.items.map(\.title) == ["a", "b", "c", "after delete"])
        #expect(try store.load() == again)
    }

    @Test func theMergeKeepsChangesOverDeletionsAndFieldsEachSideChanged() {
        let base = TodoList(items: [TodoItem(id: 1, title: "a", done: false), TodoItem(id: 2, title: "b", done: false),
                                    TodoItem(id: 3, title: "c", done: false)])
        // Mine: retitles 1, deletes 2, marks 3 done. Theirs: marks 1 done, retitles 2, deletes 3.
        let mine = TodoList(items: [TodoItem(id: 1, title: "A", done: false), TodoItem(id: 3, title: "c", done: true)])
        let theirs = TodoList(items: [TodoItem(id: 1, title: "a", done: true), TodoItem(id: 2, title: "B", done: false)])
        #expect(TodoMerge.merge(base: base, mine: mine, theirs: theirs).items == [
            TodoItem(id: 1, title: "A", done: true), TodoItem(id: 2, title: "B", done: false), TodoItem(id: 3, title: "c", done: true),
        ])
        // Unchanged items deleted on one side stay deleted.
        #expect(TodoMerge.merge(base: base, mine: base, theirs: TodoList()).items.isEmpty)
        #expect(TodoMerge.merge(base: base, mine: TodoList(), theirs: base).items.isEmpty)
    }

    @Test func anItemIdOfIntMaxDoesNotTrap() {
        var list = TodoList(items: [TodoItem(id: Int.max, title: "huge", done: false), TodoItem(id: 1, title: "one", done: false)])
        #expect(list.add("next")?.id == 2)
        list = TodoList(items: [TodoItem(id: -5, title: "negative", done: false)])
        #expect(list.add("next")?.id == 1)
    }

    /// Hostile pass H3-6: ids shared by two items are renumbered on load, the first keeping
    /// its id, so deleting one never deletes the other.
    @Test func sharedIdsAreRenumberedOnLoad() throws {
        defer { remove() }
        let file = path("todo.json")
        try Data(#"{"items":[{"id":1,"title":"dup","done":false},{"id":1,"title":"dup2","done":true},{"id":2,"title":"other","done":false}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file.string))
        var list = try TodoStore(path: file).load().list
        #expect(list.items.map(\.id) == [1, 3, 2])
        list.delete(id: 1)
        #expect(list.items.map(\.title) == ["dup2", "other"])
    }

    /// Hostile pass H3-7: an id that is a number but not a whole `Int` is named as such.
    @Test(arguments: ["1.5", "1e300", "-1e300"])
    func anIdOutOfRangeIsNamed(id: String) throws {
        defer { remove() }
        let file = path("todo.json")
        try Data(#"{"items":[{"id":\#(id),"title":"x","done":false}]}"#.utf8).write(to: URL(fileURLWithPath: file.string))
        #expect {
            _ = try TodoStore(path: file).load()
        } throws: { error in
            "\(error)".contains("is not a whole number") && "\(error)".contains("items[0].id") && !"\(error)".contains("not valid JSON")
        }
    }

    /// Hostile pass H3-5: the store never writes a file larger than it reads back: compact
    /// JSON when pretty-printing would not fit, and a refusal when nothing fits.
    @Test func aListIsNeverSavedLargerThanItCanBeRead() throws {
        defer { remove() }
        let file = path("todo.json")
        let list = Self.list("one", "two", "three")
        let compact = try JSONEncoder().encode(list).count
        var store = TodoStore(path: file)
        store.sizeLimit = compact + 2
        let saved = try store.save(list, changing: TodoStore.Saved())
        #expect(try store.load() == saved)
        #expect(try text(file).count <= store.sizeLimit)
        store.sizeLimit = compact - 10
        #expect {
            _ = try store.save(Self.list("one", "two", "three", "four"), changing: saved)
        } throws: { error in
            "\(error)".contains("larger than \(compact - 10) bytes") && "\(error)".contains("not saved")
        }
    }

    /// Hostile pass H3-24: fields the app does not know (notes, tags, a version) survive a
    /// save, on items and at the top.
    @Test func fieldsTheAppDoesNotKnowAreKept() throws {
        defer { remove() }
        let file = path("todo.json")
        try Data(#"{"version":2,"owner":"ada","items":[{"id":1,"title":"t1","done":false,"notes":"very important","due":"2026-12-01","tags":["a","b"]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file.string))
        let store = TodoStore(path: file)
        let saved = try store.load()
        var list = saved.list
        list.add("t2")
        list.toggle(id: 1)
        _ = try store.save(list, changing: saved)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text(file).utf8)) as? [String: Any])
        #expect(json["version"] as? Int == 2 && json["owner"] as? String == "ada")
        let first = try #require((json["items"] as? [[String: Any]])?.first)
        #expect(first["notes"] as? String == "very important" && first["due"] as? String == "2026-12-01")
        #expect(first["tags"] as? [String] == ["a", "b"] && first["done"] as? Bool == true)
    }

    @Test func aListInAMissingFolderIsAnErrorAtStart() throws {
        defer { remove() }
        #expect {
            _ = try TodoStore(path: path("missing/todo.json")).load()
        } throws: { error in
            "\(error)".contains("its folder does not exist")
        }
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
        #expect(TodoStore.defaultPath.lastComponent == ".termlayout-todo.json")
        #expect(try TodoArguments(["--file", "/tmp/x.json"]).file == "/tmp/x.json")
        #expect(try TodoArguments(["--file=/tmp/y.json"]).file == "/tmp/y.json")
        #expect(try TodoArguments(["--file", "x"]).file == "x")
        #expect(try TodoArguments(["--help"]).help)
        #expect(throws: TodoStore.Failure(description: "--file needs a path")) { try TodoArguments(["--file"]) }
        #expect(throws: TodoStore.Failure(description: "unknown argument '--fiel'")) { try TodoArguments(["--fiel", "x"]) }
    }
}
