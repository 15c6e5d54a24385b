/// A name an expression reads from its surroundings: `width`, `user.name`,
/// `parent.width`, `#header.height`, `strings.Key` (a key with spaces in backticks).
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
    public var root: Root {
        get { isNode ? .node(id: rootName) : .name(rootName) }
        set {
            switch newValue {
            case .name(let name): rootName = name; isNode = false
            case .node(let id): rootName = id; isNode = true
            }
        }
    }
    /// The member names after the root: `["height"]` in `#header.height`.
    public var members: [String]
    /// The UTF-8 offsets of the whole path in the expression's source.
    public var range: Range<Int> {
        get { Int(lowerBound)..<Int(upperBound) }
        set { (lowerBound, upperBound) = (Self.offset(newValue.lowerBound), Self.offset(newValue.upperBound)) }
    }
    /// The position of this symbol in its expression's ``ParsedExpression/symbols``.
    /// Stored as it is (not in 32 bits): resolvers read it on every evaluation, often from
    /// another module, where a computed property would be a call.
    public var index: Int
    /// The UTF-8 offsets of each member name, parallel to ``members`` (empty when unknown),
    /// so an error about one member can point at it alone.
    public var memberRanges: [Range<Int>] = []

    // Stored compactly, as the parser copies a symbol into its list, its compiled code and
    // the closures that read it: the root as its name and a flag, offsets in 32 bits (an
    // expression is at most 65,536 bytes).
    /// The root's name, or the node's id.
    private var rootName: String
    private var lowerBound: Int32
    private var upperBound: Int32
    /// Whether the root is `#id`.
    private var isNode: Bool
    /// Set by the parser when the path is written tight (`a.b.c`: plain names, no spaces),
    /// so each member's range follows from the names and none is stored.
    var membersAreTight = false

    /// Creates a symbol; `index` is assigned by the parser.
    public init(root: Root, members: [String] = [], range: Range<Int> = 0..<0, index: Int = 0) {
        switch root {
        case .name(let name): (rootName, isNode) = (name, false)
        case .node(let id): (rootName, isNode) = (id, true)
        }
        self.members = members
        (lowerBound, upperBound) = (Self.offset(range.lowerBound), Self.offset(range.upperBound))
        self.index = index
    }

    /// A symbol named `name` (`#name` if `isNode`), as the parser makes one. One with no
    /// members is tight as it stands.
    init(name: String, isNode: Bool, members: [String], range: Range<Int>) {
        rootName = name
        self.isNode = isNode
        membersAreTight = members.isEmpty
        self.members = members
        (lowerBound, upperBound) = (Self.offset(range.lowerBound), Self.offset(range.upperBound))
        index = 0
    }

    /// An offset in 32 bits; source offsets never come near the limit.
    private static func offset(_ value: Int) -> Int32 { Int32(clamping: value) }

    /// The root's name without `#`: `user` in `user.name`, `header` in `#header.height`.
    var rootText: String { rootName }

    /// Whether the root is `#id`.
    var isNodeReference: Bool { isNode }

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
        isNode ? "#" + rootName : rootName
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
        lhs.isNode == rhs.isNode && lhs.rootName == rhs.rootName && lhs.members == rhs.members
    }

    /// Hashes the name, as ``==(_:_:)`` compares it: the position in the source is left out.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isNode)
        hasher.combine(rootName)
        hasher.combine(members)
    }
}
