/// Finds circular references between properties before anything is evaluated, from the
/// symbols each expression reads: `#b.width` in `#a`'s width and `#a.width` in `#b`'s is a
/// cycle whatever the state. (Cycles through state-dependent branches are still caught
/// while evaluating.)
struct ReferenceGraph {
    /// A property of a node; the frame properties of one axis count as one, since each can
    /// follow from the others.
    struct Vertex: Hashable {
        let node: ObjectIdentifier
        let property: String
    }

    private var edges: [Vertex: [(Vertex, TemplateAttribute, Symbol)]] = [:]
    private var names: [Vertex: String] = [:]

    static let horizontal: Set = ["left", "right", "width", "center.x", "minWidth", "maxWidth"]
    static let vertical: Set = ["top", "bottom", "height", "center.y", "minHeight", "maxHeight"]

    static func vertexName(_ property: String) -> String {
        if horizontal.contains(property) { return "width" }
        if vertical.contains(property) { return "height" }
        return property
    }

    init(root: LayoutNode) {
        var work = [root]
        while let node = work.popLast() {
            for (property, attribute) in node.template.properties {
                guard let expression = attribute.expression else { continue }
                let from = vertex(node, property)
                for symbol in expression.symbols {
                    guard let (target, name) = Self.target(of: symbol, from: node) else { continue }
                    edges[from, default: []].append((vertex(target, name), attribute, symbol))
                }
            }
            work += node.children
        }
    }

    private mutating func vertex(_ node: LayoutNode, _ property: String) -> Vertex {
        let name = Self.vertexName(property)
        let vertex = Vertex(node: ObjectIdentifier(node), property: name)
        names[vertex] = node.displayName + "." + name
        return vertex
    }

    /// The node and property a symbol reads, when that is known without evaluating.
    private static func target(of symbol: Symbol, from node: LayoutNode) -> (LayoutNode, String)? {
        func property(at position: Int, of target: LayoutNode?) -> (LayoutNode, String)? {
            guard let target, position < symbol.members.count else { return nil }
            var name = symbol.members[position]
            if position + 1 < symbol.members.count, target.widget.property(name + "." + symbol.members[position + 1]) != nil {
                name += "." + symbol.members[position + 1]
            }
            return target.widget.property(name) != nil ? (target, name) : nil
        }
        switch symbol.root {
        case .node(let id): return property(at: 0, of: node.node(withID: id))
        case .name("parent"): return property(at: 0, of: node.parent)
        case .name("previous"): return property(at: 0, of: node.index > 0 ? node.parent?.children[node.index - 1] : nil)
        case .name("next"):
            guard let siblings = node.parent?.children, node.index + 1 < siblings.count else { return nil }
            return property(at: 0, of: siblings[node.index + 1])
        case .name(let name):
            guard node.widget.property(name) != nil, !node.isVisibleName(name) else { return nil }
            return (node, name)
        }
    }

    /// One diagnostic per cycle, at the attribute that closes it.
    func cycles() -> [Diagnostic] {
        enum Mark { case visiting, done }
        var marks: [Vertex: Mark] = [:]
        var path: [Vertex] = []
        var diagnostics: [Diagnostic] = []
        func visit(_ vertex: Vertex) {
            marks[vertex] = .visiting
            path.append(vertex)
            for (target, attribute, symbol) in edges[vertex] ?? [] {
                switch marks[target] {
                case .visiting?:
                    let cycle = path.drop { $0 != target } + [target]
                    let description = cycle.compactMap { names[$0] }.joined(separator: " → ")
                    diagnostics.append(attribute.diagnostic(for: ExpressionError(.circularReference, "circular reference: \(description)", at: symbol.range)))
                case nil:
                    visit(target)
                case .done?:
                    break
                }
            }
            path.removeLast()
            marks[vertex] = .done
        }
        for vertex in edges.keys.sorted(by: { (names[$0] ?? "") < (names[$1] ?? "") }) where marks[vertex] == nil {
            visit(vertex)
        }
        return diagnostics
    }
}

extension LayoutNode {
    /// Whether `name` is a parameter, macro, state key or constant here or in an ancestor,
    /// which would win over the node's own property of that name.
    func isVisibleName(_ name: String) -> Bool {
        var level: LayoutNode? = self
        while let current = level {
            if current.parameterCell(name) != nil || current.macros[name] != nil
                || current.currentState[name] != nil || current.readConstant(name) != nil { return true }
            level = current.parent
        }
        return false
    }

    /// Circular references between properties in this tree, found without evaluating.
    public func referenceCycles() -> [Diagnostic] {
        ReferenceGraph(root: self).cycles()
    }
}
