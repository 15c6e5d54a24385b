/// A property's expression, with where each of its symbols resolves found once, on the
/// property's first evaluation: a state key of the node or an ancestor becomes that node's
/// ``NodeState`` and a slot (read by index, no names hashed, no walk up the tree), a constant
/// its value. Everything else — parameters, macros, `parent.`, `#id.`, the node's own
/// properties — goes through ``NodeScope`` as before.
///
/// What a name resolves to cannot change while the node lives: state keys are fixed when a
/// node is made (``LayoutNode/setState(_:)`` rejects new ones), and so are constants,
/// parameters, macros and the chain of ancestors.
final class SymbolBindings: SymbolResolver {
    enum Binding {
        /// State of the node or an ancestor, in `slot` (held by ``firstState`` or
        /// ``otherStates``; read unretained, the hottest read of an evaluation).
        case state(Unmanaged<NodeState>, slot: Int)
        /// A constant's value.
        case constant(Value)
        /// Resolved by ``NodeScope`` each time.
        case scope
    }

    /// The expression bound: the attribute's, which cannot change while the node lives.
    let expression: ParsedExpression
    /// The type of the property it computes.
    let type: PropertyType
    /// The type every value of the property has, when that is all there is to check (not
    /// an enumeration, whose strings are checked against its cases).
    let plainType: ValueType?
    /// Whether it needs `100%` (itself or through a macro).
    let usesPercent: Bool
    /// Whether the expression reads nothing but state and constants (no other property, no
    /// `100%`): then its evaluation reads no other cell, so it can be part of no cycle and
    /// has nothing to record.
    let isSelfContained: Bool
    /// The node whose property this is (it owns the cell that owns this).
    private unowned(unsafe) let node: LayoutNode
    /// The cell whose expression this is (it owns this).
    private unowned(unsafe) let cell: PropertyCell
    private let lookupStartsAtParent: Bool
    private let auto: AutoSize?
    private let bindings: [Binding]
    /// The states the bindings read, held for as long as they are bound: the first one
    /// (usually the only one: most state lives on the root), and any others.
    private let firstState: NodeState?
    private let otherStates: [NodeState]
    /// Which symbols (by index, the first 64) have been read once: the cell is a reader of
    /// their state from then on.
    private var symbolsRead: UInt64 = 0
    /// What `100%` is in the evaluation under way (for macros, which ``NodeScope`` expands).
    var percentBase: Double?

    /// Binds the symbols of `cell`'s expression.
    ///
    /// The first time the expression reads a state key, `cell` becomes a reader of that key
    /// for as long as it lives, so later reads record nothing. A key the expression has
    /// never read (the branch not taken in `flag ? a : b`) does not invalidate it; one read
    /// once still does after the branch changes — an extra evaluation, never a stale value.
    init(cell: PropertyCell, expression: ParsedExpression, type: PropertyType, usesPercent: Bool,
         lookupStartsAtParent: Bool, auto: AutoSize?) {
        let node = cell.node
        self.node = node
        self.cell = cell
        self.expression = expression
        self.type = type
        self.usesPercent = usesPercent
        self.plainType = type.isEnumeration ? nil : type.valueType
        self.lookupStartsAtParent = lookupStartsAtParent
        self.auto = auto
        let bindings = expression.symbols.map { Self.binding(of: $0, from: node, startingAtParent: lookupStartsAtParent) }
        self.bindings = bindings
        var firstState: NodeState?, otherStates: [NodeState] = []
        for case .state(let reference, _) in bindings {
            let state = reference.takeUnretainedValue()
            if firstState == nil { firstState = state } else if state !== firstState { otherStates.append(state) }
        }
        self.firstState = firstState
        self.otherStates = otherStates
        self.isSelfContained = !usesPercent && bindings.allSatisfy { if case .scope = $0 { false } else { true } }
    }

    /// Where `symbol` resolves from `node`, looked up as ``NodeScope`` looks it up: at each
    /// level parameters, then macros, then state, then constants decide.
    static func binding(of symbol: Symbol, from node: LayoutNode, startingAtParent: Bool) -> Binding {
        guard case .name(let name) = symbol.root, !NodeScope.namesOfItsOwn.contains(name) else { return .scope }
        var level = startingAtParent ? node.parent : node
        while let current = level {
            if current.parameterType(name) != nil || current.macros[name] != nil { return .scope }
            // State wins over constants, dotted ones too (Layout's LayoutNode.swift:1560–1561).
            if let slot = current.stateSlot(name), let state = current.nodeState { return .state(.passUnretained(state), slot: slot) }
            // A constant named with dots (`a.b`) is the scope's to find.
            if NodeScope.dottedConstant(name, symbol: symbol, at: current) != nil { return .scope }
            if let constant = current.readConstant(name) { return .constant(constant) }
            level = current.parent
        }
        return .scope
    }

    func value(of symbol: Symbol) throws(ExpressionError) -> Value {
        let index = symbol.index
        guard index < bindings.count else { return try scope.value(of: symbol) }
        let root: Value
        switch bindings[index] {
        case .state(let state, let slot):
            if index >= 64 || symbolsRead & (1 << index) == 0 {
                state.takeUnretainedValue().source(ofSlot: slot).addBoundReader(cell)
                if index < 64 { symbolsRead |= 1 << index }
            }
            // The owner gone, the name resolves as the scope now sees it (usually not at all).
            guard !state._withUnsafeGuaranteedRef(\.ownerIsGone) else { return try scope.value(of: symbol) }
            root = state._withUnsafeGuaranteedRef { $0.values[slot] }
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

/// Bindings as the resolver of their own evaluation, held unretained: the evaluation runs
/// while the bindings' cell holds them, and the context is then made and dropped without
/// reference counting.
struct UnretainedBindings: SymbolResolver {
    let bindings: Unmanaged<SymbolBindings>

    init(_ bindings: SymbolBindings) {
        self.bindings = .passUnretained(bindings)
    }

    func value(of symbol: Symbol) throws(ExpressionError) -> Value {
        try bindings._withUnsafeGuaranteedRef { bindings in
            Result { () throws(ExpressionError) in try bindings.value(of: symbol) }
        }.get()
    }

    func call(_ function: Symbol, with arguments: [Value], at range: Range<Int>) throws(ExpressionError) -> Value {
        try bindings.takeUnretainedValue().call(function, with: arguments, at: range)
    }
}
