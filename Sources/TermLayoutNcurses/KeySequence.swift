import TermLayout

/// Reads the control sequences that are keys: the kitty keyboard protocol's
/// `CSI code[:shifted[:base]] [; mods[:event] [; text]] u`, xterm's modifyOtherKeys form
/// `CSI 27 ; mods ; code ~` (tmux sends it with `extended-keys on`), and the legacy forms with
/// modifiers the protocol keeps: `CSI 1 ; mods A…D/H/F/P…S` and `CSI n ; mods ~`.
///
/// A sequence is either a key (``Decoded/key(_:)``), recognised as a key that means nothing
/// here (``Decoded/ignored``: a release nobody asked for, a lock or modifier key alone, a key
/// with Super or Hyper held — never typed), or not a key at all (`nil`: the paste markers, focus reports).
/// Numbers out of range, wrong shapes and codes that are not characters are ignored, never
/// typed.
enum KeySequence {
    /// What a control sequence means as a key.
    enum Decoded: Equatable {
        /// A key press (or repeat).
        case key(InputEvent)
        /// A key sequence that produces nothing: a modifier alone, an unknown key.
        case ignored
        /// A key came up (event type 3).
        case released(InputEvent)
    }

    /// The key `CSI parameters final` is, if it is one; a release is
    /// ``InputEvent/released(_:)`` when `releases`, else ignored.
    static func decode(_ parameters: String, final: UInt8, releases: Bool = false) -> Decoded? {
        let decoded = decodePress(parameters, final: final)
        guard case .released(let key)? = decoded else { return decoded }
        return releases ? .key(.released(key)) : .ignored
    }

    private static func decodePress(_ parameters: String, final: UInt8) -> Decoded? {
        // A parameter string starting with a private marker (`?`, `>`, `<`, `=`) is an answer
        // or a report (`CSI ? flags u` answers the kitty query), not a key.
        if let first = parameters.utf8.first, (0x3C...0x3F).contains(first) { return final == 0x75 ? .ignored : nil }
        guard let fields = Fields(parameters) else { return final == 0x75 ? .ignored : nil }
        switch final {
        case 0x75:  // u
            return kittyKey(fields)
        case 0x7E:  // ~
            if fields.number(0) == 27, fields.count == 3 {
                // modifyOtherKeys: `CSI 27 ; mods ; code ~`.
                guard let code = fields.number(2), let modifiers = fields.number(1) else { return .ignored }
                return key(code: code, shifted: nil, modifierParameter: modifiers, eventType: 1)
            }
            return tildeKey(fields)
        case 0x41...0x44, 0x46, 0x48, 0x50...0x53:  // A–D, F, H, P–S
            return letterKey(fields, final: final)
        default:
            return nil
        }
    }

    /// The fields of a parameter string: `;`-separated, each with `:`-separated parts.
    struct Fields {
        let parts: [[Int?]]
        var count: Int { parts.count }

        /// `nil` when a part is not a small decimal number (or empty).
        init?(_ parameters: String) {
            var parts: [[Int?]] = []
            for field in parameters.split(separator: ";", omittingEmptySubsequences: false) {
                var numbers: [Int?] = []
                for part in field.split(separator: ":", omittingEmptySubsequences: false) {
                    if part.isEmpty {
                        numbers.append(nil)
                    } else {
                        // At most seven digits: every code point and modifier fits; more is garbage.
                        guard part.utf8.count <= 7, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                              let number = Int(part) else { return nil }
                        numbers.append(number)
                    }
                }
                parts.append(numbers)
            }
            self.parts = parts
        }

        /// Part `sub` of field `index`, if given.
        func number(_ index: Int, _ sub: Int = 0) -> Int? {
            guard index < parts.count, sub < parts[index].count else { return nil }
            return parts[index][sub]
        }
    }

    /// `CSI code[:shifted[:base]] [; mods[:event] [; text]] u`.
    private static func kittyKey(_ fields: Fields) -> Decoded {
        guard fields.count <= 3, fields.parts[0].count <= 3, fields.parts.count < 2 || fields.parts[1].count <= 2,
              let code = fields.number(0) else { return .ignored }
        return key(code: code, shifted: fields.number(0, 1), modifierParameter: fields.number(1) ?? 1,
                   eventType: fields.number(1, 1) ?? 1)
    }

    /// The key for a kitty key code with its modifiers, for a press or repeat (event type
    /// 1 or 2) or a release (3).
    static func key(code: Int, shifted: Int?, modifierParameter: Int, eventType: Int) -> Decoded {
        guard (1...3).contains(eventType) else { return .ignored }
        let pressed = press(code: code, shifted: shifted, modifierParameter: modifierParameter)
        guard eventType == 3, case .key(let key) = pressed else { return pressed }
        return .released(key)
    }

    private static func press(code: Int, shifted: Int?, modifierParameter: Int) -> Decoded {
        guard let modifiers = kittyModifiers(modifierParameter) else { return .ignored }
        guard let base = baseKey(code) else {
            return textKey(code: code, shifted: shifted, modifiers: modifiers)
        }
        if base == .tab, modifiers == [.shift] { return .key(.backTab) }
        return .key(modifiers.isEmpty ? base : .modified(base, modifiers))
    }

    /// A key that types a character (a letter, a digit, a keypad digit): Ctrl with a letter
    /// is ``InputEvent/control(_:)`` as it is without the protocol; other modifiers wrap it.
    private static func textKey(code: Int, shifted: Int?, modifiers: KeyModifiers) -> Decoded {
        guard let character = character(for: code) else { return .ignored }
        var modifiers = modifiers
        var typed = character
        if modifiers.contains(.shift) {
            if let shifted, let shiftedCharacter = Self.character(for: shifted) {
                typed = shiftedCharacter
                modifiers.remove(.shift)
            } else if character.isASCII, character.isLetter {
                typed = Character(character.uppercased())
                modifiers.remove(.shift)
            }
        }
        if modifiers.contains(.control), let ascii = character.asciiValue, (0x61...0x7A).contains(ascii) {
            // Ctrl-C quits, Ctrl-P opens the palette: the same event as the control character.
            modifiers.remove(.control)
            if character != typed { modifiers.insert(.shift) }
            let control = InputEvent.control(character)
            return .key(modifiers.isEmpty ? control : .modified(control, modifiers))
        }
        return .key(modifiers.isEmpty ? .character(typed) : .modified(.character(typed), modifiers))
    }

    /// The character a text key's code is (a keypad digit or sign counts as its character),
    /// or `nil` for a control character, a private-use code or a number that is none.
    private static func character(for code: Int) -> Character? {
        if let keypad = keypadCharacters[code] { return keypad }
        guard code >= 0x20, code != 0x7F, !(0x80...0x9F).contains(code), !(0xE000...0xF8FF).contains(code),
              let scalar = Unicode.Scalar(UInt32(clamping: code)) else { return nil }
        return Character(scalar)
    }

    /// The kitty code for the keypad's Enter.
    static let kittyKeypadEnter = 57414

    /// The keypad keys that type a character (kitty codes 57399–57416).
    private static let keypadCharacters: [Int: Character] = {
        var table: [Int: Character] = [:]
        for digit in 0...9 { table[57399 + digit] = Character(String(digit)) }
        for (offset, character) in [".", "/", "*", "-", "+"].enumerated() { table[57409 + offset] = Character(character) }
        table[57415] = "="
        table[57416] = ","
        return table
    }()

    /// The key a code names that is not a character: Enter, Tab, Backspace, Escape, the
    /// keypad's and the function keys (kitty's codes in the private use area).
    private static func baseKey(_ code: Int) -> InputEvent? {
        switch code {
        case 13, kittyKeypadEnter: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 27: return .escape
        case 57417: return .left
        case 57418: return .right
        case 57419: return .up
        case 57420: return .down
        case 57421: return .pageUp
        case 57422: return .pageDown
        case 57423: return .home
        case 57424: return .end
        case 57426: return .delete
        case 57376...57398: return .function(code - 57376 + 13)  // F13–F35
        default: return nil
        }
    }

    /// The modifiers a kitty modifier parameter names (1 + bits: Shift 1, Alt 2, Ctrl 4,
    /// Super 8, Hyper 16, Meta 32, Caps Lock 64, Num Lock 128). The locks are left out; Meta
    /// counts as Alt; `nil` with Super or Hyper held (nothing here binds them) or for a number
    /// out of range.
    static func kittyModifiers(_ parameter: Int) -> KeyModifiers? {
        guard (1...256).contains(parameter) else { return nil }
        let bits = parameter - 1
        guard bits & (8 | 16) == 0 else { return nil }
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 32 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        return result
    }

    /// The modifiers of a legacy sequence: xterm's parameter (Meta read as Alt) with the
    /// lock bits kitty may add left out.
    private static func legacyModifiers(_ fields: Fields) -> KeyModifiers? {
        guard let parameter = fields.number(1) else { return [] }
        guard (1...256).contains(parameter) else { return nil }
        let bits = (parameter - 1) & 0x3F
        if bits == 0 { return [] }
        return KeyModifiers(xtermParameter: bits & 0x0F + 1).map { bits & 0x30 != 0 ? $0.union(.alt) : $0 }
    }

    /// `CSI [1 ; mods[:event]] A…D/H/F/P…S`: arrows, Home, End, F1–F4.
    private static func letterKey(_ fields: Fields, final: UInt8) -> Decoded? {
        guard fields.count <= 2, (fields.number(0) ?? 1) == 1 else { return fields.count <= 2 ? .ignored : nil }
        let eventType = fields.number(1, 1) ?? 1
        guard (1...3).contains(eventType), let modifiers = legacyModifiers(fields) else { return .ignored }
        let key: InputEvent
        switch final {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = .right
        case 0x44: key = .left
        case 0x46: key = .end
        case 0x48: key = .home
        default: key = .function(Int(final) - 0x50 + 1)  // P–S: F1–F4
        }
        return legacy(key, modifiers: modifiers, eventType: eventType)
    }

    /// `CSI n [; mods[:event]] ~`: Delete, PageUp, PageDown, Home, End and F1–F12. Insert and
    /// unknown numbers are ignored; the paste markers (200, 201) are not keys.
    private static func tildeKey(_ fields: Fields) -> Decoded? {
        guard fields.count <= 2, let number = fields.number(0) else { return nil }
        let key: InputEvent
        switch number {
        case 1, 7: key = .home
        case 4, 8: key = .end
        case 3: key = .delete
        case 5: key = .pageUp
        case 6: key = .pageDown
        case 11...15: key = .function(number - 10)
        case 17...21: key = .function(number - 11)
        case 23, 24: key = .function(number - 12)
        case 200, 201: return nil
        default: return .ignored
        }
        let eventType = fields.number(1, 1) ?? 1
        guard (1...3).contains(eventType), let modifiers = legacyModifiers(fields) else { return .ignored }
        return legacy(key, modifiers: modifiers, eventType: eventType)
    }

    /// A legacy form's key, pressed or (event type 3) released.
    private static func legacy(_ key: InputEvent, modifiers: KeyModifiers, eventType: Int) -> Decoded {
        let pressed = modifiers.isEmpty ? key : .modified(key, modifiers)
        return eventType == 3 ? .released(pressed) : .key(pressed)
    }
}
