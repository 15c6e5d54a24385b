/// The app's state, typed both ways: handlers read and change it as a Swift value, and only
/// the keys whose values changed are passed to the tree (which re-evaluates only what reads
/// them). What widgets write back (text typed into `text="{query}"`) shows in the next read.
extension LayoutApp {
    /// The app's state as its Swift type. Changing it redraws what reads the changed keys:
    ///
    /// ```swift
    /// app.on("add") { event in event.app.state.count += 1 }
    /// ```
    ///
    /// A change the template cannot take (a key it lacks, in the dictionary form) shows in
    /// the red box, naming the action and handler that made it.
    public var state: State {
        get { readState() }
        set { writeState(newValue) }
    }

    /// Changes the state in one step: `change` gets it `inout`; nothing changes if it throws.
    ///
    /// ```swift
    /// app.update { $0.items.append(item); $0.draft = "" }
    /// ```
    public func update(_ change: (inout State) throws -> Void) rethrows {
        var next = state
        updateDepth += 1
        defer { updateDepth -= 1 }
        try change(&next)
        updateDepth -= 1
        defer { updateDepth += 1 }
        state = next
    }

    /// The state as the template sees it: every key with its ``Value``.
    public var stateValues: [String: Value] { root?.currentState ?? pendingState }

    /// Changes state keys by name (each must be one the state has); what reads them is
    /// re-evaluated and redrawn. The typed ``state`` is the usual way; this suits code that
    /// works on any template.
    public func setState(_ changes: [String: Value]) throws(Diagnostic) {
        if let root {
            try root.setState(changes)
        } else {
            for key in changes.keys.sorted() where pendingState[key] == nil {
                throw Diagnostic(.error, "unknown state key '\(key)'", replacement: Suggestions.replacement(for: key, among: pendingState.keys))
            }
            pendingState.merge(changes) { _, new in new }
            pendingRevision += 1
        }
        needsFrame = true
    }

    /// The version of the state the tree (or the pending state) has now.
    var stateRevision: StateRevision {
        StateRevision(loads: loads, tree: root?.stateRevision ?? pendingRevision)
    }

    private func readState() -> State {
        let revision = stateRevision
        if typedState.revision == revision { return typedState.value }
        do {
            typedState = (try StateCoding.decode(State.self, from: stateValues), revision)
        } catch {
            // The last good value stands; the problem shows once, until the state changes again.
            typedState.revision = revision
            report(error, context: "the state cannot be read as \(StateCoding.typeName(State.self))")
        }
        return typedState.value
    }

    private func writeState(_ value: State) {
        if updateDepth > 0 {
            // The update's own copy is written when it ends, over this change.
            report(Diagnostic(.error, "a state change made inside app.update { } is lost when the update ends",
                              suggestion: "change the value the closure is given ($0) instead"), context: "")
        }
        do {
            let members = try StateCoding.members(of: value)
            if let root {
                // Compared key by key in the tree's slots, without a copy of its state.
                if try root.setChangedState(members) { needsFrame = true }
            } else {
                let changed = members.filter { pendingState[$0.key] != $0.value }
                if !changed.isEmpty { try setState(changed) }
            }
            typedState = (value, stateRevision)
        } catch {
            report(error, context: "a state change failed")
        }
    }

    /// Shows `error` in the red box, naming the action and handler running (if any).
    func report(_ error: any Error, context: String) {
        var found = Self.diagnostics(from: error, context: context)
        if let action = ActionContext.current {
            for index in found.indices { found[index].notes.append(action.description) }
        }
        actionProblems += found
        needsFrame = true
    }

    static func diagnostics(from error: any Error, context: String) -> [Diagnostic] {
        switch error {
        case let diagnostic as Diagnostic: [diagnostic]
        case let many as DiagnosticError: many.diagnostics
        default: [Diagnostic(.error, "\(context): \(error)")]
        }
    }
}

/// Between a state type and the template's `[String: Value]`.
enum StateCoding {
    /// The top-level keys and values of `state`.
    static func members<State: Encodable>(of state: State) throws(Diagnostic) -> [String: Value] {
        if let dictionary = state as? [String: Value] { return dictionary }
        let encoded: Value
        do {
            encoded = try Value(encoding: state)
        } catch {
            throw Diagnostic(.error, "the state of type \(typeName(State.self)) cannot be encoded: \(error)")
        }
        guard case .object(let members) = encoded else {
            throw Diagnostic(.error, "the state must have named properties (a struct or class), but \(typeName(State.self)) encodes to \(encoded.type.withArticle)",
                             suggestion: "use a struct, as in struct AppState: Codable { var count = 0 }")
        }
        return members
    }

    /// `values` as a `State`.
    static func decode<State: Decodable>(_ type: State.Type, from values: [String: Value]) throws(Diagnostic) -> State {
        if let dictionary = values as? State { return dictionary }
        return try Value.object(values).decode(as: State.self)
    }

    /// The type's name as Swift writes it, for messages.
    static func typeName(_ type: Any.Type) -> String { String(describing: type) }
}
