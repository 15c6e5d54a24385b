import Foundation
import Testing
@testable import TermLayout

/// State and constants JSON: what it reads, and precisely what it says when it cannot.
struct JSONReaderTests {
    func read(_ text: String) throws(Diagnostic) -> Value {
        try JSONReader.read(SourceText(path: "s.json", text: text))
    }

    func failure(_ text: String) -> Diagnostic? {
        do { _ = try read(text); return nil } catch { return error }
    }

    static let valid: [(String, Value)] = [
        (#"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#,
         .object(["a": 1, "b": [true, false, .null], "c": ["d": "e"]])),
        (" [ -0.5e2 , 0 , 1E+2, 12345678901234567890 ] ", [-50, 0, 100, .number(12345678901234567890.0)]),
        (#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#, "a\"\\/\u{08}\u{0C}\n\r\té😀"),
        ("[]", .array([])),
        ("{}", .object([:])),
    ]

    @Test(arguments: valid)
    func readsWhatJSONDecoderReads(_ text: String, _ expected: Value) throws {
        #expect(try read(text) == expected)
        #expect(try JSONDecoder().decode(Value.self, from: Data(text.utf8)) == expected)
    }

    @Test(arguments: [
        (#"{"a": 1,"#, "s.json:1:9: error: expected a key in double quotes"),
        (#"{"a" 1}"#, "s.json:1:6: error: expected ':' after the key"),
        ("[1 2]", "s.json:1:4: error: expected ',' or ']' after an element"),
        ("{\"a\":1}x", "s.json:1:8: error: unexpected text after the JSON value"),
        ("nope", "s.json:1:1: error: expected a JSON value"),
        ("", "s.json:1:1: error: expected a JSON value"),
        ("01", "s.json:1:1: error: malformed number '01'"),
        ("1.", "s.json:1:1: error: malformed number '1.'"),
        ("-", "s.json:1:1: error: malformed number '-'"),
        (#""abc"#, "s.json:1:1: error: unterminated string; add a closing \""),
        (#""\x""#, #"s.json:1:2: error: invalid escape in a string; use \" \\ \/ \b \f \n \r \t or \uXXXX"#),
        (#""\u12""#, #"s.json:1:2: error: \u needs four hex digits"#),
        (#""\ud83d""#, #"s.json:1:2: error: unpaired surrogate \uD83D in a string"#),
        ("\"a\u{1B}b\"", #"s.json:1:3: error: control character in a string; write it as \u001B"#),
    ])
    func syntaxErrorsSayWhereAndWhat(_ text: String, _ summary: String) {
        #expect(failure(text)?.summary == summary)
    }

    @Test func numbersBeyondADoubleAreNamed() throws {
        #expect(try read("1e-400") == 0)  // underflow is zero, as in JSONSerialization
        #expect(failure(#"{"a": 1e400}"#)?.summary
                == "s.json:1:7: error: the number 1e400 is out of range (numbers go up to about ±1.8e308)")
        #expect(failure("[-2e308]")?.summary == "s.json:1:2: error: the number -2e308 is out of range (numbers go up to about ±1.8e308)")
    }

    @Test func duplicateKeysAreReportedNotMerged() {
        let error = failure("{\n  \"name\": \"Ada\",\n  \"x\": {\"a\": 1, \"a\": 1},\n  \"name\": \"Grace\"\n}")
        // The first duplicate met, inside the nested object, with where the first one was.
        #expect(error?.summary == #"s.json:3:17: error: duplicate key "a" (first at line 3, column 9); remove one of them"#)
        #expect(failure(#"{"k": 1, "k": 2}"#)?.location?.column == 10)
        // Same text after escapes is the same key.
        #expect(failure(#"{"é": 1, "\u00e9": 2}"#) != nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let limit = JSONReader.maximumDepth
        let fine = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(failure(fine) == nil)
        for text in [String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000),
                     String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)] {
            let error = failure(text)
            #expect(error?.message == "arrays and objects nest more than \(limit) deep")
            #expect(error?.location?.line == 1)
        }
    }
}

/// JSON written by `Value.jsonText` escapes every character the terminal would act on.
struct JSONWritingTests {
    @Test func controlCharactersDELC1AndBidiOverridesAreEscaped() throws {
        let text = "a\u{1B}]52;c;x\u{07}\u{7F}\u{85}\u{9B}\u{202E}é"
        let json = Value.string(text).jsonText
        #expect(json == #""a\u001b]52;c;x\u0007\u007f\u0085\u009b\u202eé""#)
        #expect(try JSONReader.read(SourceText(path: "-", text: json)) == .string(text))
    }
}
