import Foundation
import Testing
@testable import TermLayout

/// Blanks trimmed without Foundation, as Foundation trims `CharacterSet.whitespaces`.
struct BlanksTests {
    @Test(arguments: ["name", " {name} ", "\t{name}\u{00A0}", "{name}\n", "\n{name}", " x ", "\u{2003}", "", "   ", "\t \t",
                      "\u{3000}世界\u{3000}", " 🙂 ", " e\u{301} ", "\u{301} x", "a\u{2028}", " \u{FEFF}x "])
    func blanksAreTrimmedAsFoundationTrimsWhitespace(text: String) {
        #expect(String(Blanks.trimming(text)) == text.trimmingCharacters(in: .whitespaces))
        // A line break on either side: a combining mark at the start of `text` stays its own.
        let inner = ("\n" + text + "\n").dropFirst().dropLast()
        #expect(String(Blanks.trimming(inner)) == text.trimmingCharacters(in: .whitespaces))
    }

    /// Blanks are Unicode's space separators and the tab, as Foundation documents
    /// `whitespaces`: a zero-width space (a format character since Unicode 4.0.1, which
    /// Foundation on Linux still trims) is not one.
    @Test func aZeroWidthSpaceIsNotABlank() {
        #expect(Blanks.trimming("\u{200B}x\u{200B}") == "\u{200B}x\u{200B}")
        #expect(!Blanks.isBlank("\u{200B}") && Blanks.isBlank("\u{3000}") && Blanks.isBlank("\u{00A0}") && !Blanks.isBlank("\n"))
    }

    @Test(arguments: [("{name}", "name"), (" { name }\t", "name"), ("{a.b}", "a.b"), ("{ }", ""), ("{}", nil), ("name", nil),
                      ("{name} x", nil), ("\u{00A0}{名前}\u{3000}", "名前")] as [(String, String?)])
    func aParameterReferenceIsANameInBraces(text: String, name: String?) {
        #expect(TemplateElement.parameterReference(text) == name)
    }
}
