/// What a template element's subtree holds that a whole-tree check looks for, so the check
/// skips the subtrees that hold none of it: the loader's checks of names, node references
/// and root-only attributes, and the app's check of unbound actions. In a grid of 10,000
/// labels that set only `text` and `width`, each check visits the few elements that matter
/// instead of every element (issue 32: the four walks were a sixth of the first frame).
struct TemplateContents: OptionSet, Sendable {
    let rawValue: UInt8

    /// An attribute of action type (`press="save"`): ``LayoutApp``'s unbound-action check.
    static let actions = TemplateContents(rawValue: 1 << 0)
    /// An attribute or macro whose expression reads a node by id (`#header.width`).
    static let nodeReferences = TemplateContents(rawValue: 1 << 1)
    /// An `id` or an `outlet`.
    static let names = TemplateContents(rawValue: 1 << 2)
    /// An attribute that only the root may set (`LoadSession.rootOnlyAttributes`).
    static let rootOnlyAttributes = TemplateContents(rawValue: 1 << 3)
    /// Everything: what an element whose contents are not summarised may hold.
    static let unknown = TemplateContents(rawValue: 0b1111)
}

extension ParsedExpression {
    /// Whether the expression reads a node by id (`#header`).
    var readsNode: Bool { symbols.contains { $0.isNodeReference } }
}
