/// Everything the inspector shows about one node: its element, id and outlet, where it is
/// written, each property set on it (source expression, current value and type, what it
/// reads and what reads it), its frame in points and cells, and why it last changed.
///
/// Every string in it that comes from a file or from state is sanitised (``TextSanitizer``)
/// and cut to a bounded length, so it can go to a terminal as it is — but for each
/// property's ``PropertyReport/rawSource`` and ``PropertyReport/rawValue``, the text as it
/// is (up to ``PropertyReport/rawLimit`` characters), which only ``json`` carries, escaped.
///
/// ```swift
/// let report = NodeReport(of: try #require(root.node(withID: "title")))
/// print(report.lines.joined(separator: "\n"))
/// ```
public struct NodeReport: Sendable, Equatable {
    /// The element's name: `Label`.
    public var element: String
    /// Its `id`, if it has one.
    public var id: String?
    /// Its `outlet`, if it has one.
    public var outlet: String?
    /// Where the element is written.
    public var location: SourceLocation
    /// The elements from the root down to it: `Column#root › Row › Label#title`.
    public var path: String
    /// The properties set on it, in document order.
    public var properties: [PropertyReport]
    /// Its frame in points, relative to its parent (`nil` when hidden or it cannot be laid out).
    public var frame: Rect?
    /// Its cells on the screen (`nil` when hidden or it cannot be laid out).
    public var cells: CellRect?
    /// Why its frame is missing: `hidden`, or the layout error's message.
    public var frameProblem: String?
    /// Why it last changed, when the app has seen it change (``FrameRecord``).
    public var lastChange: ChangeReason?
    /// Whether it comes from a running app, which knows what changed (`termlayout inspect`
    /// does not).
    public var tracksChanges = false

    /// The report on `node` now (it evaluates what it shows, as a frame would).
    public init(of node: LayoutNode) {
        self.init(of: node, history: nil)
    }

    init(of node: LayoutNode, history: FrameHistory?) {
        element = node.widget.name
        id = node.id.map { InspectorText.clean($0, limit: 100) }
        outlet = node.outlet.map { InspectorText.clean($0, limit: 100) }
        var location = node.template.location
        location.path = InspectorText.clean(location.path, limit: 300)
        self.location = location
        var names: [String] = []
        var level: LayoutNode? = node
        while let current = level, names.count < 64 {
            names.append(current.widget.name + (current.id.map { "#" + InspectorText.clean($0, limit: 40) } ?? ""))
            level = current.parent
        }
        path = names.reversed().joined(separator: " › ")
        properties = node.template.properties.values.map { PropertyReport(of: $0, on: node) }
        if let body = node.template.body { properties.insert(PropertyReport(body: body, on: node), at: 0) }
        if node.isDisplayed {
            do throws(Diagnostic) {
                frame = try node.frame()
                cells = try node.cellFrame()
            } catch {
                frameProblem = InspectorText.clean(error.message)
            }
        } else {
            frameProblem = "hidden"
        }
        if let history {
            tracksChanges = true
            let keys = Set(properties.flatMap(\.stateKeys))
            lastChange = history.lastChange(readingKeys: keys, nodeName: FrameActivity.name(of: node))
        }
    }

    /// The node `name` names in `root`'s tree: an id (`title`), else an outlet (`count`),
    /// else a name as the inspector's pane and the trace write it (`Label#title`,
    /// `Label@12:5`: element, line and column). The first in document order.
    public static func node(named name: String, in root: LayoutNode) -> LayoutNode? {
        if let found = root.node(withID: name) { return found }
        var byOutlet: LayoutNode?, byName: LayoutNode?, work = [root]
        while let node = work.popLast(), byOutlet == nil {
            if node.outlet == name { byOutlet = node }
            if byName == nil, FrameActivity.name(of: node) == name { byName = node }
            work.append(contentsOf: node.children.reversed())
        }
        return byOutlet ?? byName
    }

    /// `Label#title outlet=name`: how the node is named.
    public var title: String {
        element + (id.map { "#" + $0 } ?? "") + (outlet.map { " outlet=" + $0 } ?? "")
    }
}

/// One property set on a node, as the inspector shows it.
public struct PropertyReport: Sendable, Equatable {
    /// The property's name: `width`.
    public var name: String
    /// The attribute's text as written: `{parent.width - 2}`.
    public var source: String
    /// Where it is written when not on the element itself: `class 'accent' in Styles.json`.
    public var origin: String?
    /// The class whose value the element's own attribute replaced: `class 'accent' in
    /// Styles.json`.
    public var overrides: String?
    /// ``source`` as it is, not sanitised, cut at ``rawLimit`` characters (with `…`): for
    /// JSON, whose escapes make it safe. Never print it to a terminal as it is.
    public var rawSource: String
    /// ``value`` as it is, not sanitised, cut at ``rawLimit`` characters (with `…`).
    public var rawValue: String?
    /// How much of a source or value ``rawSource`` and ``rawValue`` keep: 65,536 characters.
    public static let rawLimit = 65_536
    /// The current value as displayed (`42`, `Ada`), or `nil` when evaluating it failed.
    public var value: String?
    /// The current value's type (`number`, `string` …), or `nil` when it failed.
    public var type: String?
    /// Why evaluating it failed.
    public var error: String?
    /// What its expression reads: `state count`, `constant gap`, `parent.width`,
    /// `#title.height`, `parameter size`, `macro pad`, `own width`.
    public var reads: [String]
    /// The state keys among ``reads``.
    public var stateKeys: [String]
    /// What reads it, from the dependency graph: `Label#b.top`.
    public var readBy: [String]

    init(of attribute: TemplateAttribute, on node: LayoutNode) {
        name = attribute.name
        source = InspectorText.clean(attribute.text.value)
        rawSource = Self.bounded(attribute.text.value)
        origin = attribute.origin.map { InspectorText.clean($0, limit: 200) }
        overrides = attribute.overrides.map { InspectorText.clean($0, limit: 200) }
        do throws(Diagnostic) {
            let current = try node.value(of: attribute.name)
            // A color as a template writes it (`brightCyan`, `#00ffff`), not `#00ffffff`.
            let shown = if case .color(let color) = current { color.templateText } else { current.description }
            value = InspectorText.clean(shown)
            rawValue = Self.bounded(shown)
            type = current.type.description
        } catch let failure {
            error = InspectorText.clean(failure.message)
        }
        (reads, stateKeys) = Self.reads(of: attribute.expression.map { [$0] } ?? [], on: node)
        // What reads the attribute's value, and (for a frame property) the frame value it
        // gives: other properties, layout results, painters — not the frame value itself.
        var readBy: [String] = []
        let own = FrameActivity.name(of: node) + "." + attribute.name
        for cell in node.cells(named: attribute.name) {
            cell.dependents.forEachAlive { reader in
                let shown = InspectorText.clean(Self.unambiguousName(of: reader), limit: 100)
                if readBy.count < 32, !shown.isEmpty, shown != own, !readBy.contains(shown) { readBy.append(shown) }
            }
        }
        self.readBy = readBy
    }

    /// `reader`'s name with its node named as the pane and the trace name it: `Column@3:5.width`
    /// rather than `Column.width`, which many nodes share.
    private static func unambiguousName(of reader: CachedCell) -> String {
        let name = reader.displayName
        guard let owner = reader.ownerNode, owner.id == nil, name.hasPrefix(owner.displayName) else { return name }
        return FrameActivity.name(of: owner) + name.dropFirst(owner.displayName.count)
    }

    /// A label's `text` given as its element body (`<Label>You have <b>{unread}</b>
    /// new</Label>`): its source as written (white space collapsed), its plain text, and what
    /// its runs (and their `<span color>`s) read.
    init(body: [TextRunTemplate], on node: LayoutNode) {
        name = "text"
        let written = Self.bodySource(body)
        source = InspectorText.clean(written, limit: 300)
        rawSource = Self.bounded(written)
        do throws(Diagnostic) {
            let text = try node.plainText()
            value = InspectorText.clean(text)
            rawValue = Self.bounded(text)
            type = ValueType.string.description
        } catch let failure {
            error = InspectorText.clean(failure.message)
        }
        let expressions = body.flatMap { run in [run.text.expression, run.color?.expression].compactMap { $0 } }
        (reads, stateKeys) = Self.reads(of: expressions, on: node)
        // The body's runs are evaluated by the painter and the measurement, not in a cell.
        readBy = []
    }

    /// `text` cut at ``rawLimit`` characters, the last one `…` when cut.
    private static func bounded(_ text: String) -> String {
        guard text.utf8.count > rawLimit, text.count > rawLimit else { return text }
        return String(text.prefix(rawLimit - 1)) + "…"
    }

    /// The body's text as written in its file, from its first run to its last (a closing
    /// tag after the last run is left out), white space collapsed to single spaces.
    private static func bodySource(_ body: [TextRunTemplate]) -> String {
        guard let first = body.first, let last = body.last else { return "" }
        let bytes = first.text.source.bytes
        let start = first.text.text.sourceOffset(of: 0)
        let end = last.text.text.sourceOffset(of: last.text.text.value.utf8.count)
        guard start >= 0, start <= end, end <= bytes.count, last.text.source === first.text.source else {
            return body.map(\.text.text.value).joined()
        }
        let written = String(decoding: bytes[start..<end], as: UTF8.self)
        return written.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What `expressions` read (the first 32 names), and the state keys among them.
    private static func reads(of expressions: [ParsedExpression], on node: LayoutNode) -> (reads: [String], stateKeys: [String]) {
        var reads: [String] = [], stateKeys: [String] = []
        for symbol in expressions.lazy.flatMap(\.symbols) where reads.count < 32 {
            let shown = InspectorText.clean(symbol.description, limit: 80)
            var entry: String
            switch symbol.root {
            case .node:
                entry = shown
            case .name(let root) where NodeScope.namesOfItsOwn.contains(root):
                entry = shown
            case .name(let root):
                switch SymbolBindings.binding(of: symbol, from: node, startingAtParent: false) {
                case .state:
                    entry = "state " + shown
                    if !stateKeys.contains(root) { stateKeys.append(root) }
                case .constant:
                    entry = "constant " + shown
                case .scope:
                    entry = Self.scopeKind(of: root, on: node) + " " + shown
                }
            }
            if !reads.contains(entry) { reads.append(entry) }
        }
        return (reads, stateKeys)
    }

    /// What a name that neither state nor constants give is: a parameter or macro (of the
    /// node or an ancestor), else one of the node's own properties.
    private static func scopeKind(of name: String, on node: LayoutNode) -> String {
        var level: LayoutNode? = node
        while let current = level {
            if current.parameterType(name) != nil { return "parameter" }
            if current.macros[name] != nil { return "macro" }
            level = current.parent
        }
        return node.widget.property(name) != nil ? "own" : "name"
    }
}
