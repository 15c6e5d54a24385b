/// Finds circular references between properties before anything is evaluated, from the
/// symbols each expression reads: `#b.width` in `#a`'s width and `#a.width` in `#b`'s is a
/// cycle whatever the state. (Cycles through state-dependent branches are still caught
/// while evaluating.)
struct ReferenceGraph {
    /// A property of a node: an attribute's expression, or a computed frame value (`left`,
    /// `top`, `width`, `height`), which follows from some of the attributes. Kept apart, so
    /// `left="(parent.width - width) / 2"` reads the computed width without being a cycle.
    struct Vertex: Hashable {
        let node: LayoutNode
        let property: String
        let isFrame: Bool

        static func == (lhs: Vertex, rhs: Vertex) -> Bool {
            lhs.node === rhs.node && lhs.property == rhs.property && lhs.isFrame == rhs.isFrame
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(node))
            hasher.combine(property)
            hasher.combine(isFrame)
        }

        /// `Label#title.width`, as cycles are reported.
        var name: String { node.displayName + "." + property }
    }

    private typealias Edge = (target: Vertex, reason: (TemplateAttribute, Symbol)?)

    /// The attributes whose expressions read another property, with what they read. Every
    /// cycle passes through one: a computed frame value reads only its own node's attributes
    /// and frame values, never in a loop. The frame values' edges are found when a search
    /// reaches them, so a tree of constants costs one look at each attribute.
    private var attributeEdges: [Vertex: [Edge]] = [:]

    init(root: LayoutNode) {
        var work = [root]
        while let node = work.popLast() {
            work += node.children
            guard node.readsSymbols else { continue }
            for (property, attribute) in node.template.properties {
                guard let expression = attribute.expression, !expression.symbols.isEmpty else { continue }
                let from = Vertex(node: node, property: property, isFrame: false)
                var edges: [Edge] = []
                for symbol in expression.symbols {
                    for target in Self.targets(of: symbol, from: node) { edges.append((target, (attribute, symbol))) }
                }
                if !edges.isEmpty { attributeEdges[from] = edges }
            }
        }
    }

    /// What `vertex` reads.
    private func edges(of vertex: Vertex) -> [Edge] {
        guard vertex.isFrame, let property = FrameProperty(rawValue: vertex.property) else { return attributeEdges[vertex] ?? [] }
        return Self.frameSources(of: property, node: vertex.node).map { source in
            (Vertex(node: vertex.node, property: source.name, isFrame: source.isFrame), nil)
        }
    }

    /// What a computed frame value certainly reads: the attributes (and other frame values)
    /// it follows from, as ``LayoutNode/computeFrame(_:)`` computes it. A flex item's position
    /// comes from its parent's arrangement, which is not modelled; cycles through it are
    /// caught while evaluating.
    private static func frameSources(of property: FrameProperty, node: LayoutNode) -> [(name: String, isFrame: Bool)] {
        let set = node.template.properties
        func attributes(_ names: String...) -> [(name: String, isFrame: Bool)] {
            names.filter { set[$0]?.expression != nil }.map { ($0, false) }
        }
        let horizontal = property == .left || property == .width
        let (start, end, size, center) = horizontal ? ("left", "right", "width", "center.x") : ("top", "bottom", "height", "center.y")
        let (minimum, maximum) = horizontal ? ("minWidth", "maxWidth") : ("minHeight", "maxHeight")
        guard let parent = node.parent else { return attributes(property.rawValue) }
        let isSize = property == .width || property == .height
        if parent.layoutKind == .flex && !node.isAbsolutelyPositioned && !node.widget.isModal {
            return isSize ? attributes(size, minimum, maximum) : []
        }
        if isSize {
            if set[size] != nil { return attributes(size, minimum, maximum) }
            if set[start] != nil && set[end] != nil { return attributes(start, end, minimum, maximum) }
            return attributes(minimum, maximum)
        }
        if set[start] != nil { return attributes(start) }
        let length: (name: String, isFrame: Bool) = (size, true)
        if set[end] != nil { return attributes(end) + [length] }
        if set[center] != nil { return attributes(center) + [length] }
        return []
    }

    /// The vertices a symbol reads, when that is known without evaluating.
    private static func targets(of symbol: Symbol, from node: LayoutNode) -> [Vertex] {
        func property(at position: Int, of target: LayoutNode?) -> [Vertex] {
            guard let target, position < symbol.members.count else { return [] }
            var name = symbol.members[position]
            if position + 1 < symbol.members.count, target.widget.property(name + "." + symbol.members[position + 1]) != nil {
                name += "." + symbol.members[position + 1]
            }
            return read(name, of: target, inChildSpace: target === node.parent && symbol.root == .name("parent"))
        }
        switch symbol.root {
        case .node(let id): return property(at: 0, of: node.node(withID: id))
        case .name("parent"): return property(at: 0, of: node.parent)
        case .name("previous"): return property(at: 0, of: node.index > 0 ? node.parent?.children[node.index - 1] : nil)
        case .name("next"):
            guard let siblings = node.parent?.children, node.index + 1 < siblings.count else { return [] }
            return property(at: 0, of: siblings[node.index + 1])
        case .name(let root):
            guard !node.isVisibleName(root) else { return [] }
            var name = root
            if let member = symbol.members.first, node.widget.property(root + "." + member) != nil { name += "." + member }
            return node.widget.property(name) != nil ? read(name, of: node) : []
        }
    }

    /// Reading `name` of `target`: the computed frame values it derives from, or the attribute.
    private static func read(_ name: String, of target: LayoutNode, inChildSpace: Bool = false) -> [Vertex] {
        if let reference = FrameProperty.reference(name) {
            return (inChildSpace ? reference.inChildSpace : reference).properties.map { Vertex(node: target, property: $0.rawValue, isFrame: true) }
        }
        return target.widget.property(name) != nil ? [Vertex(node: target, property: name, isFrame: false)] : []
    }

    /// One diagnostic per cycle, at the attribute that closes it (or, for a cycle closed by
    /// how a frame value is computed, at the last attribute on the path). A depth-first
    /// search with its own stack, so a chain of thousands of `top="previous.bottom"`
    /// siblings costs memory, not the thread's stack.
    func cycles() -> [Diagnostic] {
        enum Mark { case visiting, done }
        /// A vertex on the search path, with what it reads and how far through that it is.
        struct Step {
            let vertex: Vertex
            let via: (TemplateAttribute, Symbol)?
            let edges: [Edge]
            var next = 0
        }
        var marks: [Vertex: Mark] = [:]
        var path: [Step] = []
        var diagnostics: [Diagnostic] = []
        func enter(_ vertex: Vertex, via: (TemplateAttribute, Symbol)?) {
            marks[vertex] = .visiting
            path.append(Step(vertex: vertex, via: via, edges: edges(of: vertex)))
        }
        func report(closingAt target: Vertex, reason: (TemplateAttribute, Symbol)?) {
            let start = path.lastIndex { $0.vertex == target } ?? 0
            let cycle = path[start...].map(\.vertex) + [target]
            // An attribute and the frame value it gives share a name: say it once (two nodes
            // that display alike, two unnamed Views, are both said).
            var described: [String] = []
            var previous: Vertex?
            for vertex in cycle {
                if let previous, previous.node === vertex.node, previous.property == vertex.property { continue }
                // Two nodes that display alike (unnamed Views) are told apart by where they are.
                let alike = cycle.contains { $0.node !== vertex.node && $0.node.displayName == vertex.node.displayName }
                let location = vertex.node.template.location
                described.append(alike ? "\(vertex.node.displayName)(\(location.line):\(location.column)).\(vertex.property)" : vertex.name)
                previous = vertex
            }
            guard let (attribute, symbol) = reason ?? path[start...].reversed().lazy.compactMap(\.via).first else { return }
            let message = "circular reference: \(described.joined(separator: " → "))"
            diagnostics.append(attribute.diagnostic(for: ExpressionError(.circularReference, message, at: symbol.range)))
        }
        // In name order, so the reported path starts where a person wrote it.
        // Nodes that display alike go in document order (by offset: the same order as line
        // and column, without making the file's line table for a tree with no cycle).
        let order = attributeEdges.keys.map { vertex -> (String, Int, Vertex) in
            (vertex.name, vertex.node.template.sourceOffset, vertex)
        }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        for root in order where marks[root] == nil {
            enter(root, via: nil)
            while let top = path.last {
                guard top.next < top.edges.count else {
                    marks[top.vertex] = .done
                    path.removeLast()
                    continue
                }
                let (target, reason) = top.edges[top.next]
                path[path.count - 1].next += 1
                switch marks[target] {
                case .visiting?: report(closingAt: target, reason: reason)
                case nil: enter(target, via: reason)
                case .done?: break
                }
            }
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
                || current.hasState(name) || current.readConstant(name) != nil { return true }
            level = current.parent
        }
        return false
    }

    /// Circular references between properties in this tree, found without evaluating.
    public func referenceCycles() -> [Diagnostic] {
        ReferenceGraph(root: self).cycles()
    }
}
