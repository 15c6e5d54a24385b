import TermLayout

/// Reads a terminal's answers to the start-up probe (`TerminalProbe`) out of the bytes that
/// arrive on its input, keeping everything else — keys the user typed meanwhile — as it came.
///
/// Pure and incremental: bytes may be fed in any split (an answer cut across reads is still
/// recognised). Recognised and consumed:
/// - OSC 11, `ESC ] 11 ; rgb:R/G/B` (1–4 hex digits a channel; `rgba:` with a fourth ignored),
///   ended by BEL or ST (`ESC \`); any other OSC string is a terminal's answer too and dropped;
/// - `CSI ? FLAGS u`, the kitty keyboard protocol's flags;
/// - `CSI ? … c`, Primary Device Attributes: the sentinel, after which ``isComplete``.
///
/// Any other sequence (`ESC [ A`, Alt+x, a lone ESC) is the user's and goes to ``leftover``
/// byte for byte. A string or sequence growing past ``sequenceLimit`` is garbage: it is
/// dropped up to its end (BEL or ST for a string, the final byte for a control sequence),
/// however long, holding no more than ``sequenceLimit`` bytes meanwhile — none of it is a
/// key. When the input ends (``finish()``) inside one, ``unfinished`` says so, and the
/// ``KeyDecoder`` drops the rest as it arrives.
struct TerminalProbeParser {
    /// What was recognised so far.
    private(set) var result = TerminalProbeResult()
    /// Bytes that were no answer (keys typed during the probe), in order.
    private(set) var leftover: [UInt8] = []
    /// Set by ``finish()`` when the input ended inside a string or sequence being dropped:
    /// the rest of it, still to come, is no key either.
    private(set) var unfinished: KeyDecoder.DroppedSequence?
    /// How long one answer may grow before it is garbage, dropped up to its end.
    static let sequenceLimit = 512
    /// The sequence being read: empty outside one; starts with ESC.
    private var pending: [UInt8] = []
    /// Inside a string or sequence that grew past ``sequenceLimit``, being dropped.
    private var dropping: KeyDecoder.DroppedSequence?

    /// Whether the Primary Device Attributes answer came: the terminal answered what it will.
    var isComplete: Bool { result.answeredDeviceAttributes }

    /// Whether an over-long string or sequence is being dropped, up to its end.
    var isDropping: Bool { dropping != nil }

    /// Whether an answer has begun (`ESC [` or `ESC ]` and more) and not ended: the terminal
    /// is answering, so the rest is worth waiting for. A lone ESC may be the Escape key.
    var isInsideAnswer: Bool { pending.count >= 2 }

    /// How many bytes of an open sequence are held (never more than ``sequenceLimit`` + 1).
    var heldCount: Int { pending.count }

    /// Reads `bytes`, recognising answers and keeping the rest.
    mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    /// Ends the input: a lone ESC still open is the Escape key, kept; an answer begun and
    /// not ended (its rest delayed past the probe's wait) or one being dropped is handed on
    /// as ``unfinished``, so its rest is dropped when it comes, never typed.
    mutating func finish() {
        if isInsideAnswer {
            dropping = pending[1] == 0x5D ? .controlString(afterEscape: pending.last == 0x1B) : .controlSequence
        } else {
            leftover += pending
        }
        pending = []
        unfinished = dropping
        dropping = nil
    }

    private mutating func feed(_ byte: UInt8) {
        if let dropping {
            drop(byte, inside: dropping)
            return
        }
        guard !pending.isEmpty else {
            if byte == 0x1B { pending = [byte] } else { leftover.append(byte) }
            return
        }
        pending.append(byte)
        if pending.count == 2 {
            // ESC ] starts an OSC string, ESC [ a control sequence; anything else is a key.
            if byte == 0x5D || byte == 0x5B { return }
            pending.removeLast()
            leftover += pending
            pending = []
            feed(byte)
            return
        }
        if pending[1] == 0x5D {
            oscByte(byte)
        } else {
            csiByte(byte)
        }
        if pending.count > Self.sequenceLimit {
            // Garbage: dropped from here to its end, without holding it.
            dropping = pending[1] == 0x5D ? .controlString(afterEscape: byte == 0x1B) : .controlSequence
            pending = []
        }
    }

    /// A byte of a string or sequence being dropped: the end of it ends the dropping. As in a
    /// control sequence read whole, a control character inside one ends it and is read anew.
    private mutating func drop(_ byte: UInt8, inside sequence: KeyDecoder.DroppedSequence) {
        switch sequence {
        case .controlString(let afterEscape):
            if byte == 0x07 || (afterEscape && byte == 0x5C) {
                dropping = nil
            } else {
                dropping = .controlString(afterEscape: byte == 0x1B)
            }
        case .controlSequence:
            switch byte {
            case 0x20...0x3F: break
            case 0x40...0x7E: dropping = nil
            default:
                dropping = nil
                feed(byte)
            }
        }
    }

    /// A byte inside `ESC ]`: the string ends at BEL or ST.
    private mutating func oscByte(_ byte: UInt8) {
        let ended: ArraySlice<UInt8>
        if byte == 0x07 {
            ended = pending[2..<(pending.count - 1)]
        } else if byte == 0x5C, pending[pending.count - 2] == 0x1B {
            ended = pending[2..<(pending.count - 2)]
        } else {
            return
        }
        if let color = Self.background(fromOSC: ended) { result.background = color }
        pending = []
    }

    /// A byte inside `ESC [`: parameters and intermediates (0x20–0x3F) until a final byte.
    private mutating func csiByte(_ byte: UInt8) {
        switch byte {
        case 0x20...0x3F:
            return
        case 0x40...0x7E:
            let body = pending[2..<(pending.count - 1)]
            guard body.first == 0x3F else {
                // Not an answer (`ESC [ A`, `ESC [ 200 ~`): the user's.
                leftover += pending
                pending = []
                return
            }
            let parameters = body.dropFirst()
            if byte == 0x75 {  // u
                if let flags = Self.decimal(parameters) { result.keyboardFlags = flags }
            } else if byte == 0x63 {  // c
                result.answeredDeviceAttributes = true
            }
            pending = []
        default:
            // A control character cannot be inside a sequence: what came so far was keys.
            pending.removeLast()
            leftover += pending
            pending = []
            feed(byte)
        }
    }

    /// The colour in an OSC 11 answer's body (`11;rgb:RRRR/GGGG/BBBB`), or `nil`.
    static func background(fromOSC body: ArraySlice<UInt8>) -> Color? {
        let text = String(decoding: body, as: UTF8.self)
        let prefixes = ["11;rgb:", "11;rgba:"]
        guard let prefix = prefixes.first(where: { text.hasPrefix($0) }) else { return nil }
        let channels = text.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard channels.count == (prefix == "11;rgb:" ? 3 : 4) else { return nil }
        var values: [UInt8] = []
        for channel in channels.prefix(3) {
            guard let value = channel8(channel) else { return nil }
            values.append(value)
        }
        return .rgb(values[0], values[1], values[2])
    }

    /// One channel of 1–4 hex digits, scaled to 0–255 (`f` and `ffff` are both 255).
    static func channel8(_ digits: Substring) -> UInt8? {
        guard (1...4).contains(digits.count), digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        let maximum = (UInt32(1) << (4 * UInt32(digits.count))) - 1
        return UInt8((value * 255 + maximum / 2) / maximum)
    }

    /// A decimal of at most 9 digits, or `nil`.
    static func decimal(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard (1...9).contains(bytes.count), bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
