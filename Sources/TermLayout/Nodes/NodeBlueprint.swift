/// A node described in Swift, in the spirit of Layoutless: the same element names and
/// attribute texts as XML, so a blueprint builds exactly what the equivalent XML would —
/// it is written out as XML and goes through the same loader and checks.
///
/// ```swift
/// let root = try LayoutNode(Column(["padding": "1"]) {
///     Label(text: "Hello {name}")
///     Button(title: "OK", press: "save")
/// }, state: ["name": "Ada"])
/// ```
public struct NodeBlueprint: Sendable, Hashable {
    /// The element name.
    public var type: String
    /// Attribute texts by name, exactly as they would be written in XML.
    public var attributes: [String: String]
    /// The children.
    public var children: [NodeBlueprint]

    /// Creates a blueprint.
    public init(type: String, attributes: [String: String] = [:], children: [NodeBlueprint] = []) {
        self.type = type
        self.attributes = attributes
        self.children = children
    }

    /// The equivalent XML, attributes in name order.
    public var xml: String {
        var output = ""
        write(to: &output, indent: "")
        return output
    }

    private func write(to output: inout String, indent: String) {
        output += indent + "<" + type
        for name in attributes.keys.sorted() {
            output += " \(name)=\"\(MarkupEscaping.escapeAttribute(attributes[name] ?? ""))\""
        }
        guard !children.isEmpty else { output += "/>\n"; return }
        output += ">\n"
        for child in children { child.write(to: &output, indent: indent + "    ") }
        output += indent + "</" + type + ">\n"
    }
}

/// Collects child blueprints in builder closures.
@resultBuilder
public enum NodeBuilder {
    /// One child written in the closure: `Label(text: "Hi")`.
    public static func buildExpression(_ blueprint: NodeBlueprint) -> [NodeBlueprint] { [blueprint] }
    /// The children of the closure's statements, in order.
    public static func buildBlock(_ parts: [NodeBlueprint]...) -> [NodeBlueprint] { parts.flatMap { $0 } }
    /// The children of an `if` without `else`: none when the condition is false.
    public static func buildOptional(_ part: [NodeBlueprint]?) -> [NodeBlueprint] { part ?? [] }
    /// The children of the first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: [NodeBlueprint]) -> [NodeBlueprint] { part }
    /// The children of the second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: [NodeBlueprint]) -> [NodeBlueprint] { part }
    /// The children of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [[NodeBlueprint]]) -> [NodeBlueprint] { parts.flatMap { $0 } }
}

// MARK: Widget functions

/// A `<View>` with children.
public func View(_ attributes: [String: String] = [:], @NodeBuilder _ children: () -> [NodeBlueprint] = { [] }) -> NodeBlueprint {
    NodeBlueprint(type: "View", attributes: attributes, children: children())
}

/// A `<Row>`: children side by side.
public func Row(_ attributes: [String: String] = [:], @NodeBuilder _ children: () -> [NodeBlueprint]) -> NodeBlueprint {
    NodeBlueprint(type: "Row", attributes: attributes, children: children())
}

/// A `<Column>`: children one below another.
public func Column(_ attributes: [String: String] = [:], @NodeBuilder _ children: () -> [NodeBlueprint]) -> NodeBlueprint {
    NodeBlueprint(type: "Column", attributes: attributes, children: children())
}

/// A `<Layer>`: children stacked on top of each other.
public func Layer(_ attributes: [String: String] = [:], @NodeBuilder _ children: () -> [NodeBlueprint]) -> NodeBlueprint {
    NodeBlueprint(type: "Layer", attributes: attributes, children: children())
}

/// A `<Spacer/>`.
public func Spacer(_ attributes: [String: String] = [:]) -> NodeBlueprint {
    NodeBlueprint(type: "Spacer", attributes: attributes)
}

/// A `<Label>` showing `text` (with `{…}` interpolations).
public func Label(text: String, _ attributes: [String: String] = [:]) -> NodeBlueprint {
    NodeBlueprint(type: "Label", attributes: attributes.merging(["text": text]) { _, new in new })
}

/// A `<Button>` with a title and the action it fires.
public func Button(title: String, press: String? = nil, _ attributes: [String: String] = [:]) -> NodeBlueprint {
    var all = attributes
    all["title"] = title
    if let press { all["press"] = press }
    return NodeBlueprint(type: "Button", attributes: all)
}

/// A `<TextField>`.
public func TextField(text: String = "", placeholder: String = "", _ attributes: [String: String] = [:]) -> NodeBlueprint {
    var all = attributes
    if !text.isEmpty { all["text"] = text }
    if !placeholder.isEmpty { all["placeholder"] = placeholder }
    return NodeBlueprint(type: "TextField", attributes: all)
}

extension LayoutNode {
    /// Builds a node tree from a blueprint, through the same loader as XML files.
    /// Diagnostics point into the blueprint's XML form, shown as `<swift>`.
    public convenience init(_ blueprint: NodeBlueprint, state: [String: Value] = [:], constants: [String: Value]...,
                            registry: WidgetRegistry = .standard, directory: String = ".") throws(DiagnosticError) {
        let template = try TemplateLoader(registry: registry).load(text: blueprint.xml, path: "<swift>", directory: directory).get()
        let merged = constants.reduce(into: [String: Value]()) { $0.merge($1) { _, later in later } }
        try self.init(template: template, state: state, constants: merged)
    }

    /// Builds a node in code from its type, attribute expressions and children.
    public convenience init(type: String, expressions: [String: String] = [:], children: [NodeBlueprint] = [],
                            state: [String: Value] = [:], constants: [String: Value] = [:]) throws(DiagnosticError) {
        try self.init(NodeBlueprint(type: type, attributes: expressions, children: children), state: state, constants: constants)
    }
}
