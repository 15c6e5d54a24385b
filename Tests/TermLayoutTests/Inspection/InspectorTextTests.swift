import Testing
@testable import TermLayout

/// `InspectorText.clean`: invisible format characters shown by their code, and a cut that
/// never splits a character or a `⟨U+…⟩` and ends in one `…`.
struct InspectorTextTests {
    @Test func formatCharactersAreMadeVisible() {
        #expect(InspectorText.clean("a\u{200B}b\u{FEFF}c") == "a⟨U+200B⟩b⟨U+FEFF⟩c")
        #expect(InspectorText.clean("x\u{200D}y") == "x⟨U+200D⟩y")
        #expect(InspectorText.clean("\u{2066}a\u{2069}\u{AD}").contains("⟨U+00AD⟩"))
        #expect(!InspectorText.clean("\u{2066}a\u{2069}").unicodeScalars.contains { $0.value == 0x2066 || $0.value == 0x2069 })
        // A joiner inside an emoji sequence is part of it.
        #expect(InspectorText.clean("👨‍👩‍👧‍👦🇯🇵é\u{301}") == "👨‍👩‍👧‍👦🇯🇵é\u{301}")
    }

    @Test func aCutKeepsWholeCharactersAndOneEllipsis() {
        let families = String(repeating: "👨‍👩‍👧‍👦", count: 300)
        let cut = InspectorText.clean(families, limit: 10)
        #expect(cut == String(repeating: "👨‍👩‍👧‍👦", count: 9) + "…")
        let spaces = InspectorText.clean(String(repeating: "\u{200B}", count: 300), limit: 20)
        #expect(spaces == "⟨U+200B⟩⟨U+200B⟩…")
        #expect(spaces.filter { $0 == "…" }.count == 1)
        #expect(InspectorText.clean("abc", limit: 3) == "abc")
        #expect(InspectorText.clean("abcd", limit: 3) == "ab…")
    }
}
