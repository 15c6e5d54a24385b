import Foundation
import Testing
@testable import TermLayout

/// Strings, styles and JSON files as editors save them: UTF-16 with a byte-order mark
/// (Apple's classic `.strings`), UTF-16 without one, UTF-8 with a mark.
struct TextDecodingTests {
    static let strings = "/* Greeting */\n\"hello\" = \"Hallo, 世界\";\n"

    static func utf16(_ text: String, littleEndian: Bool, mark: Bool) -> Data {
        var bytes: [UInt8] = mark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for unit in text.utf16 {
            let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
            bytes += littleEndian ? [low, high] : [high, low]
        }
        return Data(bytes)
    }

    @Test(arguments: [(true, true), (false, true), (true, false), (false, false)])
    func utf16StringsFiles(littleEndian: Bool, mark: Bool) throws {
        let data = Self.utf16(Self.strings, littleEndian: littleEndian, mark: mark)
        #expect(TextDecoding.string(data, guessesUTF16: true) == Self.strings)
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"{strings.hello}\"/>"])
        try data.write(to: URL(fileURLWithPath: fixture.path("Localizable.strings")))
        let result = fixture.load()
        #expect(result.diagnostics.isEmpty)
        #expect(result.template?.strings.entries["hello"] == "Hallo, 世界")
    }

    @Test func utf8WithAMarkAndPlainUTF8() {
        #expect(TextDecoding.string(Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8))) == "{}")
        #expect(TextDecoding.string(Data("plain ü".utf8), guessesUTF16: true) == "plain ü")
        #expect(TextDecoding.utf8Data(Data([0xEF, 0xBB, 0xBF, 0x7B, 0x7D])) == Data("{}".utf8))
        #expect(TextDecoding.string(Data()) == "")
    }

    @Test func jsonFilesWithAByteOrderMarkAreRead() throws {
        let fixture = try TemplateFixture(["Main.xml": "<Label class=\"title\" text=\"{strings.hi}\"/>"])
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        try Data(mark + Array(#"{"hi": "there"}"#.utf8)).write(to: URL(fileURLWithPath: fixture.path("Strings.json")))
        try Data(mark + Array(#"{"title": {"bold": "true"}}"#.utf8)).write(to: URL(fileURLWithPath: fixture.path("Styles.json")))
        let result = fixture.load()
        #expect(result.diagnostics.map(\.message) == [])
        #expect(result.template?.strings.entries["hi"] == "there")
    }
}
