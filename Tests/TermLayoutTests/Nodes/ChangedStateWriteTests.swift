import Testing
@testable import TermLayout

/// A whole state written back (`app.state = state`) is compared with the tree's key by key,
/// in its slots (issue 32, 3a): only the keys whose values differ change, and a key the
/// tree lacks changes nothing.
@MainActor
struct ChangedStateWriteTests {
    private let xml = "<Label text=\"{a} {b} {c}\"/>"

    @Test func onlyTheKeysThatDifferChange() throws {
        let node = try makeNode(xml, state: ["a": 1, "b": 2, "c": 3])
        #expect(try node.value(of: "text") == "1 2 3")
        _ = node.tree.takeChangedStateKeys()
        let revision = node.stateRevision
        #expect(try node.setChangedState(["a": 1, "b": 5, "c": 3]))
        #expect(node.stateRevision == revision + 1)
        #expect(node.tree.takeChangedStateKeys().keys == ["b"])
        #expect(try node.value(of: "text") == "1 5 3")
        #expect(try !node.setChangedState(["a": 1, "b": 5, "c": 3]))
        #expect(try !node.setChangedState([:]))
        #expect(node.stateRevision == revision + 1)
    }

    @Test func changesAreAppliedInTheOrderOfTheKeysNames() throws {
        // Not the dictionary's order, which its per-process hash seed picks: what the keys
        // invalidate is visited in the same order every run.
        let keys = (0..<20).map { "k\($0 < 10 ? "0" : "")\($0)" }
        var state: [String: Value] = [:]
        for key in keys { state[key] = 0 }
        let node = try makeNode("<Label text=\"" + keys.map { "{\($0)}" }.joined() + "\"/>", state: state)
        _ = try node.value(of: "text")
        _ = node.tree.takeChangedStateKeys()
        for key in keys { state[key] = 1 }
        #expect(try node.setChangedState(state))
        #expect(node.tree.takeChangedStateKeys().keys == keys)
        #expect(try node.value(of: "text") == .string(String(repeating: "1", count: 20)))
    }

    @Test func changesComeInSlotOrderWhetherFewOrMost() {
        // Most keys changed are put in place by slot, a few sorted: both in slot order, each
        // with its new value, and the unchanged keys left out.
        let keys = (0..<200).map { "key\($0)" }
        var state: [String: Value] = [:]
        for (index, key) in keys.enumerated() { state[key] = .number(Double(index)) }
        let nodeState = NodeState(state)
        for changedCount in [200, 150, 13, 12, 3, 2, 1, 0] {
            var written = state
            let changed = Set(keys.shuffled().prefix(changedCount))
            for key in changed { written[key] = .string("new " + key) }
            let found = nodeState.changes(in: written)
            #expect(found.unknown == nil)
            #expect(found.changes.map(\.slot) == changed.map { nodeState.slot(of: $0)! }.sorted())
            #expect(found.changes.allSatisfy { $0.value == .string("new " + nodeState.keys[$0.slot]) })
        }
    }

    @Test func aStateWrittenBackInAnyOrderFindsEachKeysSlot() {
        // A changed copy lists its keys as the state written before did (each is compared
        // with the key listed there, not hashed); another dictionary lists them otherwise, or
        // lacks some and has one unknown. Every write finds the changes a look-up of each key
        // gives.
        let keys = (0..<50).map { "key\($0)" }
        var state: [String: Value] = [:]
        for (index, key) in keys.enumerated() { state[key] = .number(Double(index)) }
        let nodeState = NodeState(state)
        func expected(_ written: [String: Value]) -> [Int] {
            written.compactMap { key, value in nodeState.slot(of: key).flatMap { nodeState.values[$0] != value ? $0 : nil } }.sorted()
        }
        var copy = state
        copy["key7"] = 70
        copy["key30"] = 300
        var rebuilt: [String: Value] = [:]
        for key in keys.reversed() { rebuilt[key] = .number(1) }
        var fewer = state
        fewer["key3"] = nil
        fewer["key44"] = nil
        fewer["nope"] = 1
        fewer["key12"] = 120
        for written in [copy, copy, rebuilt, copy, fewer, [:], fewer, state, rebuilt] {
            let found = nodeState.changes(in: written)
            #expect(found.changes.map(\.slot) == expected(written))
            #expect(found.unknown == (written["nope"] == nil ? nil : "nope"))
        }
    }

    @Test func anUnknownKeyChangesNothingAndTheFirstByNameIsNamed() throws {
        let node = try makeNode(xml, state: ["a": 1, "b": 2, "c": 3])
        do throws(Diagnostic) {
            _ = try node.setChangedState(["zz": 1, "b": 9, "yy": 2])
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "unknown state key 'yy' for Label")
        }
        #expect(try node.value(of: "text") == "1 2 3")
        let stateless = try makeNode("<Label text=\"x\"/>")
        #expect(try !stateless.setChangedState([:]))
        #expect(throws: Diagnostic.self) { try stateless.setChangedState(["x": 1]) }
    }

    @Test func theAppWritesOnlyWhatChanged() throws {
        let fixture = try TemplateFixture(["Main.xml": xml])
        let app = LayoutApp(template: fixture.path("Main.xml"), state: ["a": 1, "b": 2, "c": 3])
        let pilot = Pilot(app, columns: 20, rows: 3)
        #expect(pilot.text.contains("1 2 3"))
        let revision = app.stateRevision
        var state = app.state
        app.state = state
        #expect(app.stateRevision == revision)
        state["c"] = 7
        app.state = state
        pilot.advance(by: .zero)
        #expect(pilot.text.contains("1 2 7"))
        state["d"] = 1
        app.state = state
        pilot.advance(by: .zero)
        #expect(pilot.diagnostics.first?.message.contains("unknown state key 'd'") == true)
        #expect(app.stateValues["c"] == 7)
    }
}
