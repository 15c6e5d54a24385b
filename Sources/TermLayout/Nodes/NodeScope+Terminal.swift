/// `terminal.dark`, `terminal.focused` and `theme.ROLE`: the terminal's facts
/// (``TerminalFacts``), each read recorded, so a change re-evaluates only its readers. A
/// state key, constant, parameter or macro of the same name wins, as it did before these
/// names existed.
extension NodeScope {
    /// The names read through ``terminalValue(_:symbol:)`` unless something in scope has them.
    static let ambientNames: Set<String> = ["terminal", "theme"]

    /// Whether `name` is a parameter, macro, state key or constant seen from this node.
    func isDefinedInScope(_ name: String) -> Bool {
        var level: LayoutNode? = lookupStartsAtParent ? node.parent : node
        while let current = level {
            if current.parameterCell(name) != nil || current.macros[name] != nil || current.readState(name) != nil
                || current.readConstant(name) != nil {
                return true
            }
            level = current.parent
        }
        return false
    }

    /// The value of `terminal.MEMBER` or `theme.ROLE`.
    func terminalValue(_ name: String, symbol: Symbol) throws(ExpressionError) -> Value {
        let facts = node.tree.terminal
        let members = name == "terminal" ? TerminalFacts.memberNames : Theme.Palette.roleNames
        guard symbol.members.count == 1 else {
            throw ExpressionError(.unknownMember, "use \(name).\(members[0]) (\(name)'s members: \(members.joined(separator: ", ")))", at: symbol.range)
        }
        let member = symbol.members[0]
        switch (name, member) {
        case ("terminal", "dark"):
            node.tree.recordRead(of: facts.darkSource)
            return .bool(facts.dark)
        case ("terminal", "focused"):
            node.tree.recordRead(of: facts.focusedSource)
            return .bool(facts.focused)
        default:
            if name == "theme", let color = facts.palette.color(ofRole: member) {
                node.tree.recordRead(of: facts.darkSource)
                node.tree.recordRead(of: facts.themeSource)
                return .color(color)
            }
            throw ExpressionError(.unknownMember, "\(name) has no member '\(member)'", at: symbol.range(ofMember: 0),
                                  replacement: Suggestions.replacement(for: member, among: members))
        }
    }
}
