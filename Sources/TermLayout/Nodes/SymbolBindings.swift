/// Where each symbol of one property's expression resolves, found once, on the property's
/// first evaluation: a state key of the node or an ancestor becomes a number of levels up
/// and a slot (read by index, no names hashed), a constant its value. Everything else —
/// parameters, macros, `parent.`, `#id.`, the node's own properties — goes through
/// ``NodeScope`` as before.
///
/// What a name resolves to cannot change while the node lives: state keys are fixed when a
/// node is made (``LayoutNode/setState(_:)`` rejects new ones), and so are constants,
/// parameters, macros and the chain of ancestors.
final class SymbolBindings: SymbolResolver {
    enum Binding {
        /// State of the node `levels` up from the node, in `slot`.
        case state(levels: Int, slot: Int)
        /// A constant's value.
        case constant(Value)
        /// Resolved by ``NodeScope`` each time.
        case scope
    }

    /// The node whose property this is (it owns the cell that owns this).
    private unowned(unsafe) let node: LayoutNode
    private let lookupStartsAtParent: Bool
    private let auto: AutoSize?
    private let bindings: [Binding]
    /// What `100%` is in the evaluation under way (for macros, which ``NodeScope`` expands).
    var percentBase: Double?

    init(node: LayoutNode, symbols: [Symbol], lookupStartsAtParent: Bool, auto: AutoSize?) {
        self.node = node
        self.lookupStartsAtParent = lookupStartsAtParent
        self.auto = auto
        self.bindings = symbols.map { Self.binding(of: $0, from: node, startingAtParent: lookupStartsAtParent) }
    }

    /// Where `symbol` resolves from `node`, looked up as ``NodeScope`` looks it up: at each
    /// level parameters, then macros, then state, then constants decide.
    private static func binding(of symbol: Symbol, from node: LayoutNode, startingAtParent: Bool) -> Binding {
        guard case .name(let name) = symbol.root, !NodeScope.namesOfItsOwn.contains(name) else { return .scope }
        var levels = startingAtParent ? 1 : 0
        var level = startingAtParent ? node.parent : node
        while let current = level {
            if current.parameterType(name) != nil || current.macros[name] != nil { return .scope }
            if let slot = current.stateSlot(name) { return .state(levels: levels, slot: slot) }
            if let constant = current.readConstant(name) { return .constant(constant) }
            level = current.parent
            levels += 1
        }
        return .scope
    }

    func value(of symbol: Symbol) throws(ExpressionError) -> Value {
        guard symbol.index < bindings.count else { return try scope.value(of: symbol) }
        let root: Value
        switch bindings[symbol.index] {
        case .state(let levels, let slot):
            var level = node
            for _ in 0..<levels {
                guard let parent = level.parent else { return try scope.value(of: symbol) }
                level = parent
            }
            root = level.readState(slot: slot)
        case .constant(let value):
            root = value
        case .scope:
            return try scope.value(of: symbol)
        }
        guard !symbol.members.isEmpty else { return root }
        return try DictionaryResolver.readMembers(symbol.members, of: root, symbol: symbol)
    }

    func call(_ function: Symbol, with arguments: [Value], at range: Range<Int>) throws(ExpressionError) -> Value {
        try scope.call(function, with: arguments, at: range)
    }

    private var scope: NodeScope {
        NodeScope(node: node, lookupStartsAtParent: lookupStartsAtParent, auto: auto, percentBase: percentBase)
    }
}
