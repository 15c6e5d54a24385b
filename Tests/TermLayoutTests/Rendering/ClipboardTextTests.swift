import Testing
@testable import TermLayout

/// ``ClipboardText/sanitize(_:)``: what a copy keeps, and what a later paste must not deliver.
struct ClipboardTextTests {
    @Test func controlsAndBidiOverridesGoLinesTabsAndTextStay() {
        #expect(ClipboardText.sanitize("plain 世界 🙂") == "plain 世界 🙂")
        #expect(ClipboardText.sanitize("a\tb\nc\r\nd") == "a\tb\nc\r\nd")
        // ESC and BEL (an OSC), the end of a bracketed paste, NUL, DEL.
        #expect(ClipboardText.sanitize("\u{1B}]0;X\u{7}\u{1B}[201~rm\u{0}\u{7F}") == "]0;X[201~rm")
        // C1: CSI (U+009B), NEL (U+0085), ST (U+009C).
        #expect(ClipboardText.sanitize("\u{9B}31mred\u{85}\u{9C}") == "31mred")
        // Embeddings, overrides and isolates go; the marks stay.
        #expect(ClipboardText.sanitize("\u{202E}abc\u{202C}\u{2067}d\u{2069}\u{200E}\u{200F}") == "abcd\u{200E}\u{200F}")
    }

    @Test func notesNameTheSizesGroupedByThousands() {
        #expect(ClipboardCopy.copied(bytes: 1).note == "copied 1 byte")
        #expect(ClipboardCopy.copied(bytes: 1_234).note == "copied 1,234 bytes")
        #expect(ClipboardCopy.tooLarge(bytes: 1_234_567).note == "too big to copy: 1,234,567 bytes (at most 400,000)")
        #expect(ClipboardCopy.grouped(999) == "999")
        #expect(ClipboardCopy.grouped(100_000) == "100,000")
        #expect(!ClipboardCopy.tooLarge(bytes: 1).copied)
        #expect(ClipboardCopy.copied(bytes: 1).copied)
    }
}
