/// Input read in batches: a terminal delivers a paste or fast typing as many characters at
/// once, and inserting them one by one re-builds the text and re-evaluates what depends on it
/// for each (a 30 KB paste took 27 s). Runs of characters for a text field become one edit.
extension Interaction {
    /// Takes the next event to handle from the front of `events`: while a text field has
    /// focus, a run of characters (and pasted text) becomes one ``InputEvent/text(_:)`` —
    /// one edit, one state write; anything else is taken alone. Focus is looked at each
    /// time, so characters after a Tab go to whatever has focus then.
    ///
    /// ```swift
    /// var batch = loop.next()[...]
    /// while let event = interaction.takeEvent(from: &batch) { try interaction.handle(event) }
    /// ```
    public func takeEvent(from events: inout ArraySlice<InputEvent>) -> InputEvent? {
        guard let first = events.first else { return nil }
        guard focused?.widget.traits.contains(.editsText) == true, first.typedText != nil else {
            return events.removeFirst()
        }
        var text = ""
        while let next = events.first?.typedText {
            text += next
            events.removeFirst()
        }
        return .text(text)
    }
}

extension InputEvent {
    /// What the event types into a text field, if it is text.
    var typedText: String? {
        switch self {
        case .character(let character): String(character)
        case .text(let text): text
        default: nil
        }
    }
}

/// What a text field or text area accepts from typed or pasted text.
enum SingleLineText {
    /// `text` made fit for one line: each line break (CR, LF or CRLF) and tab becomes a
    /// space, as browsers do when text with lines is pasted into a one-line field; other
    /// control characters (C0, DEL, C1) are dropped, so nothing typed or pasted can put an
    /// escape sequence into the text.
    static func sanitised(_ text: String) -> String {
        sanitised(text, lineBreak: " ", tab: " ")
    }

    /// `text` with each line break (CR, LF or CRLF) as `lineBreak`, each tab as `tab`, and
    /// other control characters (C0, DEL, C1) dropped (a TextArea keeps its lines with "\n").
    static func sanitised(_ text: String, lineBreak: Unicode.Scalar, tab: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasCR: continue
            case 0x0A, 0x0D: result.append(lineBreak)
            case 0x09: result.append(contentsOf: tab.unicodeScalars)
            case 0...0x1F, 0x7F...0x9F: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
