import Testing
import TermLayout
@testable import TermLayoutNcurses

/// How the word keys of the text widgets arrive (issue 30, trial B6): with the kitty
/// protocol as `CSI u`/`~` sequences, without it as ESC and then the key — which ncurses
/// recognises itself when it is in terminfo (DEL is `kbs`), so the decoder sees ESC and then
/// a whole key.
struct WordKeyDecodingTests {
    func decode(_ text: String) -> [InputEvent] {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        for scalar in text.unicodeScalars { decoder.feed(.scalar(scalar.value), into: &events) }
        return events
    }

    func decode(_ inputs: [KeyDecoder.Input]) -> [InputEvent] {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        for input in inputs { decoder.feed(input, into: &events) }
        return events
    }

    @Test func theKittyFormsOfTheWordKeys() {
        #expect(decode("\u{1B}[127;5u") == [.modified(.backspace, [.control])])
        #expect(decode("\u{1B}[127;3u") == [.modified(.backspace, [.alt])])
        #expect(decode("\u{1B}[127;2u") == [.modified(.backspace, [.shift])])
        #expect(decode("\u{1B}[3;5~") == [.modified(.delete, [.control])])
        #expect(decode("\u{1B}[3;3~") == [.modified(.delete, [.alt])])
        #expect(decode("\u{1B}[100;3u") == [.modified(.character("d"), [.alt])])
        #expect(decode("\u{1B}d") == [.modified(.character("d"), [.alt])])
    }

    @Test func escapeThenAKeyNcursesRecognisedIsAltWithThatKey() {
        // Alt+Backspace in tmux or xterm: ESC, then DEL, which ncurses reads as its Backspace key.
        #expect(decode([.scalar(0x1B), .key(.backspace)]) == [.modified(.backspace, [.alt])])
        #expect(decode([.scalar(0x1B), .key(.delete)]) == [.modified(.delete, [.alt])])
        #expect(decode([.scalar(0x1B), .key(.up)]) == [.modified(.up, [.alt])])
        // Alone, the key is the key; a mouse event after ESC is the mouse event.
        #expect(decode([.key(.backspace)]) == [.backspace])
        let click = InputEvent.mouse(MouseEvent(.press, column: 1, row: 2))
        #expect(decode([.scalar(0x1B), .key(click)]) == [click])
        // In a paste, not a key at all.
        #expect(decode([.scalar(0x1B), .scalar(0x5B), .scalar(0x32), .scalar(0x30), .scalar(0x30), .scalar(0x7E),
                        .scalar(0x1B), .key(.backspace), .scalar(0x61)]).isEmpty)
    }
}
