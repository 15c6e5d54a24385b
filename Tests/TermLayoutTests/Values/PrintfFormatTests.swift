import Testing
@testable import TermLayout

/// `strings.Key(…)` formats as printf does, as Layout's do through Foundation's
/// `String(format:)` (Layout/LayoutNode.swift, the `strings` getter near line 2117, formats
/// the string with the call's arguments; LayoutTests/StringConstantTests.swift tests it).
struct PrintfFormatTests {
    private func format(_ format: String, _ arguments: Value...) -> Result<String, StringsTable.FormatError> {
        StringsTable.format(format, arguments)
    }

    // LayoutTests/StringConstantTests.swift:14 (testParameterizedStringConstant), :20 (`%%`).
    @Test func layoutsOwnCases() {
        #expect(format("Hello %s", "World") == .success("Hello World"))
        #expect(format("Hello %% World") == .success("Hello % World"))
        // :26 "Too many arguments", :34 "Too few arguments", :42 "Type mismatch".
        #expect(format("Hello %s", "World", "Universe") == .failure(.wrongArgumentCount(expected: 1, given: 2)))
        #expect(format("Hello %s") == .failure(.wrongArgumentCount(expected: 1, given: 0)))
        #expect(format("Hello %i", "World") == .failure(.notANumber(position: 1, type: .string)))
    }

    @Test func flagsWidthAndPrecision() {
        #expect(format("%05.1f", 3.14159) == .success("003.1"))
        #expect(format("[%5d][%-5d][%+d][% d]", 42, 42, 42, 42) == .success("[   42][42   ][+42][ 42]"))
        #expect(format("%.3d|%08.3f|%#o|%#x", 7, -2.5, 8, 255) == .success("007|-002.500|010|0xff"))
        #expect(format("[%6@][%-6@][%.2s]", "ab", "ab", "abcdef") == .success("[    ab][ab    ][ab]"))
        // Fields are measured in terminal columns: a CJK character is two.
        #expect(format("[%4@]", "漢") == .success("[  漢]"))
    }

    @Test func conversions() {
        #expect(format("%x %X %o %u", 255, 255, 8, 7) == .success("ff FF 10 7"))
        #expect(format("%e|%E|%g|%G", 1234.5, 0.00012, 0.0001, 1e20) == .success("1.234500e+03|1.200000E-04|0.0001|1E+20"))
        #expect(format("%c%c", 72, "i!") == .success("Hi"))
        #expect(format("%d %i", 42.9, -7) == .success("42 -7"))
        // As Foundation does, a negative number is its two's complement in unsigned formats.
        #expect(format("%x", -1) == .success("ffffffffffffffff"))
    }

    @Test func lengthModifiersAreIgnored() {
        #expect(format("%ld %lld %hd %hhd %qd %zd %td %jd %lu %lx %Lf", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1.5)
                == .success("1 2 3 4 5 6 7 8 9 a 1.500000"))
    }

    @Test func positionalArguments() {
        #expect(format("%2$@ %1$@", "world", "hello") == .success("hello world"))
        #expect(format("%1$@ and %1$@ again", "echo") == .success("echo and echo again"))
        #expect(format("%2$05.1f", "unused", 2.5) == .success("002.5"))
        #expect(format("%2$d", 1) == .failure(.wrongArgumentCount(expected: 2, given: 1)))
        #expect(format("%0$d", 1) == .failure(.invalidSpecifier("%0$")))
        #expect(format("%65$d", 1) == .failure(.invalidSpecifier("%65$")))
    }

    @Test func mismatchedTypesAndBadSpecifiersAreErrorsNotCrashes() {
        #expect(format("%d", .bool(true)) == .failure(.notANumber(position: 1, type: .bool)))
        #expect(format("%2$x %1$@", "a", "b") == .failure(.notANumber(position: 2, type: .string)))
        #expect(format("%c", .null) == .failure(.notANumber(position: 1, type: .nil)))
        #expect(format("%k", 1) == .failure(.invalidSpecifier("%k")))
        #expect(format("%*d", 1, 2) == .failure(.invalidSpecifier("%*")))
        #expect(format("50%") == .failure(.invalidSpecifier("%")))
        #expect(format("%c", .number(.nan)) == .success("\u{0}"))
        #expect(format("%c", 1e300) == .success("\u{10FFFF}"))
        #expect(format("%f|%d", .number(.infinity), .number(.nan)) == .success("inf|0"))
    }
}
