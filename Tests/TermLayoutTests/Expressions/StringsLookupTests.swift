import Foundation
import Testing
@testable import TermLayout

/// How `strings.` keys, `@Key` and dotted constants are found, and Apple's `.strings` format,
/// as Layout and Apple define them (issue 28).
struct StringsLookupTests {
    /// The diagnostics' summaries, with the fixture's folder removed.
    func summaries(_ files: [String: String]) throws -> [String] {
        try TemplateFixture(files).summaries()
    }

    // Layout/LayoutNode.swift:1558–1563: a name is read from the variables (state) before the
    // constants, so state wins over a constant, one named with dots too.
    @Test func stateWinsOverADottedConstant() throws {
        let node = try makeNode("<Column><Label text=\"{a.b}\"/><Label text=\"{a.b + 1}\"/></Column>",
                                state: ["a": .object(["b": 2])], constants: ["a.b": 1])
        #expect(try node.children.map { try $0.value(of: "text") } == ["2", "3"])
        // With no state of that name, the dotted constant is read.
        let alone = try makeNode("<Label text=\"{a.b}\"/>", state: ["c": 0], constants: ["a.b": 1])
        #expect(try alone.value(of: "text") == .string("1"))
    }

    // Layout/LayoutNode.swift:2116–2119 reads `strings.A.B` as the constant of that whole
    // name, else the localized string `A.B`: a constant `strings.A` does not hide the key `A.B`.
    @Test func theLongestKeyWinsAcrossConstantsAndFiles() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column><Label text=\"{strings.A.B}\"/><Label text=\"{strings.A}\"/><Label text=\"{strings.A.count}\"/></Column>",
            "Localizable.strings": "\"A.B\" = \"dotted\";",
        ])
        let constants: [String: Value] = ["strings.A": "const"]
        let loader = TemplateLoader().addingStringConstants(constants)
        let root = try LayoutNode(template: fixture.load(loader: loader).get(), constants: constants)
        #expect(try root.children.map { try $0.value(of: "text") } == ["dotted", "const", "5"])
    }

    // Layout's README.md:884–893 (`"Signup.NameLabel" = "Name";` read as
    // `{strings.Signup.NameLabel}`); `@Key` is MarkupKit's shorthand for the same key.
    @Test func theShorthandTakesDottedKeys() throws {
        let fixture = try TemplateFixture([
            "Main.xml": "<Column><Label text=\"@Signup.NameLabel\"/><Label text=\"@Title\"/><Label text=\"@a..b\"/></Column>",
            "Localizable.strings": "\"Signup.NameLabel\" = \"Name\"; \"Title\" = \"T\";",
        ])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(try root.children.map { try $0.value(of: "text") } == ["Name", "T", "@a..b"])
        #expect(try summaries(["Main.xml": "<Label text=\"@Signup.NameLabl\"/>",
                               "Localizable.strings": "\"Signup.NameLabel\" = \"Name\";"])
                == ["Main.xml:1:15: error: unknown string 'Signup.NameLabl'; did you mean 'Signup.NameLabel'?"])
    }

    // Layout's README.md:884–893: `Signup.NameLabel` is one key; `strings.Signup.Nme` with a
    // key `Signup` is a misspelt dotted key, not a member of the string `Signup`.
    @Test func aMisspeltDottedKeySuggestsTheNearestDottedKey() throws {
        let strings = "\"Signup\" = \"S\"; \"Signup.NameLabel\" = \"Name\";"
        #expect(try summaries(["Main.xml": "<Label text=\"{strings.Signup.Nme}\"/>", "Localizable.strings": strings])
                == ["Main.xml:1:23: error: unknown string 'Signup.Nme'; did you mean 'Signup.NameLabel'?"])
        // Close to a member of a string: that is what it meant.
        let fixture = try TemplateFixture(["Main.xml": "<Label text=\"{strings.Signup.cont}\"/>", "Localizable.strings": strings])
        let root = try LayoutNode(template: fixture.load().get())
        #expect(throws: Diagnostic.self) { try root.value(of: "text") }
        do { _ = try root.value(of: "text") } catch {
            #expect(error.message == "string has no member 'cont'")
            #expect(error.suggestion == "did you mean 'count'?")
        }
    }

    // Apple's old-style property list strings (CFOldStylePList.c): getSlashedChar reads
    // `\U` and up to four hex digits, up to three octal digits and `\a \b \f \n \r \t \v`;
    // isValidUnquotedStringCharacter allows unquoted letters, digits and `_ $ / : . -`;
    // `'` quotes as `"` does.
    @Test func appleEscapesAndUnquotedStringsAreRead() throws {
        let text = #"""
        "A" = "wait\U2026";
        "B" = "\101\102C";
        "C" = "\UD83D\UDE00!";
        D = x.y-z_1;
        'E' = 'single "quoted"';
        "F" = "a\"b\\c\nd\q";
        "G" = "\UD83Dx";
        """#
        let entries = try StringsTable.parseStringsFile(SourceText(path: "L.strings", text: text))
        #expect(entries == ["A": "wait…", "B": "ABC", "C": "😀!", "D": "x.y-z_1", "E": "single \"quoted\"",
                            "F": "a\"b\\c\ndq", "G": "\u{FFFD}x"])
        #expect(throws: Diagnostic.self) { try StringsTable.parseStringsFile(SourceText(path: "L.strings", text: "A = x y;")) }
    }

    // Layout README.md:915 defers to the IEEE printf spec, where a string's precision is
    // the most characters written: `%.30s` is a length, not a number of digits.
    @Test func aStringsPrecisionIsALength() throws {
        #expect(try StringsTable.format("%.30s|%.2@|%.50@", ["abc", "abcdef", "x"]).get() == "abc|ab|x")
        #expect(try StringsTable.format("%.1000s", ["abc"]).get() == "abc")
        #expect(StringsTable.format("%.1001s", ["a"]) == .failure(.precisionTooLarge("%.1001s")))
        #expect(StringCalls.message(for: .precisionTooLarge("%.1001s"), key: "K")
                == "string 'K' asks for too long a string in '%.1001s' (at most 1000 characters)")
        // A number's precision keeps its limit.
        #expect(StringsTable.format("%.30f", [1]) == .failure(.precisionTooLarge("%.30f")))
    }

    @Test func aStringsJSONValueThatIsNoStringIsNamed() throws {
        let found = try summaries(["Main.xml": "<Label text=\"{strings.A}\"/>", "Strings.json": "{\"A\": \"x\",\n \"B\": 2}"])
        #expect(found == ["Strings.json:2:2: error: the value of 'B' must be a string, not number"])
    }

    @Test func aRefusedStringsFileIsNotAlsoSaidToBeMissing() throws {
        let fixture = try TemplateFixture(["app/Main.xml": "<Label text=\"{strings.Title}\"/>",
                                           "secret.strings": "\"Title\" = \"T\";"])
        try fixture.symlink("app/Localizable.strings", to: "../secret.strings")
        let diagnostics = fixture.load("app/Main.xml").diagnostics
        #expect(diagnostics.map(\.message) == ["'Localizable.strings' is outside the template root '\(canonical(fixture.path("app")))'",
                                               "unknown string 'Title'"])
        #expect(diagnostics.allSatisfy { $0.notes.isEmpty })
    }

    // Issue 28: a typo among 50,000 keys as long as it once cost about a second each (every
    // key measured); now the letters they lack rule most out unmeasured and the rest are
    // capped (see SuggestionBoundsTests), and the right key is still found.
    @Test func typosInAHugeTableAreSuggestedQuickly() throws {
        let lines = (0..<50_000).map { "\"Key.Number\(100_000 + $0)\" = \"value \($0)\";" }
        let labels = (1...5).map { "<Label text=\"{strings.Key.Numbr\(100_000 + $0)}\"/>" }
        let found = try summaries(["Main.xml": "<Column>" + labels.joined() + "</Column>",
                                   "Localizable.strings": lines.joined(separator: "\n")])
        #expect(found.count == 5)
        #expect(found.first?.hasSuffix("unknown string 'Key.Numbr100001'; did you mean 'Key.Number100001'?") == true)
    }

    // Issue 28: 2,000 typos among 300,000 keys ran for minutes. The suggestions of one load
    // share a budget of keys looked through; past it the errors come without one.
    @Test func theSuggestionsOfALoadAreBoundedTogether() throws {
        let lines = (0..<20_000).map { "\"Key\($0)\" = \"v\";" }
        let labels = (0..<260).map { "<Label text=\"{strings.Kez\($0)}\"/>" }
        let found = try summaries(["Main.xml": "<Column>" + labels.joined() + "</Column>",
                                   "Localizable.strings": lines.joined(separator: "\n")])
        #expect(found.count == 260)
        #expect(found.first?.hasSuffix("unknown string 'Kez0'; did you mean 'Key0'?") == true)
        #expect(found.last?.hasSuffix("unknown string 'Kez259'") == true)
    }
}
