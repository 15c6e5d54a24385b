/// The type of a widget property: how its attribute text is read and what it must evaluate to.
public enum PropertyType: Sendable, Hashable, CustomStringConvertible {
    /// An expression giving a number; `%` is of `percentOf`, if any.
    case number(percentOf: PercentBase? = nil)
    /// An expression giving a bool.
    case bool
    /// Literal text with `{expression}` interpolations.
    case string
    /// An expression giving a color.
    case color
    /// An expression giving one of the named cases; the case names can be written bare
    /// (`alignment="center"`, `alignment="wide ? center : left"`).
    case enumeration([String])
    /// An expression giving an array (list items).
    case array
    /// The name of an action, as interpolated text (`press="save"`, `press="{done ? 'undo' : 'save'}"`).
    case action
    /// A plain name, read literally: `id`, `outlet`.
    case name
    /// A file path, read literally: `xml`, `template`, `row`.
    case path
    /// A comma-separated list of class names, read literally.
    case classList
    /// Points per cell, `WIDTHxHEIGHT`, read literally: a template root's `cell`.
    case cellSize
    /// An expression giving any value (macros).
    case any

    /// What `100%` means for a number property.
    public enum PercentBase: Sendable, Hashable {
        /// Of the parent's width: `left`, `right`, `width`, `center.x`.
        case parentWidth
        /// Of the parent's height: `top`, `bottom`, `height`, `center.y`.
        case parentHeight
    }

    /// How the attribute text is read, or `nil` for literal types.
    public var expressionMode: ParsedExpression.Mode? {
        switch self {
        case .number, .bool, .color, .enumeration, .array, .any: .expression
        case .string, .action: .string
        case .name, .path, .classList, .cellSize: nil
        }
    }

    /// The type of value the property holds once evaluated (`nil` for ``any``).
    public var valueType: ValueType? {
        switch self {
        case .any: nil
        case .number: .number
        case .bool: .bool
        case .color: .color
        case .array: .array
        case .string, .action, .enumeration, .name, .path, .classList, .cellSize: .string
        }
    }

    /// Whether a value must also be one of the type's cases.
    var isEnumeration: Bool { if case .enumeration = self { true } else { false } }

    /// The type's name as `check` and the widget reference print it: `number`, `one of left,
    /// center, right`, `cell size (WxH)`.
    public var description: String {
        switch self {
        case .number: "number"
        case .bool: "bool"
        case .string: "string"
        case .color: "color"
        case .enumeration(let cases): "one of " + cases.joined(separator: ", ")
        case .array: "array"
        case .action: "action"
        case .name: "name"
        case .path: "path"
        case .classList: "class list"
        case .cellSize: "cell size (WxH)"
        case .any: "any value"
        }
    }
}

/// One property of a widget: its name, type, default and a line of documentation.
public struct PropertyDescriptor: Sendable, Hashable {
    /// The attribute name.
    public var name: String
    /// How it is read and what it holds.
    public var type: PropertyType
    /// The value when the attribute is absent, if any.
    public var defaultValue: Value?
    /// A one-line description, for `termlayout` help and docs.
    public var summary: String

    /// Creates a property descriptor.
    public init(_ name: String, _ type: PropertyType, default defaultValue: Value? = nil, _ summary: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// A kind of node that templates can use: its element name, properties, whether it takes
/// children, and the ``Widget`` type that measures, paints and handles input for it. The
/// registry is the single list that the loader, `check` and the docs read.
public struct WidgetDescriptor: Sendable, Hashable {
    /// The fields, behind one reference: every template element and node holds a copy.
    private var storage: Storage

    /// The element name, such as `Label`.
    public var name: String {
        get { storage.name }
        set { makeUnique(); storage.name = newValue }
    }
    /// A one-line description.
    public var summary: String {
        get { storage.summary }
        set { makeUnique(); storage.summary = newValue }
    }
    /// Whether child elements are allowed.
    public var acceptsChildren: Bool {
        get { storage.acceptsChildren }
        set {
            makeUnique()
            storage.acceptsChildren = newValue
            storage.takesBody = Self.takesBody(properties: storage.properties, acceptsChildren: newValue)
        }
    }
    /// Properties by name, including the ones every widget has.
    public var properties: [String: PropertyDescriptor] {
        _read { yield storage.properties }
        set {
            // A new storage: the tables derived from the properties are constants of one.
            storage = Storage(name: storage.name, summary: storage.summary, acceptsChildren: storage.acceptsChildren, properties: newValue,
                              type: storage.type, childLayout: storage.childLayout, traits: storage.traits)
        }
    }
    /// The default of each ``LayoutAttribute``, by its position: what layout reads for the
    /// attributes a node leaves unset.
    var layoutDefaults: [Double?] { storage.layoutDefaults }
    /// Whether the element's body is its text (`<Label>Hello <b>you</b></Label>`): a string
    /// `text` property and no children. Kept up to date, as the loader asks for every element.
    var takesBody: Bool { storage.takesBody }
    /// The type that measures, paints and handles input for the widget.
    public var type: any Widget.Type { storage.type }
    /// How it places its children (the type's, stored so layout reads no dictionary).
    public var childLayout: ChildLayout { storage.childLayout }
    /// The type's flags, stored for the same reason.
    public var traits: WidgetTraits { storage.traits }

    /// The fields of a descriptor; copied before a change when shared.
    /// Its fields skip the run-time exclusivity checks of class properties (layout reads
    /// them for every node): they change only while uniquely referenced.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var name: String
        @exclusivity(unchecked) var summary: String
        @exclusivity(unchecked) var acceptsChildren: Bool
        let properties: [String: PropertyDescriptor]
        /// Derived from ``properties`` (constants, so reading one retains nothing).
        let layoutDefaults: [Double?]
        let defaults: PropertyDefaults
        /// The text style of a node that sets none of its properties (`TextStyleProperties`).
        let defaultTextStyle: CellStyle
        /// The background of a node that does not set `background`.
        let defaultBackground: Color?
        /// How a node that sets none of `wrap`, `alignment`, `lines` lays its text out.
        let defaultTextLayout: TextLayoutDefaults
        /// The flex style (but `gap`) and `alignSelf` of a node that sets none of
        /// `FlexStyleProperties`.
        let defaultFlexStyle: FlexLayout.Style
        let defaultAlignSelf: FlexLayout.Align?
        /// The flex item of a node that sets no layout attribute, none of
        /// `FlexStyleProperties`, no padding and no border (its `content` unset).
        let defaultFlexItem: FlexLayout.Item
        @exclusivity(unchecked) var takesBody: Bool
        let type: any Widget.Type
        let childLayout: ChildLayout
        let traits: WidgetTraits

        init(name: String, summary: String, acceptsChildren: Bool, properties: [String: PropertyDescriptor],
             type: any Widget.Type, childLayout: ChildLayout, traits: WidgetTraits) {
            self.name = name
            self.summary = summary
            self.acceptsChildren = acceptsChildren
            self.properties = properties
            let layoutDefaults = WidgetDescriptor.layoutDefaults(of: properties)
            self.layoutDefaults = layoutDefaults
            self.defaults = PropertyDefaults(properties)
            self.defaultTextStyle = TextStyleProperties.defaultStyle(of: properties)
            self.defaultTextLayout = TextStyleProperties.defaultLayout(of: properties)
            let text = { (name: String) in properties[name]?.defaultValue?.stringValue }
            self.defaultFlexStyle = FlexLayout.Style(direction: text("direction"), justify: text("justify"), align: text("align"),
                                                     alignLines: text("alignLines"), wraps: properties["wrap"]?.defaultValue == .bool(true),
                                                     childLayout: childLayout)
            let alignSelf = text("alignSelf").flatMap(FlexLayout.Style.alignSelf)
            self.defaultAlignSelf = alignSelf
            self.defaultFlexItem = FlexLayout.Item(defaults: layoutDefaults, alignSelf: alignSelf, traits: traits)
            self.defaultBackground = properties["background"]?.defaultValue?.colorValue
            self.takesBody = WidgetDescriptor.takesBody(properties: properties, acceptsChildren: acceptsChildren)
            self.type = type
            self.childLayout = childLayout
            self.traits = traits
        }

        func copy() -> Storage {
            Storage(name: name, summary: summary, acceptsChildren: acceptsChildren, properties: properties,
                    type: type, childLayout: childLayout, traits: traits)
        }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The descriptor of a widget type: its name, summary, properties and behaviour.
    public init(_ type: any Widget.Type) {
        self.init(type.name, type.summary, acceptsChildren: type.childLayout.acceptsChildren, properties: type.properties,
                  type: type, childLayout: type.childLayout, traits: type.traits)
    }

    /// Creates a descriptor that behaves as a `View` (a box with a border, its children
    /// placed by frame expressions); `properties` come in addition to
    /// ``WidgetRegistry/commonProperties``. Describe a ``Widget`` type to draw anything else.
    public init(_ name: String, _ summary: String, acceptsChildren: Bool, properties: [PropertyDescriptor]) {
        self.init(name, summary, acceptsChildren: acceptsChildren, properties: properties,
                  type: ViewWidget.self, childLayout: acceptsChildren ? .frames : .none, traits: [])
    }

    private init(_ name: String, _ summary: String, acceptsChildren: Bool, properties: [PropertyDescriptor],
                 type: any Widget.Type, childLayout: ChildLayout, traits: WidgetTraits) {
        var table: [String: PropertyDescriptor] = [:]
        for property in WidgetRegistry.commonProperties + properties { table[property.name] = property }
        storage = Storage(name: name, summary: summary, acceptsChildren: acceptsChildren, properties: table,
                          type: type, childLayout: childLayout, traits: traits)
    }

    /// The property called `name`, if the widget has one.
    public func property(_ name: String) -> PropertyDescriptor? { storage.properties[name] }

    /// The type of property `name`, if the widget has it (without copying its descriptor).
    func propertyType(of name: String) -> PropertyType? { storage.defaults.type(of: name) }

    /// The default of property `name` (`.null` when it has none), or `nil` if the widget has
    /// no such property; found without hashing the name (``PropertyDefaults``).
    func defaultValue(of name: String) -> Value? { storage.defaults.defaultValue(of: name) }

    /// Whether it is a dialog (``WidgetTraits/modal``).
    var isModal: Bool { traits.contains(.modal) }

    fileprivate static func takesBody(properties: [String: PropertyDescriptor], acceptsChildren: Bool) -> Bool {
        properties["text"]?.type == .string && !acceptsChildren
    }

    private static func layoutDefaults(of properties: [String: PropertyDescriptor]) -> [Double?] {
        LayoutAttribute.allCases.map { properties[$0.rawValue]?.defaultValue?.numberValue }
    }

    /// The text style of a node that sets none of `color`, `bold`, `dim`, `italic`,
    /// `underline`, `strikethrough` and `reverse`: their defaults.
    var defaultTextStyle: CellStyle { storage.defaultTextStyle }
    /// The background of a node that does not set `background` (`nil`: none), as its
    /// painting reads it.
    var defaultBackground: Color? { storage.defaultBackground }
    /// How a node that sets none of `wrap`, `alignment` and `lines` lays its text out.
    var defaultTextLayout: TextLayoutDefaults { storage.defaultTextLayout }
    /// The flex style of a container that sets none of `direction`, `justify`, `align`,
    /// `alignLines` and `wrap`, but its `gap`, which `LayoutNode.flexStyle()` reads.
    var defaultFlexStyle: FlexLayout.Style { storage.defaultFlexStyle }
    /// The `alignSelf` of an item that does not set it (`nil`: its container's `align`).
    var defaultAlignSelf: FlexLayout.Align? { storage.defaultAlignSelf }
    /// The flex item of a node that sets none of its layout (``LayoutNode/flexItem(innerWidth:innerHeight:)``).
    var defaultFlexItem: FlexLayout.Item { storage.defaultFlexItem }

    /// The default of a layout attribute.
    @inline(__always)
    func layoutDefault(_ attribute: LayoutAttribute) -> Double? {
        let position = attribute.position
        let defaults = storage.layoutDefaults
        return position < defaults.count ? defaults[position] : nil
    }

    /// Whether two descriptors describe the same element: name, summary, children, properties,
    /// ``Widget`` type, child layout and traits.
    public static func == (left: WidgetDescriptor, right: WidgetDescriptor) -> Bool {
        if left.storage === right.storage { return true }
        return left.name == right.name && left.summary == right.summary && left.acceptsChildren == right.acceptsChildren
            && left.properties == right.properties && ObjectIdentifier(left.type) == ObjectIdentifier(right.type)
            && left.childLayout == right.childLayout && left.traits == right.traits
    }

    /// Hashes the element name and the ``Widget`` type.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(ObjectIdentifier(type))
    }
}

/// The widgets available to templates.
///
/// ```swift
/// var registry = WidgetRegistry.standard
/// registry.register(Sparkline.self)          // a type conforming to Widget
/// let app = LayoutApp(template: "Templates/Main.xml", loader: TemplateLoader(registry: registry))
/// ```
public struct WidgetRegistry: Sendable {
    private var widgets: [String: Entry] = [:]

    /// A registered widget: its descriptor, or the ``Widget`` type it is described from on
    /// first use. A process that renders one Label should not build the property tables of
    /// all the standard widgets at start-up (issue 32).
    private enum Entry: Sendable {
        case ready(WidgetDescriptor)
        case deferred(DeferredDescriptor)

        var descriptor: WidgetDescriptor {
            switch self {
            case .ready(let descriptor): descriptor
            case .deferred(let deferred): deferred.descriptor
            }
        }
    }

    /// A ``WidgetDescriptor`` built from its type the first time it is asked for, then kept:
    /// every copy of the registry shares it, as they share a descriptor's storage.
    private final class DeferredDescriptor: Sendable {
        let type: any Widget.Type
        private let built = Locked<WidgetDescriptor?>(nil)

        init(_ type: any Widget.Type) { self.type = type }

        var descriptor: WidgetDescriptor {
            built.withLock { built in
                if let descriptor = built { return descriptor }
                let descriptor = WidgetDescriptor(type)
                built = descriptor
                return descriptor
            }
        }
    }

    /// An empty registry.
    public init() {}

    /// Adds or replaces a widget.
    public mutating func register(_ widget: WidgetDescriptor) {
        widgets[widget.name] = .ready(widget)
    }

    /// Adds or replaces the widget a ``Widget`` type describes. (Its descriptor is built
    /// when first looked up.)
    public mutating func register(_ type: any Widget.Type) {
        widgets[type.name] = .deferred(DeferredDescriptor(type))
    }

    /// The widget called `name`, if registered.
    public func widget(named name: String) -> WidgetDescriptor? { widgets[name]?.descriptor }

    /// All widget names, sorted.
    public var names: [String] { widgets.keys.sorted() }

    /// A property called `name` of any widget (the first in name order), for checking the
    /// attributes of an element whose widget is unknown.
    public func anyProperty(named name: String) -> PropertyDescriptor? {
        names.lazy.compactMap { self.widgets[$0]?.descriptor.property(name) }.first
    }
}
