import Testing
import TermLayout
@testable import TermLayoutNcurses

/// Keys with Shift, Alt or Ctrl held arrive as xterm sequences (`\e[1;5D`), which ncurses is
/// told to leave alone: the decoder reads their modifiers (a TextArea selects and moves by
/// words with them). Other sequences are still dropped, never typed.
struct ModifiedKeyDecodingTests {
    func decode(_ text: String) -> [InputEvent] { decodeKeys(text) }

    @Test func arrowsHomeEndAndPagesWithModifiers() {
        #expect(decode("\u{1B}[1;2D") == [.modified(.left, [.shift])])
        #expect(decode("\u{1B}[1;5C") == [.modified(.right, [.control])])
        #expect(decode("\u{1B}[1;3A") == [.modified(.up, [.alt])])
        #expect(decode("\u{1B}[1;6B") == [.modified(.down, [.shift, .control])])
        #expect(decode("\u{1B}[1;2H\u{1B}[1;5F") == [.modified(.home, [.shift]), .modified(.end, [.control])])
        #expect(decode("\u{1B}[5;5~\u{1B}[6;2~") == [.modified(.pageUp, [.control]), .modified(.pageDown, [.shift])])
    }

    @Test func unknownOrUnmodifiedSequencesAreDroppedNotTyped() {
        #expect(decode("\u{1B}[1;1D") == [.left])    // parameter 1: no modifier
        #expect(decode("\u{1B}[2;5~").isEmpty)       // Ctrl+Insert: no event for Insert
        #expect(decode("\u{1B}[2;5Z").isEmpty)
        #expect(decode("a\u{1B}[1;5Db") == [.character("a"), .modified(.left, [.control]), .character("b")])
    }

    /// Cursor keys that reach the decoder as bytes (typed during the start-up probe, which
    /// reads the input before ncurses does) are still keys, in both cursor modes.
    @Test func unmodifiedCursorKeysArrivingAsBytesAreKeys() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[H\u{1B}[F") == [.up, .down, .right, .left, .home, .end])
        #expect(decode("\u{1B}OA\u{1B}OD\u{1B}[3~\u{1B}[5~\u{1B}[6~") == [.up, .left, .delete, .pageUp, .pageDown])
        #expect(decode("\u{1B}[200~\u{1B}[A\u{1B}OB\u{1B}[201~") == [], "inside a paste they are not pressed")
    }

    @Test func insideAPasteTheyAreNotKeys() {
        #expect(decode("\u{1B}[200~x\u{1B}[1;5Dy\u{1B}[201~") == [.text("xy")])
    }
}
