import Testing
@testable import TermLayout

/// `TextMeasure.isPrintableASCII` reads the bytes in place; it answers as a byte-by-byte
/// check does, for small strings (kept inside the `String`) and large ones alike.
struct PrintableASCIITests {
    private static func reference(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    @Test(arguments: ["", " ", "~", "L10400", "a b c", "0123456789abcde", "0123456789abcdef", String(repeating: "wide ", count: 40),
                      "tab\t", "\u{7F}", "new\nline", "é", "日本", "emoji 🎉", "\u{1B}[31m", String(repeating: "x", count: 300) + "\u{0}",
                      String(repeating: "y", count: 300) + "ü"])
    func itAgreesWithTheBytes(text: String) {
        #expect(TextMeasure.isPrintableASCII(text) == Self.reference(text))
    }

    @Test func aStringMadeFromASliceIsReadToo() {
        let whole = String(repeating: "abc ", count: 50) + "\u{7}"
        let prefix = String(whole.dropLast())
        #expect(TextMeasure.isPrintableASCII(prefix))
        #expect(!TextMeasure.isPrintableASCII(whole))
    }
}
