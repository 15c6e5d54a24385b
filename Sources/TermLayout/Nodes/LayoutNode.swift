import Foundation

/// A node of the live tree: one widget, its property values, its state and constants, and
/// its children. Build a tree from a loaded ``Template``, or in code with ``NodeBlueprint``.
///
/// ```swift
/// let template = try TemplateLoader().load(file: "Templates/Counter.xml").get()
/// let root = try LayoutNode(template: template, state: ["count": 0])
/// try root.value(of: "title")            // evaluated on demand, then cached
/// try root.setState(["count": 1])        // re-evaluates only what reads `count`
/// let label = try root.outlet("total", as: "Label")
/// ```
///
/// Symbols resolve from the node up through its ancestors; at each level parameters come
/// first, then macros, then state, then constants. After that a name may be one of the
/// node's own properties (`height="width"`). `parent.`, `previous.`, `next.`, `#id.` and
/// `strings.` are reserved prefixes.
public final class LayoutNode {
    /// The widget this node is.
    public let widget: WidgetDescriptor
    /// The template element the node was built from.
    public let template: TemplateElement
    /// The parent, or `nil` for the root.
    public var parent: LayoutNode? { ownedParent ?? extras?.rowParent }
    /// The parent that owns this node in its `children`. Not `weak`: a weak reference gives
    /// the parent a side table, which makes every retain and release of it slow, and symbol
    /// look-up walks up through parents all the time. The parent clears it when it goes
    /// (`deinit`), so a node kept alive by itself sees no parent, as with `weak`.
    private unowned(unsafe) var ownedParent: LayoutNode?
    /// The children, in order. Set while the node is built (and a List's rows as it
    /// scrolls), read by every pass: no run-time exclusivity check on each read.
    @exclusivity(unchecked) public private(set) var children: [LayoutNode] = []
    /// The position among the parent's children, read for every child the renderer places: no
    /// run-time exclusivity check on each read either.
    @exclusivity(unchecked) public private(set) var index = 0

    let tree: NodeTree
    /// Whether the template gives the node a styled body (`<Label>Hi <b>you</b></Label>`).
    /// Kept on the node, so a label measured and painted reads no template (issue 32, 3a).
    let hasBody: Bool
    /// Whether the template sets `hidden`, or `padding` or `border` (read on every layout).
    let setsHidden: Bool
    let setsInsets: Bool
    /// How the node places its children (read on every layout).
    let layoutKind: LayoutKind
    /// Which layout attributes the template sets (read for every node on every arrangement).
    let layoutAttributes: LayoutAttributeSet
    /// Whether any attribute's expression reads a symbol (a tree of constants has no
    /// references to check for cycles).
    let readsSymbols: Bool
    /// Whether an explicit `left`/`top` (or a Modal) takes the node out of its flex parent's
    /// flow (read for every child on every arrangement).
    let isAbsolutelyPositioned: Bool
    /// Whether the template sets a property of the text style (read on every paint).
    let setsTextStyle: Bool
    /// Whether it sets `wrap`, `alignment` or `lines` (read on every paint of a Label).
    let setsTextLayout: Bool
    /// Whether it sets `background` (read on every paint).
    let setsBackground: Bool
    /// Whether it sets one of `FlexStyleProperties` (read on every arrangement).
    let setsFlexStyle: Bool
    /// Whether this node or one of its `children` is a widget that can take focus: the
    /// search for focusable widgets skips subtrees of labels without looking into them.
    /// Children are fixed once built, so this is too.
    @exclusivity(unchecked) private(set) var subtreeMayHoldFocus = false
    /// Macros defined here, visible to the subtree.
    var macros: [String: TemplateAttribute] { template.macros }
    private var parameters: [String: ParameterDeclaration] { template.parameters }
    private var parameterValues: [String: TemplateAttribute] { template.parameterValues }
    /// The node's state keys and values (most nodes have none: it lives in ``Extras``).
    var state: [String: Value] { extras?.state.dictionary ?? [:] }
    /// The constants given to this node (the root's, usually).
    var constants: [String: Value] { extras?.constants ?? [:] }
    /// The property cells made so far: a few per node, most often one (``PropertyCells``).
    @exclusivity(unchecked) private var cells = PropertyCells()
    /// The four frame cells (stored inline: the hottest look-up of layout, and no array per node).
    /// The four frame cells, made when something computed reads one (most nodes' frames are
    /// read only from their parent's arrangement, and never get any).
    @exclusivity(unchecked) private var frameCells: FrameCells?

    private final class FrameCells {
        var left, top, width, height: PropertyCell?
        var all: [PropertyCell] { [left, top, width, height].compactMap { $0 } }
    }
    /// What few nodes need, out of line: most nodes have no state, parameters or user input.
    @exclusivity(unchecked) private var extras: Extras?

    private final class Extras {
        /// The List a row built from its row template belongs to (the List does not keep
        /// every row it ever built, so this one is weak).
        weak var rowParent: LayoutNode?
        var state = NodeState()
        var constants: [String: Value] = [:]
        /// Whether a constant's name has a dot (`strings.hello`), for ``NodeScope``.
        var hasDottedConstants = false
        var parameterCells: [String: PropertyCell] = [:]
        var overrides: [String: Value] = [:]
        var textCursor: Int?
        /// A List's rows built from its row template, for the items on screen.
        var listRows: ListRows?
        var scrollPosition = Size.zero
        var widgetStorage: AnyObject?
        /// A column of rows in a ScrollView: which rows keep estimated heights.
        var rowEstimates: RowEstimates?
    }

    private var ensuredExtras: Extras {
        if let extras { return extras }
        let made = Extras()
        extras = made
        return made
    }

    /// Values the user set on this widget (typed text, a toggled box) where no state key
    /// holds them; they win over the property's expression.
    var overrides: [String: Value] { extras?.overrides ?? [:] }
    /// Whether the user wrote over any property (checked on hot paths: no dictionary made).
    var hasOverrides: Bool {
        guard let extras else { return false }
        return !extras.overrides.isEmpty
    }

    /// The value the user wrote over `property`, if any.
    func override(of property: String) -> Value? {
        guard let extras, !extras.overrides.isEmpty else { return nil }
        return extras.overrides[property]
    }
    /// The text cursor of a TextField, in characters from the start (`nil`: at the end).
    var textCursor: Int? {
        get { extras?.textCursor }
        set {
            guard newValue != textCursor else { return }
            ensuredExtras.textCursor = newValue
            paintRecord.invalidate()
        }
    }
    /// How far a ScrollView's content is scrolled, in points.
    var scrollPosition: Size {
        get { extras?.scrollPosition ?? .zero }
        set {
            guard newValue != scrollPosition else { return }
            ensuredExtras.scrollPosition = newValue
            paintRecord.invalidate()
        }
    }
    /// Which children keep estimated heights, for a container of rows in a ScrollView
    /// (`RowEstimates`); `nil` for every other node.
    var rowEstimates: RowEstimates? {
        get { extras?.rowEstimates }
        set { ensuredExtras.rowEstimates = newValue }
    }
    /// What a widget keeps on its node beyond property values (a Log's lines, a RadioGroup's
    /// highlighted option): the widget's own object, carried over by a live reload.
    var widgetStorage: AnyObject? {
        get { extras?.widgetStorage }
        set {
            ensuredExtras.widgetStorage = newValue
            paintRecord.invalidate()
        }
    }

    /// The widget's object of type `Kept` on this node, made with `make` on first use.
    func widgetStorage<Kept: AnyObject>(orMake make: () -> Kept) -> Kept {
        if let kept = widgetStorage as? Kept { return kept }
        let made = make()
        widgetStorage = made
        return made
    }
    /// What the node looked like when last painted, for repainting only what changed.
    var paintRecord: PaintRecord {
        if let paintRecordStorage { return paintRecordStorage }
        let made = PaintRecord(node: self)
        paintRecordStorage = made
        return made
    }
    @exclusivity(unchecked) private var paintRecordStorage: PaintRecord?
    /// The paint record, if the node has one (reading it makes none).
    var existingPaintRecord: PaintRecord? { paintRecordStorage }
    /// Whether the node belongs to a row a List built from its row template.
    let isListRow: Bool
    /// The node's entry in its tree's list of changed nodes (``NodeTree/markChanged(_:)``),
    /// or -1 when it is not on it.
    @exclusivity(unchecked) var changedSlot = -1
    /// Whether the node is in its tree's list of changed nodes.
    var isMarkedChanged: Bool { changedSlot >= 0 }
    /// A List's rows built from its row template, for the items on screen.
    var listRows: ListRows? {
        guard widget.childLayout == .rowTemplate, let rowTemplate = template.children.first else { return nil }
        if let rows = extras?.listRows { return rows }
        let made = ListRows(list: self, rowTemplate: rowTemplate)
        ensuredExtras.listRows = made
        return made
    }
    /// How a flex container arranges its children (made on first use).
    var arrangementCell: LayoutResultCell<Arrangement> {
        if let arrangementStorage { return arrangementStorage }
        let made = LayoutResultCell<Arrangement>(node: self, kind: .arrangement)
        arrangementStorage = made
        return made
    }
    /// The node's measured sizes (made on first use).
    var measurementCell: LayoutResultCell<Measurements> {
        if let measurementStorage { return measurementStorage }
        let made = LayoutResultCell<Measurements>(node: self, kind: .measurement)
        made.checksOneLineText = isPlainLabel
        measurementStorage = made
        return made
    }
    /// Whether the node's arrangement is computed and valid.
    var isArranged: Bool { arrangementStorage?.result != nil }
    /// Whether the node is arranging its children right now (or measuring them too).
    var isArrangingItsItems: Bool { arrangementStorage?.isEvaluating == true }
    var isSizingItsItems: Bool { isArrangingItsItems || measurementStorage?.isEvaluating == true }
    @exclusivity(unchecked) private var arrangementStorage: LayoutResultCell<Arrangement>?
    @exclusivity(unchecked) private var measurementStorage: LayoutResultCell<Measurements>?

    /// Builds the node tree of `template`. `state` and `constants` belong to the root; several
    /// constants dictionaries are merged, later ones winning.
    public convenience init(template: Template, state: [String: Value] = [:], constants: [String: Value]...) throws(DiagnosticError) {
        try self.init(template: template, state: state, mergedConstants: constants)
    }

    /// Builds the node tree of `template` with a `Codable` value as the root's state.
    public convenience init(template: Template, stateFrom state: some Encodable, constants: [String: Value]...) throws {
        guard case .object(let members) = try Value(encoding: state) else {
            throw DiagnosticError([Diagnostic(.error, "state must encode to an object with keys")])
        }
        try self.init(template: template, state: members, mergedConstants: constants)
    }

    private convenience init(template: Template, state: [String: Value], mergedConstants: [[String: Value]]) throws(DiagnosticError) {
        let tree = NodeTree(strings: template.strings)
        tree.edgesAreInsets = template.root.insetsEdges
        if let metric = template.cellMetric { tree.cellMetric = metric }  // the root's `cell`
        let constants = mergedConstants.reduce(into: [String: Value]()) { $0.merge($1) { _, later in later } }
        self.init(element: template.root, parent: nil, index: 0, tree: tree, state: state, constants: constants)
        // Circular references are errors before anything is evaluated.
        let cycles = referenceCycles()
        if !cycles.isEmpty { throw DiagnosticError(cycles) }
    }

    init(element: TemplateElement, parent: LayoutNode?, index: Int, tree: NodeTree,
         state: [String: Value] = [:], constants: [String: Value] = [:], isListRow: Bool = false, ownedByParent: Bool = false) {
        self.widget = element.widget
        self.template = element
        if ownedByParent {
            self.ownedParent = parent
        } else if let parent {
            let extras = Extras()
            extras.rowParent = parent
            self.extras = extras
        }
        self.index = index
        self.tree = tree
        if !state.isEmpty || !constants.isEmpty {
            let extras = self.extras ?? Extras()
            extras.state = NodeState(state)
            extras.constants = constants
            extras.hasDottedConstants = constants.keys.contains { $0.contains(".") }
            self.extras = extras
        }
        var attributes = LayoutAttributeSet(), readsSymbols = false, setsTextStyle = false, setsTextLayout = false, setsFlexStyle = false
        // Each attribute is read in place: a copy costs a retain of each of its parts.
        let properties = element.properties
        for index in properties.indices {
            let name = properties[attributeAt: index].name
            // Most names (`text`, `id`) are in none of these families: the name's look-up bit
            // rules a family out before any of its names is compared.
            let bit = TemplateAttributes.bit(of: name)
            if bit & LayoutAttribute.nameBits != 0 { attributes.insert(named: name) }
            if bit & TextStyleProperties.nameBits != 0 {
                if TextStyleProperties.contains(name) { setsTextStyle = true }
                if TextStyleProperties.isTextLayout(name) { setsTextLayout = true }
            }
            if bit & FlexStyleProperties.nameBits != 0, FlexStyleProperties.contains(name) { setsFlexStyle = true }
            if !readsSymbols, properties[attributeAt: index].expression?.symbols.isEmpty == false { readsSymbols = true }
        }
        self.layoutAttributes = attributes
        self.readsSymbols = readsSymbols
        self.setsTextStyle = setsTextStyle
        self.setsTextLayout = setsTextLayout
        self.setsFlexStyle = setsFlexStyle
        self.setsHidden = element.properties.index(forKey: .hidden) != nil
        self.setsBackground = element.properties.index(forKey: .background) != nil
        self.setsInsets = attributes.contains(.padding) || element.properties.index(forKey: .border) != nil
        self.hasBody = element.body != nil
        self.layoutKind = Self.layoutKind(of: element)
        self.isAbsolutelyPositioned = element.widget.isModal || attributes.setsPosition
        if !element.macros.isEmpty {
            tree.hasMacros = true
            if element.macros.values.contains(where: { $0.expression?.usesPercent == true }) { tree.macrosUsePercent = true }
        }
        self.isListRow = isListRow
        // Rows are built and dropped as a list scrolls; their names stay out of the tree's tables.
        if !isListRow, let id = element.id { tree.register(self, id: id) }
        if !isListRow, let outlet = outlet { tree.nodesByOutlet[outlet] = NodeTree.WeakNode(node: self) }
        if !isListRow, element.widget.isModal { tree.modals.append(NodeTree.WeakNode(node: self)) }
        if !isListRow, element.widget.traits.contains(.animates) { tree.animatedNodes.append(NodeTree.WeakNode(node: self)) }
        subtreeMayHoldFocus = element.widget.traits.contains(.focusable)
        // A List's child element is its row template: rows are built per visible item (``ListRows``).
        // A Table's child elements declare its columns (``TableColumns``): no nodes of their own.
        guard element.widget.childLayout != .rowTemplate, element.widget.childLayout != .tableColumns else { return }
        children = element.children.enumerated().map { offset, child in
            LayoutNode(element: child, parent: self, index: offset, tree: tree, isListRow: isListRow, ownedByParent: true)
        }
        if !subtreeMayHoldFocus { subtreeMayHoldFocus = children.contains { $0.subtreeMayHoldFocus } }
    }

    deinit {
        // Children someone else still holds must not see a parent that is gone.
        for child in children { child.ownedParent = nil }
        // Lists of readers elsewhere may still hold this node's cells: they skip them now.
        cells.forEach { $0.retire() }
        for cell in frameCells?.all ?? [] { cell.retire() }
        for cell in extras?.parameterCells.values ?? [:].values { cell.retire() }
        extras?.state.ownerIsGone = true
        arrangementStorage?.retire()
        measurementStorage?.retire()
        paintRecordStorage?.retire()
        // The tree's list of changed nodes does not retain them.
        if isMarkedChanged { tree.forgetChanged(self) }
    }

    // MARK: State

    /// Updates some state keys of this node. Every key must be one the node already has;
    /// only the properties that read a changed key (and what depends on them) are
    /// re-evaluated when next read.
    public func setState(_ updates: [String: Value]) throws(Diagnostic) {
        guard let extras, !extras.state.isEmpty else {
            if let key = updates.keys.min() { throw unknownStateKey(key) }
            return
        }
        // The usual update, one key: one look-up.
        if updates.count == 1, let (key, value) = updates.first {
            guard let slot = extras.state.slot(of: key) else { throw unknownStateKey(key) }
            setState(value, inSlot: slot, of: extras)
            return
        }
        // The first unknown key in name order, so the message does not depend on hashing.
        if let key = updates.keys.filter({ extras.state.slot(of: $0) == nil }).min() { throw unknownStateKey(key) }
        for (key, value) in updates {
            guard let slot = extras.state.slot(of: key) else { continue }
            setState(value, inSlot: slot, of: extras)
        }
    }

    /// Sets the keys of `state` whose values differ from this node's, each key looked up
    /// once (a whole state written back, most of it unchanged); whether any differed. As
    /// ``setState(_:)``, nothing changes if a key is unknown, and the first by name is named.
    func setChangedState(_ state: [String: Value]) throws(Diagnostic) -> Bool {
        let found = extras?.state.changes(in: state) ?? (changes: [], unknown: state.keys.min())
        if let unknown = found.unknown { throw unknownStateKey(unknown) }
        guard let extras else { return false }
        for change in found.changes { setState(change.value, inSlot: change.slot, of: extras) }
        return !found.changes.isEmpty
    }

    private func setState(_ value: Value, inSlot slot: Int, of extras: Extras) {
        guard extras.state.values[slot] != value else { return }
        extras.state.values[slot] = value
        tree.stateRevision &+= 1
        tree.noteStateChange(extras.state.keys[slot])
        extras.state.readers[slot]?.invalidateReaders()
    }

    private func unknownStateKey(_ key: String) -> Diagnostic {
        let keys = extras?.state.keys ?? []
        return Diagnostic(.error, "unknown state key '\(key)' for \(displayName)",
                          replacement: Suggestions.replacement(for: key, among: keys),
                          notes: keys.isEmpty ? ["this node has no state; give state when creating the node"]
                              : ["state keys: " + keys.joined(separator: ", ")])
    }

    /// Updates state from a `Codable` value whose members are all existing state keys.
    public func setState(from value: some Encodable) throws {
        guard case .object(let members) = try Value(encoding: value) else {
            throw Diagnostic(.error, "state must encode to an object with keys")
        }
        try setState(members)
    }

    /// The current state of this node.
    public var currentState: [String: Value] { state }

    /// A number that moves on whenever any state value in this node's tree changes.
    public var stateRevision: Int { tree.stateRevision }

    // MARK: Property values

    /// The value of a property: evaluated from its expression (or its default) on first
    /// read, then cached until something it depends on changes.
    public func value(of property: String) throws(Diagnostic) -> Value {
        // As `value(ifAny:)`, without an optional in the usual case, a property with a cell.
        if let override = override(of: property) { return override }
        if let cell = existingCell(property) {
            if tree.circularPath != nil, tree.evaluationStack.isEmpty { tree.circularPath = nil }
            return try evaluate(cell)
        }
        guard let value = try valueWithoutCell(property) else {
            throw Diagnostic(.error, "\(widget.name) has no property '\(property)'",
                             replacement: Suggestions.replacement(for: property, among: widget.properties.keys))
        }
        return value
    }

    /// The value of a property, or `nil` if the widget has no such property.
    func value(ifAny property: String) throws(Diagnostic) -> Value? {
        if let override = override(of: property) { return override }
        if let cell = existingCell(property) {
            if tree.circularPath != nil, tree.evaluationStack.isEmpty { tree.circularPath = nil }
            return try evaluate(cell)
        }
        return try valueWithoutCell(property)
    }

    /// The value of a property that has no cell yet (nor an override).
    private func valueWithoutCell(_ property: String) throws(Diagnostic) -> Value? {
        // An unset property is its default, and a constant attribute (`width="12"`,
        // `text="Save"`) its value: neither can change, so neither needs a cell or tracking.
        // (Expressions read other properties through cells; `override(_:with:)` covers the
        // layout, measure and paint reads that take this path.) The loader checked a
        // constant's type, so it is read in place, unchecked.
        guard let index = template.properties.index(forKey: property) else { return widget.defaultValue(of: property) }
        if let constant = template.properties[attributeAt: index].constantValue {
            return constant.isNil ? widget.defaultValue(of: property) ?? .null : constant
        }
        let cell = PropertyCell(node: self, name: property)
        cells.append(cell)
        if tree.evaluationStack.isEmpty { tree.circularPath = nil }
        return try evaluate(cell)
    }

    /// Whether the node is hidden: `hidden` is true, a Modal is not `presented`, or it is a
    /// page of Tabs other than the selected one. Errors count as visible.
    public var isHidden: Bool {
        // Most nodes never set `hidden`: no look-up then (a user override still counts).
        if setsHidden || hasOverrides, (try? value(of: "hidden")) == .bool(true) { return true }
        if widget.isModal, (try? value(of: "presented")) == .bool(false) { return true }
        if let parent, parent.widget.childLayout == .pages { return index != parent.selectedTab }
        return false
    }

    /// The Modals of this subtree that are presented and not inside anything hidden, in
    /// document order (the last one is on top).
    func presentedModals() -> [LayoutNode] {
        tree.modals.compactMap(\.node).filter { $0.isDisplayed && ($0 === self || $0.isInside(self)) }
    }

    /// The page Tabs show: `selected`, within the pages there are.
    var selectedTab: Int {
        let selected = (try? value(of: "selected"))?.numberValue ?? 0
        guard !children.isEmpty else { return 0 }
        return Clamp.int(selected, in: 0...(children.count - 1))
    }

    /// Starts an evaluation pass: the work limits of ``TemplateLimits`` that count per pass
    /// (macro expansions, text produced) start again. Rendering, laying out and
    /// ``evaluateAll()`` each begin one.
    func beginEvaluationPass() {
        tree.budget.beginPass()
    }

    /// The node's cells named `property`: its attribute's, and its computed frame value's
    /// for `left`, `top`, `width`, `height` (for the inspector: what reads them).
    func cells(named property: String) -> [PropertyCell] {
        var found = cells.all.filter { $0.name == property }
        if let frame = FrameProperty(rawValue: property), let cells = frameCells {
            let cell = switch frame {
            case .left: cells.left
            case .top: cells.top
            case .width: cells.width
            case .height: cells.height
            }
            if let cell { found.append(cell) }
        }
        return found
    }

    func existingCell(_ property: String) -> PropertyCell? {
        cells.first(named: property)
    }

    func cell(for property: String) -> PropertyCell? {
        if let cell = existingCell(property) { return cell }
        guard widget.property(property) != nil else { return nil }
        let cell = PropertyCell(node: self, name: property)
        cells.append(cell)
        return cell
    }

    /// Sets a user-changed value for `property`, invalidating what read the old one.
    func override(_ property: String, with value: Value) {
        ensuredExtras.overrides[property] = value
        paintRecord.invalidate()
        if let cell = existingCell(property) {
            cell.cachedResult = nil
            cell.invalidateDependents()
        }
        measurementCell.clearCache()
        measurementCell.invalidateDependents()
        // A default or constant was read without a cell (``value(ifAny:)``): by measuring,
        // painting or layout — of this node, its children or its parent's flow.
        var readers = [CellReference(cell: arrangementCell)]
        for cell in frameCells?.all ?? [] { readers.append(CellReference(cell: cell)) }
        if let parent { readers += [CellReference(cell: parent.arrangementCell), CellReference(cell: parent.measurementCell)] }
        DependencySource.invalidate(readers)
        tree.markChanged(self)
    }

    func frameCell(_ property: FrameProperty) -> PropertyCell {
        let existing = switch property {
        case .left: frameCells?.left
        case .top: frameCells?.top
        case .width: frameCells?.width
        case .height: frameCells?.height
        }
        if let existing { return existing }
        let cell = PropertyCell(node: self, name: property.rawValue, kind: .frame(property))
        let cells = frameCells ?? FrameCells()
        frameCells = cells
        switch property {
        case .left: cells.left = cell
        case .top: cells.top = cell
        case .width: cells.width = cell
        case .height: cells.height = cell
        }
        return cell
    }

    func parameterCell(_ name: String) -> PropertyCell? {
        if let cell = extras?.parameterCells[name] { return cell }
        guard parameters[name] != nil else { return nil }
        let cell = PropertyCell(node: self, name: name, kind: .parameter)
        ensuredExtras.parameterCells[name] = cell
        return cell
    }

    /// The declared type of parameter `name`, if the node declares it.
    func parameterType(_ name: String) -> PropertyType? { parameters[name]?.type }

    /// The attribute that gives parameter `name` its value here: what a composing node
    /// passed, or the declared default.
    func parameterAttribute(_ name: String) -> TemplateAttribute? {
        parameterValues[name] ?? parameters[name]?.defaultValue
    }

    /// How many cells are recorded as readers of state `key` (for tests: rows that scrolled
    /// away must not pile up there).
    func readerCount(ofState key: String) -> Int {
        guard let extras, let slot = extras.state.slot(of: key) else { return 0 }
        return extras.state.readers[slot]?.readerCount ?? 0
    }

    /// Records that the property being evaluated reads state `key` of this node.
    func readState(_ key: String) -> Value? {
        guard let slot = stateSlot(key) else { return nil }
        return readState(slot: slot)
    }

    /// The slot of state `key` (see ``NodeState``), if the node has that key.
    func stateSlot(_ key: String) -> Int? { extras?.state.slot(of: key) }

    /// Whether the node has state `key`.
    func hasState(_ key: String) -> Bool { stateSlot(key) != nil }

    /// The state in `slot` (one ``stateSlot(_:)`` gave), recording that the property being
    /// evaluated reads it.
    func readState(slot: Int) -> Value {
        guard let extras else { return .null }
        if let reader = tree.evaluationStack.last { extras.state.source(ofSlot: slot).addDependent(reader) }
        return extras.state.values[slot]
    }

    /// The node's state, for expressions bound to it (``SymbolBindings``), if it has any.
    var nodeState: NodeState? { extras?.state }

    /// Whether any of this node's constants has a dot in its name (`strings.hello`).
    var hasDottedConstants: Bool { extras?.hasDottedConstants ?? false }

    func readConstant(_ key: String) -> Value? {
        guard let constants = extras?.constants, !constants.isEmpty else { return nil }
        return constants[key]
    }

    /// The names of this node's parameters, for suggestions.
    var parameterNames: Dictionary<String, ParameterDeclaration>.Keys { parameters.keys }
}
