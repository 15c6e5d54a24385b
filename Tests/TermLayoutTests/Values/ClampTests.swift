import Testing
@testable import TermLayout

/// The one conversion from user-supplied numbers to integers and lengths.
struct ClampTests {
    @Test(arguments: [
        (1e19, Int.min...Int.max, Int.max), (-1e19, Int.min...Int.max, Int.min), (9.3e18, Int.min...Int.max, Int.max),
        (Double(Int.max), Int.min...Int.max, Int.max), (-9.223372036854775808e18, Int.min...Int.max, Int.min),
        (.nan, Int.min...Int.max, 0), (.infinity, Int.min...Int.max, Int.max), (-.infinity, 0...5, 0),
        (.nan, 3...5, 3), (.nan, -5 ... -3, -3), (2.9, 0...5, 2), (-2.9, -5...5, -2), (1e300, 0...5, 5),
    ])
    func integersAreClampedNeverTrapped(_ value: Double, _ range: ClosedRange<Int>, _ expected: Int) {
        #expect(Clamp.int(value, in: range) == expected)
    }

    @Test func defaultRangeKeepsArithmeticSafe() {
        #expect(Clamp.int(1e300) == 1 << 53)
        #expect(Clamp.int(1e300) + Int(Int32.max) > 0)
        #expect(Clamp.int(2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(Clamp.int(-2.5, rounding: .down) == -3)
    }

    @Test func lengthsAndWeightsStayFinite() {
        #expect(Clamp.length(1e308) == Clamp.lengthLimit)
        #expect(Clamp.length(-.infinity) == -Clamp.lengthLimit)
        #expect(Clamp.length(.nan) == 0)
        #expect(Clamp.length(12.5) == 12.5)
        #expect(Clamp.weight(-3) == 0)
        #expect(Clamp.weight(1e308) == Clamp.weightLimit)
        #expect(Clamp.weight(.nan) == 0)
    }

    /// `%d` of a number beyond `Int` trapped in `Int(_:)`.
    @Test func percentDOfHugeNumbersClamps() throws {
        #expect(try StringsTable.format("%d|%i|%d", [1e19, -1e300, 42.9]).get() == "9223372036854775807|-9223372036854775808|42")
    }

    @Test func cellsOfHugeFramesAreBounded() {
        let cells = CellMetric().cells(for: Rect(x: -1e300, y: 0, width: 1e308, height: .infinity))
        #expect(cells.column == -Clamp.cellLimit)
        #expect(cells.columns == 2 * Clamp.cellLimit)
        #expect(cells.rows == Clamp.cellLimit)
        let notANumber = CellMetric().cells(for: Rect(x: .nan, y: .nan, width: 1, height: 1))
        #expect(notANumber.column == 0 && notANumber.row == 0)
    }
}
