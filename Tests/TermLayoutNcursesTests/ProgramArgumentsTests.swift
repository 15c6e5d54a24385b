import Testing
import TermLayout
@testable import TermLayoutNcurses

/// `runAsProgram`'s `--color`: both spellings, the last one wins, anything else is refused.
@Test func runAsProgramTakesColorAndRefusesTheRest() throws {
    #expect(try ProgramArguments.color([]).get() == nil)
    #expect(try ProgramArguments.color(["--color=never"]).get() == .never)
    #expect(try ProgramArguments.color(["--color", "always"]).get() == .always)
    #expect(try ProgramArguments.color(["--color=never", "--color=auto"]).get() == .auto)
    #expect(throws: ProgramArguments.ArgumentProblem.self) { try ProgramArguments.color(["--color=sometimes"]).get() }
    #expect(throws: ProgramArguments.ArgumentProblem.self) { try ProgramArguments.color(["--color"]).get() }
    #expect(throws: ProgramArguments.ArgumentProblem.self) { try ProgramArguments.color(["--verbose"]).get() }
}
