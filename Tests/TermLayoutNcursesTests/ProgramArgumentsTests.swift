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

/// An `EventLoop` program's `--color`: read as `runAsProgram` reads it, its other arguments
/// left to it.
@Test func eventLoopProgramsTakeColorAndKeepTheirOwnArguments() throws {
    #expect(try EventLoop.colorOption(in: []) == (.auto, []))
    #expect(try EventLoop.colorOption(in: ["notes.txt", "--color=never", "-v"]) == (.never, ["notes.txt", "-v"]))
    #expect(try EventLoop.colorOption(in: ["--color", "always", "a"]) == (.always, ["a"]))
    #expect(try EventLoop.colorOption(in: ["--color=never", "--color=auto"]).mode == .auto, "the last one wins")
    #expect(throws: EventLoop.ColorOptionError(description: "--color must be one of auto, never, always, not 'sometimes'")) {
        try EventLoop.colorOption(in: ["--color=sometimes"])
    }
    #expect(throws: EventLoop.ColorOptionError.self) { try EventLoop.colorOption(in: ["x", "--color"]) }
    #expect(throws: ProgramArguments.ArgumentProblem(message: "unknown argument 'x'")) { try ProgramArguments.color(["--color=never", "x"]).get() }
}
