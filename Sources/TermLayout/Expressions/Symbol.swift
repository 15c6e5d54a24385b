/// A name an expression reads from its surroundings: `width`, `user.name`,
/// `parent.width`, `#header.height`, `` strings.`Key with spaces` ``.
///
/// A parsed expression lists its symbols (``ParsedExpression/symbols``) so that nodes can
/// track dependencies and `check` can verify that every name resolves. Each symbol carries
/// its index in that list, so a resolver can cache a per-expression lookup table.
public struct Symbol: Sendable, Hashable, CustomStringConvertible {
    /// Where the path starts.
    public enum Root: Sendable, Hashable {
        /// A plain name, looked up in state, constants and the node's own scope.
        case name(String)
        /// `#id`: the node whose `id` is this.
        case node(id: String)
    }

    /// Where the path starts.
    public var root: Root
    /// The member names after the root: `["height"]` in `#header.height`.
    public var members: [String]
    /// The UTF-8 offsets of the whole path in the expression's source.
    public var range: Range<Int>
    /// The position of this symbol in its expression's ``ParsedExpression/symbols``.
    public var index: Int
    /// The UTF-8 offsets of each member name, parallel to ``members`` (empty when unknown),
    /// so an error about one member can point at it alone.
    public var memberRanges: [Range<Int>] = []
    /// Set by the parser when the path is written tight (`a.b.c`: plain names, no spaces),
    /// so each member's range follows from the names and none is stored.
    var membersAreTight = false

    /// Creates a symbol; `index` is assigned by the parser.
    public init(root: Root, members: [String] = [], range: Range<Int> = 0..<0, index: Int = 0) {
        self.root = root
        self.members = members
        self.range = range
        self.index = index
    }

    /// The source range of member `position`, or of the whole path if not recorded.
    public func range(ofMember position: Int) -> Range<Int> {
        if position < memberRanges.count { return memberRanges[position] }
        guard membersAreTight, position >= 0, position < members.count else { return range }
        // Walk back from the end: each member ends where the path (or the dot after it) does.
        var end = range.upperBound
        for index in stride(from: members.count - 1, to: position, by: -1) {
            end -= members[index].utf8.count + 1
        }
        return (end - members[position].utf8.count)..<end
    }

    /// The first component's name: `user` in `user.name`, `#header` in `#header.height`.
    public var head: String {
        switch root {
        case .name(let name): name
        case .node(let id): "#" + id
        }
    }

    /// All components, as they would be written: `["user", "name"]`.
    public var path: [String] { [head] + members }

    /// The dotted form, `user.name`. Components that are not plain identifiers are quoted.
    public var description: String {
        path.enumerated().map { index, part in
            index == 0 && part.hasPrefix("#") || Symbol.isPlainIdentifier(part) ? part : "`\(part)`"
        }.joined(separator: ".")
    }

    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, Lexer.isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(Lexer.isIdentifierPart)
    }

    /// Two symbols are the same name whatever their position in the source.
    public static func == (lhs: Symbol, rhs: Symbol) -> Bool {
        lhs.root == rhs.root && lhs.members == rhs.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(members)
    }
}
