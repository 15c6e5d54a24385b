import Testing
@testable import TermLayout

/// `PropertyCells` keeps a node's one cell inline and more in an array, finds each by name
/// and keeps the order they were made in (issue 32, 3a).
struct PropertyCellsTests {
    private let names = ["text", "width", "color", "hidden", "title"]

    @Test(arguments: 0...5)
    func cellsAreFoundByNameInTheOrderMade(count: Int) throws {
        let node = try makeNode("<Label text=\"x\"/>")
        var cells = PropertyCells()
        let made = names.prefix(count).map { PropertyCell(node: node, name: $0) }
        for cell in made { cells.append(cell) }
        #expect(cells.count == count)
        #expect(cells.all.map(ObjectIdentifier.init) == made.map(ObjectIdentifier.init))
        var visited: [ObjectIdentifier] = []
        cells.forEach { visited.append(ObjectIdentifier($0)) }
        #expect(visited == made.map(ObjectIdentifier.init))
        for (index, name) in names.enumerated() {
            let found = cells.first(named: name).map(ObjectIdentifier.init)
            #expect(found == (index < count ? ObjectIdentifier(made[index]) : nil))
        }
        #expect(cells.first(named: "") == nil)
    }

    @Test func aCopyIsASnapshot() throws {
        let node = try makeNode("<Label text=\"x\"/>")
        var cells = PropertyCells()
        cells.append(PropertyCell(node: node, name: "text"))
        let copy = cells
        cells.append(PropertyCell(node: node, name: "width"))
        cells.append(PropertyCell(node: node, name: "color"))
        #expect(copy.count == 1)
        #expect(copy.first(named: "width") == nil)
        #expect(cells.count == 3)
    }

    @Test func theListIsAsSmallAsAnArray() {
        #expect(MemoryLayout<PropertyCells>.size == MemoryLayout<[PropertyCell]>.size)
    }

    /// Through a node: a label's expression gets a cell, found again for its next read, and
    /// a second property's cell joins it.
    @Test func aNodeFindsTheCellsItMade() throws {
        let node = try makeNode("<Label text=\"{t}\" hidden=\"{h}\"/>", state: ["t": "one", "h": false])
        #expect(node.existingCell("text") == nil)
        #expect(try node.value(of: "text") == .string("one"))
        let text = try #require(node.existingCell("text"))
        _ = try node.value(of: "hidden")
        let hidden = try #require(node.existingCell("hidden"))
        #expect(hidden !== text)
        #expect(node.existingCell("text") === text)
        #expect(node.cells(named: "text").count == 1)
        try node.setState(["t": "two", "h": false])
        #expect(try node.value(of: "text") == .string("two"))
        #expect(node.existingCell("text") === text)
    }
}
