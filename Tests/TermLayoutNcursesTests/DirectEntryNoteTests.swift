import Testing
@testable import TermLayoutNcurses

/// The note after exit when 24-bit colour was asked for but the `-direct` entry is missing.
struct DirectEntryNoteTests {
    @Test func theNoteNamesWhatAskedAndWhatIsMissing() {
        let asker = NcursesTerminal.trueColorAsker(type: "tmux-256color", mode: .auto, environment: ["COLORTERM": "truecolor"])
        #expect(NcursesTerminal.directEntryNote(asker: asker, missing: "tmux-direct", depth: .colors256)
                == "note: COLORTERM=truecolor, but the terminfo entry tmux-direct is not installed: drew 256 colours "
                + "(install ncurses-term, or set TERM to a -direct entry that is installed)\n")
    }

    @Test func forceColorOrTheRGBFlagCanHaveAsked() {
        #expect(NcursesTerminal.trueColorAsker(type: "x", mode: .auto, environment: ["FORCE_COLOR": "999"]) == "FORCE_COLOR=999")
        #expect(NcursesTerminal.trueColorAsker(type: "w-tc", mode: .auto, environment: [:]) == "the terminfo entry w-tc has the RGB flag")
        #expect(NcursesTerminal.trueColorAsker(type: "w\u{1B}]0;x", mode: .auto, environment: [:]).unicodeScalars.allSatisfy { $0.value != 0x1B })
    }

    /// Opening a terminal type as given (a pseudo-terminal in tests) never swaps it, so no note.
    @Test func onlyAWantedAndMissingEntryIsNamed() {
        let choice = NcursesTerminal.colorChoice(type: "xterm-256color", output: -1, mode: .auto,
                                                 environment: ["COLORTERM": "truecolor"], mayUseDirectEntry: false)
        #expect(choice.missingDirect == nil)
        let unasked = NcursesTerminal.colorChoice(type: "xterm-256color", output: -1, mode: .auto, environment: [:], mayUseDirectEntry: true)
        #expect(unasked.missingDirect == nil)
    }
}
