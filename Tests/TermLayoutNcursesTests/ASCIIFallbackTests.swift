import Testing
@testable import TermLayoutNcurses

/// In a locale without UTF-8, each cell's text gets an ASCII stand-in of the same width.
struct ASCIIFallbackTests {
    @Test func boxLinesBlocksAndDotsHaveReadableStandIns() {
        let cells = ["╭", "─", "╮", "│", "┏", "━", "║", "╝", "┼", "█", "▌", "…", "·", "●", "⠋", "a", " "]
        #expect(cells.map { ASCIIFallback.text($0, width: 1) } == ["+", "-", "+", "|", "+", "-", "|", "+", "+", "#", "#", ".", ".", "*", "*", "a", " "])
    }

    @Test func anythingElseIsAQuestionMarkPerColumn() {
        #expect(ASCIIFallback.text("你", width: 2) == "??")
        #expect(ASCIIFallback.text("é", width: 1) == "?")
        #expect(ASCIIFallback.text("e\u{301}", width: 1) == "e", "the letter, without its mark")
    }
}

/// How the encoding is chosen, against a fake set of installed locales.
struct LocaleChoiceTests {
    /// The decision on a machine where only `installed` load (as `locale -a` lists them),
    /// the environment's locale being `environment`'s deciding variable.
    static func decide(_ environment: [String: String], installed: Set<String> = ["C", "POSIX", "C.utf8"]) -> LocaleChoice {
        func isUTF8(_ name: String) -> Bool { LocaleSetting(environment: ["LANG": name])?.namesUTF8 ?? false }
        func loads(_ name: String) -> Bool { installed.contains(name) || name == "C" || name == "POSIX" }
        return LocaleChoice.decide(environment: environment) { name in
            let wanted = name ?? LocaleSetting(environment: environment)?.value ?? "C"
            return loads(wanted) && isUTF8(wanted)
        }
    }

    @Test func anInstalledUTF8LocaleIsUsedAsNamed() {
        #expect(Self.decide(["LANG": "C.utf8"]) == .asNamed)
        #expect(Self.decide(["LANG": "C.utf8"]).note == nil)
    }

    @Test func noLocaleNamedTakesAUTF8OneSilently() {
        #expect(Self.decide([:]) == .chosen(locale: "C.utf8"))
        #expect(Self.decide(["LANG": "", "LC_ALL": ""]) == .chosen(locale: "C.utf8"), "empty is unset")
        #expect(Self.decide([:]).note == nil)
    }

    /// SSH sends the client's `LANG=en_US.UTF-8` to a container that has only `C.utf8`.
    @Test func aMissingUTF8LocaleIsReplacedByAnInstalledOneWithANote() {
        for value in ["en_US.UTF-8", "de_DE.UTF-8", "en_US.utf8", "pt_BR.Utf-8@euro"] {
            let choice = Self.decide(["LANG": value])
            #expect(choice == .substituted(setting: LocaleSetting(name: "LANG", value: value), locale: "C.utf8"), "\(value)")
            #expect(!choice.drawsASCII)
            #expect(choice.note == "note: LANG=\(value) is not installed; drew with C.utf8\n")
        }
        let all = Self.decide(["LC_ALL": "en_US.UTF-8", "LANG": "C.UTF-8"])
        #expect(all.note == "note: LC_ALL=en_US.UTF-8 is not installed; drew with C.utf8\n", "LC_ALL decides")
    }

    @Test func aMissingUTF8LocaleWithNoOtherDrawsASCIIAndSaysWhy() {
        let choice = Self.decide(["LANG": "en_US.UTF-8"], installed: ["C", "POSIX"])
        #expect(choice == .ascii(setting: LocaleSetting(name: "LANG", value: "en_US.UTF-8")) && choice.drawsASCII)
        #expect(choice.note?.hasPrefix("note: LANG=en_US.UTF-8 is not installed, nor any other UTF-8 locale") == true)
        #expect(Self.decide([:], installed: []).note?.hasPrefix("note: no locale is set") == true)
    }

    /// A locale named without UTF-8 is kept; the note names the variable that decided.
    @Test func aChosenLocaleWithoutUTF8IsKeptAndTheNoteNamesItsVariable() {
        let ctype = Self.decide(["LC_CTYPE": "C", "LANG": "C.UTF-8"])
        #expect(ctype == .ascii(setting: LocaleSetting(name: "LC_CTYPE", value: "C")))
        #expect(ctype.note == "note: the locale is not UTF-8 (LC_CTYPE=C), so borders and symbols were drawn in ASCII; "
                + "set LC_CTYPE to a UTF-8 locale, such as C.UTF-8, for the real ones\n")
        #expect(Self.decide(["LC_ALL": "POSIX"]).note?.contains("(LC_ALL=POSIX)") == true)
        #expect(Self.decide(["LANG": "en_US.ISO-8859-1"]).drawsASCII)
        #expect(Self.decide(["LANG": "C"]).note?.contains("set LANG to a UTF-8 locale") == true)
    }

    @Test func theNoteShowsAHostileValueSafely() {
        let note = Self.decide(["LANG": "x\u{1B}]0;pwn\u{07}" + String(repeating: "a", count: 500)]).note ?? ""
        #expect(!note.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(note.count < 300)
    }

    @Test func utf8IsReadFromTheCodeset() {
        let names = ["en_US.UTF-8", "en_US.utf8", "C.UTF-8", "de_DE.UTF-8@euro", "x.UtF8", "en_US", "C", "en_US.ISO-8859-1", "UTF-8", "utf8.x"]
        #expect(names.map { LocaleSetting(environment: ["LANG": $0])?.namesUTF8 == true }
                == [true, true, true, true, true, false, false, false, false, false])
    }
}
