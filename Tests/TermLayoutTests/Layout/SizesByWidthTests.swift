import Testing
@testable import TermLayout

/// A node keeps sizes for at most `SizesByWidth.widthLimit` finite widths (trial 32b F2: a
/// window dragged through 36 widths grew a 10,000-row grid by 1.5 MB a width, and every
/// look-up searched them all). What is forgotten is measured again when asked for.
struct SizesByWidthTests {
    @Test func storingANewWidthForgetsTheOldestButNeverTheUnboundedSize() {
        var sizes = SizesByWidth()
        sizes[.infinity] = Size(width: 99, height: 1)
        for width in 1...20 { sizes[Double(width)] = Size(width: Double(width), height: Double(100 - width)) }
        let kept = Array(sizes).map(\.width).filter(\.isFinite)
        #expect(kept == (13...20).map(Double.init))
        #expect(sizes[.infinity] == Size(width: 99, height: 1))
        #expect(sizes[20] == Size(width: 20, height: 80))
        #expect(sizes[12] == nil)
        // Storing again at a width it has replaces that size and forgets nothing.
        sizes[15] = Size(width: 15, height: 1)
        #expect(Array(sizes).map(\.width).filter(\.isFinite) == kept)
        #expect(sizes[15] == Size(width: 15, height: 1))
    }

    @Test func aGridDraggedThroughManyWidthsKeepsFewSizesAndDrawsAsAFreshOne() throws {
        let rows = (0..<60).map { row in
            "<Row>" + (0..<4).map { "<Label width=\"25%\" text=\"r\(row) \(String(repeating: "word ", count: ($0 + row) % 5 + 1))\"/>" }.joined() + "</Row>"
        }.joined()
        let xml = "<ScrollView><Column>\(rows)</Column></ScrollView>"
        let root = try makeNode(xml)
        let renderer = Renderer()
        for columns in 20...50 {
            root.screenSize = (Double(columns), 12)
            _ = try renderer.render(root, columns: columns, rows: 12)
        }
        root.screenSize = (33, 12)
        let dragged = try renderer.render(root, columns: 33, rows: 12).text
        #expect(dragged == (try screen(xml, 33, 12)))
        // The first row, measured at every width the column had.
        let row = root.children[0].children[0]
        let finite = Array(row.measurementCell.result?.sizes ?? SizesByWidth()).filter { $0.width.isFinite }
        #expect(finite.count == SizesByWidth.widthLimit, "\(finite.map(\.width))")
    }

    /// The sizes come in the order stored, the first one first, without an array made, and
    /// two tables are equal when they hold the same sizes in the same order.
    @Test(arguments: 0...4)
    func sizesComeInTheOrderStored(count: Int) {
        var sizes = SizesByWidth()
        let widths: [Double] = [.infinity, 30, 12, 80].prefix(count).map { $0 }
        for width in widths { sizes[width] = Size(width: min(width, 50), height: 2) }
        #expect(Array(sizes).map(\.width) == widths)
        var iterator = sizes.makeIterator()
        for width in widths { #expect(iterator.next()?.width == width) }
        #expect(iterator.next() == nil)
        #expect(iterator.next() == nil)
        var same = SizesByWidth(), reordered = SizesByWidth(), different = SizesByWidth()
        for width in widths { same[width] = Size(width: min(width, 50), height: 2) }
        for width in widths.reversed() { reordered[width] = Size(width: min(width, 50), height: 2) }
        for width in widths { different[width] = Size(width: min(width, 50), height: 3) }
        #expect(sizes == same)
        #expect((sizes == reordered) == (count < 2))
        #expect((sizes == different) == (count == 0))
        if count > 0 {
            sizes.remove(widths[0])
            #expect(Array(sizes).map(\.width) == Array(widths.dropFirst()))
        }
    }
}
