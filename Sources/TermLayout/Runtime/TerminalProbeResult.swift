/// What a terminal said about itself when asked at start (the ncurses backend's probe: OSC 11
/// for the background colour, the kitty keyboard protocol's flags query, and Primary Device
/// Attributes as the sentinel every terminal answers). A terminal that answered nothing, and
/// a backend with no terminal, give the empty result.
public struct TerminalProbeResult: Sendable, Hashable {
    /// The background colour the terminal reported (OSC 11), opaque, or `nil` without an answer.
    public var background: Color?
    /// The kitty keyboard protocol's current flags (`CSI ? FLAGS u`), or `nil` when the
    /// terminal does not speak the protocol.
    public var keyboardFlags: Int?
    /// Whether the terminal answered Primary Device Attributes, which ends the probe early.
    public var answeredDeviceAttributes: Bool

    /// A result with these answers; by default, none.
    public init(background: Color? = nil, keyboardFlags: Int? = nil, answeredDeviceAttributes: Bool = false) {
        self.background = background
        self.keyboardFlags = keyboardFlags
        self.answeredDeviceAttributes = answeredDeviceAttributes
    }
}
