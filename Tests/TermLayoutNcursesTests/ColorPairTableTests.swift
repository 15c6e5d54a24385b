import Testing
@testable import TermLayoutNcurses

/// Colour pairs reused once no cell shows them, the one freed longest ago first.
struct ColorPairTableTests {
    @Test func pairsAreDefinedOnceAndReusedWhenNoCellShowsThem() {
        // Pairs 1–3 (0 is the default), a screen of three cells.
        var table = ColorPairTable<String>(limit: 4, columns: 3, rows: 1)
        #expect(table.place("a", column: 0, row: 0) == .init(pair: 1, define: true))
        #expect(table.place("b", column: 1, row: 0) == .init(pair: 2, define: true))
        #expect(table.place("c", column: 2, row: 0) == .init(pair: 3, define: true))
        #expect(table.place("c", column: 2, row: 0) == .init(pair: 3, define: false), "already defined")
        // The table is full; "a" leaves its only cell, so its pair is free for "d".
        #expect(table.place("d", column: 0, row: 0) == .init(pair: 1, define: true))
        #expect(table.useCount(1) == 1 && table.definedCount == 3)
        // "b" over "d": pair 1 is free again (no cell shows "d"), and was freed first.
        #expect(table.place("b", column: 0, row: 0) == .init(pair: 2, define: false))
        // "c" leaves its cell: pairs 1 ("d", freed first) and 3 ("c") are free.
        #expect(table.place("e", column: 2, row: 0) == .init(pair: 1, define: true), "the pair freed longest ago")
        #expect(table.place("c", column: 1, row: 0) == .init(pair: 3, define: false), "its definition kept until reused")
        #expect(table.key(ofPair: 1) == "e" && table.key(ofPair: 0) == nil)
    }

    @Test func aKnownPairPlacedAgainCountsAsItsKeyPlacedAgain() {
        // A row of "x" drawn over cells of "a", "b" and "c" (freeing them, in order): placing
        // "x" cell by cell, or once and then its pair as known, leaves the same uses, the same
        // free pairs in the same order, and off the screen nothing.
        func screen() -> ColorPairTable<String> {
            var table = ColorPairTable<String>(limit: 6, columns: 6, rows: 1)
            for (column, key) in ["a", "a", "b", "c", "c", "b"].enumerated() { _ = table.place(key, column: column, row: 0) }
            return table
        }
        var byKey = screen(), byPair = screen()
        for column in 0..<7 { _ = byKey.place("x", column: column, row: 0) }
        let first = byPair.place("x", column: 0, row: 0)
        #expect(first == .init(pair: 4, define: true))
        for column in 1..<7 { byPair.place(knownPair: first.pair, column: column, row: 0) }
        for pair in Int32(0)..<6 { #expect(byKey.useCount(pair) == byPair.useCount(pair), "pair \(pair)") }
        #expect(byPair.useCount(4) == 6)
        for key in ["d", "e", "f", "x"] {
            #expect(byKey.place(key, column: 0, row: 0) == byPair.place(key, column: 0, row: 0), "\(key)")
        }
    }

    @Test func moreCombinationsOnScreenThanPairsFallBackToTheDefault() {
        var table = ColorPairTable<String>(limit: 3, columns: 3, rows: 1)
        #expect(table.place("a", column: 0, row: 0).pair == 1)
        #expect(table.place("b", column: 1, row: 0).pair == 2)
        #expect(table.place("c", column: 2, row: 0) == .init(pair: 0, define: false), "both pairs on screen")
        #expect(table.place(nil, column: 0, row: 0) == .init(pair: 0, define: false))
        #expect(table.place("c", column: 2, row: 0) == .init(pair: 1, define: true), "a's cell went default")
    }

    @Test func resizingDropsTheCellsThatAreGone() {
        var table = ColorPairTable<String>(limit: 3, columns: 2, rows: 2)
        _ = table.place("a", column: 1, row: 1)
        _ = table.place("b", column: 0, row: 0)
        table.resize(columns: 1, rows: 2)
        #expect(table.useCount(1) == 0 && table.useCount(2) == 1)
        #expect(table.place("c", column: 0, row: 1) == .init(pair: 1, define: true), "a is no longer on screen")
        table.resize(columns: 3, rows: 3)
        #expect(table.useCount(2) == 1 && table.useCount(1) == 1, "kept where both sizes have the cell")
        #expect(table.place("d", column: 9, row: 9).pair == 0, "outside the screen, and no pair free")
    }
}
