/// Resolves the symbols of one node's expressions: node references, strings, parameters,
/// macros, state, constants and the node's own properties.
struct NodeScope: SymbolResolver {
    let node: LayoutNode
    /// Parameter values are expressions of the composing context, so their names are looked
    /// up from the parent (otherwise `title="{title}"` would read itself).
    let lookupStartsAtParent: Bool
    /// In a frame property's expression, what `auto` is: the node's intrinsic size.
    var auto: AutoSize?

    /// What `100%` is where the expression is evaluated, for the macros it expands.
    var percentBase: Double?

    /// The names ``value(of:)`` gives a meaning of its own before looking anything up (the
    /// cases of its switch); ``SymbolBindings`` leaves them to this scope.
    static let namesOfItsOwn: Set<String> = ["parent", "previous", "next", "strings", "screen", "auto"]

    init(node: LayoutNode, lookupStartsAtParent: Bool, auto: AutoSize? = nil, percentBase: Double? = nil) {
        self.node = node
        self.lookupStartsAtParent = lookupStartsAtParent
        self.auto = auto
        self.percentBase = percentBase
    }

    func value(of symbol: Symbol) throws(ExpressionError) -> Value {
        switch symbol.root {
        case .node(let id):
            // A parameter's expression is written in the including file: look from there.
            let origin = lookupStartsAtParent ? (node.parent ?? node) : node
            guard let target = node.tree.node(withID: id, nearestTo: origin) else {
                throw ExpressionError(.unknownSymbol, "no node with id '\(id)'", at: symbol.range,
                                      replacement: Suggestions.replacement(for: id, among: node.tree.nodesByID.keys))
            }
            return try readProperty(of: target, symbol: symbol, from: 0)
        case .name(let name):
            switch name {
            case "parent":
                guard let parent = node.parent else {
                    throw ExpressionError(.unknownSymbol, "the root node has no parent", at: symbol.range)
                }
                // With inset edges, as in Layout, `parent.right` is the parent's own inset in its
                // parent, not the child's view of its width (LayoutNode.swift:1913–1935).
                let ownInset = node.tree.edgesAreInsets && (symbol.members.first == "right" || symbol.members.first == "bottom")
                return try readProperty(of: parent, symbol: symbol, from: 0, inChildSpace: !ownInset)
            case "previous", "next":
                // As in Layout: with no such (visible) sibling, `previous.bottom` is 0, so the
                // first of a stack of `top="previous.bottom"` starts at the top.
                guard let sibling = visibleSibling(before: name == "previous") else {
                    guard !symbol.members.isEmpty else {
                        throw ExpressionError(.unknownMember, "'\(name)' needs a property, as in \(name).bottom", at: symbol.range)
                    }
                    return .number(0)
                }
                if node.tree.edgesAreInsets, name == "previous", let edge = try previousEdgeWithInsets(sibling, symbol: symbol) {
                    return edge
                }
                return try readProperty(of: sibling, symbol: symbol, from: 0)
            case "strings":
                return try string(symbol)
            case "screen":
                return try screen(symbol)
            case "terminal" where !isDefinedInScope(name), "theme" where !isDefinedInScope(name):
                return try terminalValue(name, symbol: symbol)
            case "auto" where symbol.members.isEmpty:
                guard let auto else { return try lookUp(name, symbol: symbol) }
                do {
                    return .number(try node.intrinsic(auto))
                } catch {
                    throw ExpressionError(.referenceFailed, "the intrinsic size cannot be measured", at: symbol.range, notes: [error.summary])
                }
            default:
                return try lookUp(name, symbol: symbol)
            }
        }
    }

    func call(_ function: Symbol, with arguments: [Value], at range: Range<Int>) throws(ExpressionError) -> Value {
        guard function.root == .name("strings"), !function.members.isEmpty else {
            throw ExpressionError(.unknownFunction, "unknown function '\(function)'", at: function.range,
                                  notes: ["only strings.Key(…) can be called besides the built-in functions"])
        }
        // The whole name after `strings.` is the key, dots included, as in Layout.
        let key = function.members.joined(separator: ".")
        let format: String
        if let (value, count) = dottedConstant("strings", symbol: function), count == function.members.count, case .string(let text) = value {
            format = text
        } else if let text = node.tree.strings.entries[key] {
            format = text
        } else {
            throw unknownString(key, symbol: function)
        }
        switch StringsTable.format(format, arguments) {
        case .success(let text):
            return .string(text)
        case .failure(let error):
            throw ExpressionError(error.kind, StringCalls.message(for: error, key: key), at: range, notes: ["the string is \"\(format)\""])
        }
    }

    // MARK: Names

    private func lookUp(_ name: String, symbol: Symbol) throws(ExpressionError) -> Value {
        var level: LayoutNode? = lookupStartsAtParent ? node.parent : node
        while let current = level {
            if let cell = current.parameterCell(name) {
                return try readMembers(read(cell, as: symbol), symbol: symbol, from: 0)
            }
            if let macro = current.macros[name] {
                return try readMembers(expand(macro, symbol: symbol), symbol: symbol, from: 0)
            }
            // As in Layout, state wins over constants, a dotted one (`a.b`) too
            // (LayoutNode.swift:1560–1561 reads variables, then constants).
            if let value = current.readState(name) {
                return try readMembers(value, symbol: symbol, from: 0)
            }
            if let (value, count) = Self.dottedConstant(name, symbol: symbol, at: current) {
                return try readMembers(value, symbol: symbol, from: count)
            }
            if let value = current.readConstant(name) {
                return try readMembers(value, symbol: symbol, from: 0)
            }
            level = current.parent
        }
        if let reference = FrameProperty.reference(name) {
            return try readMembers(readFrame(reference, of: node, as: symbol), symbol: symbol, from: 0)
        }
        if let cell = node.cell(for: name) {
            return try readMembers(read(cell, as: symbol), symbol: symbol, from: 0)
        }
        throw ExpressionError(.unknownSymbol, "unknown symbol '\(name)'", at: symbol.range,
                              replacement: Suggestions.replacement(for: name, among: node.readableNames))
    }

    private func expand(_ macro: TemplateAttribute, symbol: Symbol) throws(ExpressionError) -> Value {
        let tree = node.tree
        if tree.macroStack.contains(macro.name) {
            let path = (tree.macroStack.drop { $0 != macro.name } + [macro.name]).joined(separator: " → ")
            throw ExpressionError(.circularReference, "circular macro: \(path)", at: symbol.range)
        }
        guard let expression = macro.expression else { return .null }
        try checkMacroLimits(expanding: macro, at: symbol)
        tree.macroStack.append(macro.name)
        defer { tree.macroStack.removeLast() }
        let value: Value
        do {
            // In the property's own terms: `auto` and `%` mean there what they mean where used.
            value = try expression.evaluate(NodeScope(node: node, lookupStartsAtParent: false, auto: auto, percentBase: percentBase),
                                            percentBase: percentBase)
        } catch {
            if let path = tree.circularPath {
                throw ExpressionError(.circularReference, "circular reference: \(path)", at: symbol.range)
            }
            if error.kind == .tooDeeplyNested || error.kind == .tooLong {
                // A limit reached deep inside says what it is, not "macro 'm3999' has an error".
                throw ExpressionError(error.kind, error.message, at: symbol.range, suggestion: error.suggestion)
            }
            let diagnostic = macro.diagnostic(for: error)
            throw ExpressionError(error.kind == .circularReference ? .circularReference : .referenceFailed,
                                  error.kind == .circularReference ? error.message : "macro '\(macro.name)' has an error",
                                  at: symbol.range, notes: [diagnostic.summary])
        }
        // Each use copies the macro's value: what it produces counts where it is used.
        try tree.budget.chargeText(of: value, at: symbol.range)
        return value
    }

    /// Macros are expanded where they are used, recursively: a chain of thousands would
    /// overflow the stack, and `m2 = m1 + m1` repeated doubles the work each time.
    private func checkMacroLimits(expanding macro: TemplateAttribute, at symbol: Symbol) throws(ExpressionError) {
        let tree = node.tree
        try tree.budget.chargeExpansion(of: macro.name, outermost: tree.macroStack.first, at: symbol.range)
        if tree.macroStack.count >= TemplateLimits.maximumMacroDepth {
            let path = tree.macroStack.prefix(3).joined(separator: " → ")
            throw ExpressionError(.tooDeeplyNested, "macros nest too deeply (more than \(TemplateLimits.maximumMacroDepth) levels): \(path) → …",
                                  at: symbol.range)
        }
    }

    /// `strings.Key`: a constant named `strings.Key` first (as Layout does), then the strings
    /// files. The longest key the members spell is the key, dots included
    /// (`strings.Signup.NameLabel`); members after it read the string (`strings.Title.count`).
    private func string(_ symbol: Symbol) throws(ExpressionError) -> Value {
        guard !symbol.members.isEmpty else {
            throw ExpressionError(.unknownSymbol, "'strings' needs a key, as in strings.Title", at: symbol.range)
        }
        // The longest key wins, whether a constant or a file has it; on a tie the constant,
        // which Layout reads first (LayoutNode.swift:2118).
        let constant = dottedConstant("strings", symbol: symbol)
        let file = node.tree.strings.key(spelledBy: symbol.members)
        if let (value, count) = constant, count >= (file?.count ?? 0) {
            return try readMembers(value, symbol: symbol, from: count)
        }
        guard let (key, count) = file else {
            throw unknownString(symbol.members.joined(separator: "."), symbol: symbol)
        }
        // `strings.Signup.Nme` with keys `Signup` and `Signup.NameLabel` is a misspelt key.
        if let meant = node.tree.strings.nearestDottedKey(spelledBy: symbol.members, after: (key, count)) {
            throw ExpressionError(.unknownSymbol, "unknown string '\(symbol.members.joined(separator: "."))'",
                                  at: symbol.range(ofMember: 0).lowerBound..<symbol.range.upperBound, suggestion: "did you mean '\(meant)'?")
        }
        return try readMembers(.string(node.tree.strings.entries[key] ?? ""), symbol: symbol, from: count)
    }

    private func unknownString(_ key: String, symbol: Symbol) -> ExpressionError {
        ExpressionError(.unknownSymbol, "unknown string '\(key)'", at: symbol.range(ofMember: 0).lowerBound..<symbol.range.upperBound,
                        replacement: Suggestions.replacement(for: key, among: node.tree.strings.entries.keys))
    }

    /// The constant named `name` and the first members of `symbol` joined with dots (Layout
    /// allows `constants: ["strings.hello": …]`), looked up from the node as names are: the
    /// value and how many members its name takes.
    private func dottedConstant(_ name: String, symbol: Symbol) -> (Value, Int)? {
        var level: LayoutNode? = lookupStartsAtParent ? node.parent : node
        while let current = level {
            if let found = Self.dottedConstant(name, symbol: symbol, at: current) { return found }
            level = current.parent
        }
        return nil
    }

    /// The longest constant of `level` named `name.member…` from `symbol`'s members.
    static func dottedConstant(_ name: String, symbol: Symbol, at level: LayoutNode) -> (Value, Int)? {
        guard !symbol.members.isEmpty, level.hasDottedConstants else { return nil }
        var key = name
        var found: (Value, Int)?
        for (index, member) in symbol.members.enumerated() {
            key += "." + member
            if let value = level.readConstant(key) { found = (value, index + 1) }
        }
        return found
    }

    // MARK: Node references

    private func visibleSibling(before: Bool) -> LayoutNode? {
        guard let siblings = node.parent?.children else { return nil }
        var index = node.index + (before ? -1 : 1)
        while siblings.indices.contains(index) {
            if !siblings[index].isHidden { return siblings[index] }
            index += before ? -1 : 1
        }
        return nil
    }

    /// `target.property` where the property name starts at `members[position]`; two members
    /// make one name for `center.x` and `center.y`.
    ///
    /// With `inChildSpace` (a child reading its parent, as in Layout) frame values are in the
    /// child's coordinates, the parent's content box (inside its padding and border):
    /// `parent.left` and `parent.top` are 0, `parent.width` and `parent.right` the content
    /// box's width and `parent.center.x` half of it.
    private func readProperty(of target: LayoutNode, symbol: Symbol, from position: Int,
                              inChildSpace: Bool = false) throws(ExpressionError) -> Value {
        guard position < symbol.members.count else {
            throw ExpressionError(.unknownMember, "'\(symbol)' needs a property, as in \(symbol).height", at: symbol.range)
        }
        var name = symbol.members[position]
        var next = position + 1
        if next < symbol.members.count, target.widget.property(name + "." + symbol.members[next]) != nil {
            name += "." + symbol.members[next]
            next += 1
        }
        if let reference = FrameProperty.reference(name) {
            let value = try readFrame(inChildSpace ? reference.inChildSpace : reference, of: target, as: symbol)
            return try readMembers(value, symbol: symbol, from: next)
        }
        guard let cell = target.cell(for: name) else {
            throw ExpressionError(.unknownMember, "\(target.widget.name) has no property '\(name)'", at: symbol.range(ofMember: position),
                                  replacement: Suggestions.replacement(for: name, among: target.widget.properties.keys))
        }
        return try readMembers(read(cell, as: symbol), symbol: symbol, from: next)
    }

    /// Reads a property cell on behalf of `symbol`, turning failures elsewhere into an error
    /// at the symbol, and a re-entered cell into a circular-reference error naming the path.
    private func read(_ cell: PropertyCell, as symbol: Symbol) throws(ExpressionError) -> Value {
        let tree = node.tree
        if cell.isEvaluating {
            throw ExpressionError(.circularReference, "circular reference: \(tree.cyclePath(reentering: cell))", at: symbol.range)
        }
        do {
            return try cell.node.evaluate(cell)
        } catch {
            if let path = tree.circularPath {
                throw ExpressionError(.circularReference, "circular reference: \(path)", at: symbol.range)
            }
            throw ExpressionError(.referenceFailed, "'\(symbol)' cannot be evaluated", at: symbol.range, notes: [error.summary])
        }
    }

    /// `screen.width` and `screen.height`: the terminal's size in points.
    private func screen(_ symbol: Symbol) throws(ExpressionError) -> Value {
        node.tree.recordRead(of: node.tree.screen)
        guard symbol.members.count == 1, let size = node.tree.screenSize else {
            throw ExpressionError(.unknownSymbol, symbol.members.count == 1 ? "the screen size is not known here" : "use screen.width or screen.height",
                                  at: symbol.range)
        }
        switch symbol.members[0] {
        case "width": return .number(size.width)
        case "height": return .number(size.height)
        default:
            throw ExpressionError(.unknownMember, "screen has no member '\(symbol.members[0])'", at: symbol.range(ofMember: 0),
                                  replacement: Suggestions.replacement(for: symbol.members[0], among: ["width", "height"]))
        }
    }

    /// With inset edges, Layout reads the previous sibling's edges as the edge being computed
    /// needs them (LayoutNode.swift:1951–2010): `left="previous.right"` is the position of its
    /// right edge, and `right="previous.left"` the inset of its left edge, so stacks read as
    /// they do without insets. `nil` where the plain value applies.
    private func previousEdgeWithInsets(_ sibling: LayoutNode, symbol: Symbol) throws(ExpressionError) -> Value? {
        guard symbol.members.count == 1, let cell = node.tree.evaluationStack.last as? PropertyCell, cell.node === node else { return nil }
        let horizontal: Bool
        switch (cell.name, symbol.members[0]) {
        case ("left", "right"), ("top", "bottom"):
            horizontal = cell.name == "left"
            return try readFrame(horizontal ? .right : .bottom, of: sibling, as: symbol, edgesAsInsets: false)
        case ("right", "left"), ("bottom", "top"):
            horizontal = cell.name == "right"
            let start = try readFrame(horizontal ? .left : .top, of: sibling, as: symbol)
            guard let parent = node.parent, case .number(let offset) = start else { return start }
            do {
                return .number(try parent.innerSize(horizontal: horizontal) - offset)
            } catch {
                throw ExpressionError(.referenceFailed, "'\(symbol)' cannot be evaluated", at: symbol.range, notes: [error.summary])
            }
        default:
            return nil
        }
    }

    /// A computed frame value of `target`, with the same error handling as property reads.
    private func readFrame(_ reference: FrameReference, of target: LayoutNode, as symbol: Symbol,
                           edgesAsInsets: Bool? = nil) throws(ExpressionError) -> Value {
        if reference.properties.isEmpty { return .number(0) }
        let tree = node.tree
        for property in reference.properties {
            let cell = target.frameCell(property)
            if cell.isEvaluating {
                throw ExpressionError(.circularReference, "circular reference: \(tree.cyclePath(reentering: cell))", at: symbol.range)
            }
        }
        do {
            return .number(try target.frameReference(reference, edgesAsInsets: edgesAsInsets ?? tree.edgesAreInsets))
        } catch {
            if let path = tree.circularPath {
                throw ExpressionError(.circularReference, "circular reference: \(path)", at: symbol.range)
            }
            throw ExpressionError(.referenceFailed, "'\(symbol)' cannot be evaluated", at: symbol.range, notes: [error.summary])
        }
    }

    private func readMembers(_ value: Value, symbol: Symbol, from position: Int) throws(ExpressionError) -> Value {
        var value = value
        for index in position..<max(position, symbol.members.count) {
            value = try Operators.member(symbol.members[index], of: value, range: symbol.range(ofMember: index))
        }
        return value
    }
}
