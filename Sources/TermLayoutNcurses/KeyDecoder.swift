import TermLayout

/// Turns what ncurses reads into ``InputEvent``s, so that nothing but text is ever typed as
/// text. ncurses recognises the keys its terminfo entry names; any other escape sequence
/// arrives as the bytes it is made of, which this decoder reads: keys with modifiers and the
/// kitty keyboard protocol's keys (``KeySequence``: `\e[13;2u` is Shift+Enter, `\e[1;5D`
/// Ctrl+←), focus reports (`\e[I`); the rest (`\e[99~`, an OSC string, …) is dropped. Alt
/// combinations (`\e` then a key) become `.modified(key, [.alt])`, never text; control
/// characters without a meaning are dropped. A bracketed paste
/// (`\e[200~ … \e[201~`) becomes one ``InputEvent/text(_:)``, line breaks included, so a paste
/// is one insertion and never presses Enter. It is reported once, when it ends, however many
/// reads it took: each read's share reported alone would be one edit of the whole, growing
/// text per read, a cost growing with the square of the paste.
///
/// The state survives between batches: a sequence or a paste split across reads is still
/// recognised. Nothing stays open for ever, so no input can lock the keys out: an escape
/// prefix (`\e[`, `\eO`, an OSC string) that gets no byte for ``sequenceTimeout`` is the
/// Escape key, and the next byte is read fresh; a paste with no end marker ends after
/// ``pasteQuietTime`` without bytes, and takes at most ``pasteLimit`` bytes (the rest is
/// dropped, never typed as keys, until the end marker or the quiet time). A string (OSC, DCS,
/// …) or control sequence of any length — a late answer to the start-up probe — is dropped
/// up to its end, holding none of it, so no part of it is ever typed.
/// The reader calls ``expire(at:into:)`` when ``deadline`` passes.
struct KeyDecoder {
    /// One thing ncurses read.
    enum Input: Equatable {
        /// A key ncurses recognised from its terminfo entry (`nil`: one without an event here).
        case key(InputEvent?)
        /// A character, as a Unicode scalar value.
        case scalar(UInt32)
    }

    private enum State: Equatable {
        case ground
        /// After ESC: a sequence or an Alt combination may follow.
        case escape
        /// Inside `ESC [`: parameter and intermediate bytes so far.
        case controlSequence(String)
        /// Inside `ESC [` beyond ``sequenceLimit``: the rest of the sequence, up to its final
        /// byte, is dropped (never typed).
        case overlongSequence
        /// After `ESC O`: one more character ends the sequence.
        case singleShift
        /// Inside an OSC, DCS, APC, PM or SOS string, which ends with BEL or `ESC \`.
        case controlString(afterEscape: Bool)
    }

    private var state = State.ground
    /// Whether key releases become ``InputEvent/released(_:)`` (else they are dropped).
    var reportsReleases = false
    /// Inside a bracketed paste: what was pasted and not yet reported.
    private var paste: String?
    /// How long a sequence may grow before it is taken as garbage and dropped.
    static let sequenceLimit = 64
    private var sequenceLength = 0
    /// How long an unfinished escape sequence waits for its next byte (ncurses has already
    /// waited its escape delay for the keys it knows).
    static let sequenceTimeout = Duration.milliseconds(100)
    /// How long a bracketed paste with no end marker waits for more bytes before it ends.
    static let pasteQuietTime = Duration.milliseconds(200)
    /// The most bytes one bracketed paste takes (1 MiB); the rest of it is dropped.
    static let pasteLimit = 1 << 20
    /// Bytes of the open paste so far.
    private var pasteBytes = 0
    /// When the last input was fed (or the batch it came in ended).
    private var lastInput: ContinuousClock.Instant?
    /// Whether input was fed since the last ``endBatch(inputDrained:at:into:)``.
    private var fedInBatch = false

    /// When something open (a sequence, a paste) times out unless input comes first; `nil`
    /// when nothing is open.
    var deadline: ContinuousClock.Instant? {
        guard let lastInput else { return nil }
        if state != .ground { return lastInput + Self.sequenceTimeout }
        if paste != nil { return lastInput + Self.pasteQuietTime }
        return nil
    }

    /// Ends what timed out by `now`: an open escape prefix becomes the Escape key (outside a
    /// paste), a paste with no end marker is reported and ends.
    mutating func expire(at now: ContinuousClock.Instant, into events: inout [InputEvent]) {
        guard let lastInput else { return }
        if state != .ground, now >= lastInput + Self.sequenceTimeout {
            var wasPrefix = true
            if case .controlString = state { wasPrefix = false }  // an unended OSC string is dropped
            state = .ground
            if wasPrefix, paste == nil { events.append(.escape) }
        }
        if paste != nil, now >= lastInput + Self.pasteQuietTime { endPaste(into: &events) }
    }

    /// Reports the open paste's text and ends it.
    private mutating func endPaste(into events: inout [InputEvent]) {
        if let text = paste, !text.isEmpty { events.append(.text(text)) }
        paste = nil
        pasteBytes = 0
        state = .ground
    }

    /// Decodes one input that arrived at `now`, appending what it completes to `events`.
    mutating func feed(_ input: Input, at now: ContinuousClock.Instant = .now, into events: inout [InputEvent]) {
        lastInput = now
        fedInBatch = true
        if paste != nil, case .scalar(let value) = input {
            pasteBytes += Unicode.Scalar(value).map { UTF8.width($0) } ?? 1
        }
        if case .key(let key) = input {
            // A whole key: it ends whatever sequence was open. Inside a paste, keys (escape
            // sequences in the pasted text) are not pressed.
            let wasEscape = state == .escape
            state = .ground
            guard let key else { return }
            if case .resize = key {
                events.append(key)  // the screen changed size, paste or not
            } else if paste == nil {
                // ESC, then a key ncurses recognised: Alt with that key, as terminals send it
                // without the kitty protocol (Alt+Backspace is ESC DEL, DEL being `kbs`).
                events.append(wasEscape ? Self.withAlt(key) : key)
            }
            return
        }
        guard case .scalar(let value) = input else { return }
        sequenceLength += 1
        switch state {
        case .ground:
            ground(value, into: &events)
        case .escape:
            state = .ground
            switch value {
            case 0x5B: begin(.controlSequence(""))          // ESC [
            case 0x4F: begin(.singleShift)                  // ESC O
            case 0x5D, 0x50, 0x5F, 0x5E, 0x58: begin(.controlString(afterEscape: false))  // ] P _ ^ X
            case 0x1B:
                // Escape pressed twice: the first is a key of its own.
                if paste == nil { events.append(.escape) }
                begin(.escape)
            default:
                // Alt plus a key: never text; bindings may name it (`.modified(.enter, [.alt])`).
                if paste == nil, let key = Self.altKey(value) { events.append(key) }
            }
        case .controlSequence(let bytes):
            switch value {
            case 0x20...0x3F where sequenceLength <= Self.sequenceLimit:
                state = .controlSequence(bytes + String(UnicodeScalar(UInt8(value))))
            case 0x20...0x3F:
                state = .overlongSequence
            case 0x40...0x7E:
                state = .ground
                finishControlSequence(bytes, final: UInt8(value), into: &events)
            default:
                // Not a sequence after all: drop it, and read this anew.
                state = .ground
                if value < 0x20 || value == 0x7F { ground(value, into: &events) }
            }
        case .overlongSequence:
            switch value {
            case 0x20...0x3F: break
            case 0x40...0x7E: state = .ground
            default:
                state = .ground
                if value < 0x20 || value == 0x7F { ground(value, into: &events) }
            }
        case .singleShift:
            state = .ground
            // `ESC O A`: a cursor or F1–F4 key ncurses did not recognise itself (typed while
            // the start-up probe read the input, or split across reads).
            if (0x40...0x7E).contains(value), case .key(let key)? = KeySequence.decode("", final: UInt8(value)) {
                if paste == nil { events.append(key) }
            } else if value < 0x20 {
                ground(value, into: &events)
            }
        case .controlString(let afterEscape):
            // Dropped up to its end however long it is (nothing of it is held), or until no
            // byte comes for `sequenceTimeout`: a string is never typed.
            if value == 0x07 || (afterEscape && value == 0x5C) {
                state = .ground
            } else {
                state = .controlString(afterEscape: value == 0x1B)
            }
        }
    }

    /// A string or sequence whose beginning was read elsewhere — by the start-up probe
    /// (``TerminalProbeParser/unfinished``) — and whose rest is dropped as it arrives.
    enum DroppedSequence: Equatable {
        /// An OSC, DCS, APC, PM or SOS string, ended by BEL or ST (`afterEscape`: its last
        /// byte so far was ESC, so a `\` ends it).
        case controlString(afterEscape: Bool)
        /// A control sequence (`ESC [`), ended by its final byte.
        case controlSequence
    }

    /// Goes on dropping `sequence`, begun before, at `now`: what arrives up to its end is
    /// no key.
    mutating func continueDropping(_ sequence: DroppedSequence, at now: ContinuousClock.Instant = .now) {
        switch sequence {
        case .controlString(let afterEscape): begin(.controlString(afterEscape: afterEscape))
        case .controlSequence: begin(.overlongSequence)
        }
        lastInput = now
    }

    /// Ends a batch that finished reading at `now`: everything ncurses could read has been
    /// fed. Input was still arriving until then, so the quiet time counts from `now`, not from
    /// when the batch began (reading a 1 MB paste byte by byte takes longer than the quiet
    /// time, which used to end the paste midway and type the rest as keys). An ESC still open
    /// stands alone (ncurses waited the escape delay for more), so it is the Escape key. An
    /// open paste stays open: it is reported whole when its end marker or quiet time comes.
    mutating func endBatch(inputDrained: Bool, at now: ContinuousClock.Instant = .now, into events: inout [InputEvent]) {
        if fedInBatch { lastInput = max(lastInput ?? now, now) }
        fedInBatch = false
        if inputDrained, state == .escape {
            state = .ground
            if paste == nil { events.append(.escape) }
        }
    }

    private mutating func begin(_ next: State) {
        state = next
        sequenceLength = 0
    }

    private mutating func ground(_ value: UInt32, into events: inout [InputEvent]) {
        if value == 0x1B {
            begin(.escape)
            return
        }
        if paste != nil {
            // Pasted text is kept as it is (line breaks, tabs); the text field decides.
            // Beyond the limit it is dropped (never typed as keys), up to the end marker or
            // the quiet time.
            if pasteBytes <= Self.pasteLimit, let scalar = Unicode.Scalar(value) { paste?.unicodeScalars.append(scalar) }
            return
        }
        if let event = Self.event(for: value) { events.append(event) }
    }

    /// The event for a character outside any sequence: control characters that name a key
    /// become that key, the others are dropped; the rest is text.
    static func event(for value: UInt32) -> InputEvent? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 0x7F: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 96)))
        case 0...0x1F, 0x80...0x9F: return nil  // Ctrl-@, Ctrl-\ … Ctrl-_, C1 controls
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    private mutating func finishControlSequence(_ bytes: String, final: UInt8, into events: inout [InputEvent]) {
        switch KeySequence.decode(bytes, final: final, releases: reportsReleases) {
        case .key(let key)?:
            if paste == nil { events.append(key) }
            return
        case .ignored?, .released?:
            return  // (`decode` turns releases into keys or ignores them)
        case nil:
            break
        }
        // Focus events (`CSI ? 1004 h`): `CSI I` in, `CSI O` out.
        if bytes.isEmpty, final == 0x49 || final == 0x4F {
            if paste == nil { events.append(.focus(final == 0x49)) }
            return
        }
        guard final == 0x7E else { return }  // `~`: only the paste markers mean anything here
        switch bytes {
        case "200":
            if paste == nil {
                paste = ""
                pasteBytes = 0
            }
        case "201":
            endPaste(into: &events)
        default:
            break
        }
    }

    /// `key` with Alt held too; a mouse or focus event is what it is.
    static func withAlt(_ key: InputEvent) -> InputEvent {
        switch key {
        case .mouse, .focus, .resize, .terminate, .inputEnded, .released, .text: key
        case .modified(let base, let modifiers): .modified(base, modifiers.union(.alt))
        default: .modified(key, [.alt])
        }
    }

    /// Alt plus a key, as terminals send it without the kitty protocol: ESC, then the key.
    /// Alt+Enter (`ESC CR`) is how a TextArea gets a line break where Enter submits in a
    /// terminal that cannot report Shift+Enter. `nil` for what is not a key.
    static func altKey(_ value: UInt32) -> InputEvent? {
        guard let key = event(for: value) else { return nil }
        return .modified(key, [.alt])
    }
}
