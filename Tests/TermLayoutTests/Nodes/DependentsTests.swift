import Testing
@testable import TermLayout

/// `Dependents` keeps one or two readers inline and more in an array, in the order recorded,
/// and skips retired ones (issue 32, 3a).
struct DependentsTests {
    private func cells(_ count: Int) -> [CachedCell] { (0..<count).map { _ in CachedCell() } }

    private func list(of cells: [CachedCell]) -> Dependents {
        var list = Dependents()
        for cell in cells { list.append(CellReference(cell: cell)) }
        return list
    }

    private func alive(_ list: Dependents) -> [ObjectIdentifier] {
        var seen: [ObjectIdentifier] = []
        list.forEachAlive { seen.append(ObjectIdentifier($0)) }
        return seen
    }

    @Test(arguments: 0...5)
    func readersComeBackInTheOrderRecorded(count: Int) {
        let readers = cells(count), list = list(of: readers)
        let ids = readers.map(ObjectIdentifier.init)
        #expect(list.count == count)
        #expect(list.isEmpty == (count == 0))
        // The reader recorded last reading again is not recorded twice; any other is.
        var again = list
        if let last = readers.last { again.append(unlessLast: last) }
        #expect(again.count == count)
        if count >= 2 {
            again.append(unlessLast: readers[0])
            #expect(again.all.map { ObjectIdentifier($0.unretainedCell) } == ids + [ids[0]])
        }
        #expect(list.all.map { ObjectIdentifier($0.unretainedCell) } == ids)
        #expect(alive(list) == ids)
        var work: [CellReference] = [CellReference(cell: CachedCell())]
        list.appendAll(to: &work)
        #expect(work.dropFirst().map { ObjectIdentifier($0.unretainedCell) } == ids)
    }

    @Test(arguments: 1...5)
    func retiredReadersAreSkipped(count: Int) {
        let readers = cells(count), list = list(of: readers)
        for (index, cell) in readers.enumerated() where index % 2 == 0 { cell.retire() }
        let expected = readers.enumerated().filter { $0.offset % 2 == 1 }.map { ObjectIdentifier($0.element) }
        #expect(alive(list) == expected)
        // The last reader, if retired, is recorded again when it reads (it is skipped as a reader).
        var again = list
        again.append(unlessLast: readers[count - 1])
        #expect(again.count == ((count - 1) % 2 == 1 ? count : count + 1))
        // Retired readers stay counted until swept.
        #expect(list.count == count)
    }

    @Test func removingAllEmptiesTheListAndItGrowsAgain() {
        var list = list(of: cells(4))
        list.removeAll()
        #expect(list.isEmpty && list.count == 0 && alive(list).isEmpty)
        let again = cells(2)
        for cell in again { list.append(CellReference(cell: cell)) }
        #expect(alive(list) == again.map(ObjectIdentifier.init))
    }

    /// A copy is a snapshot: growing or emptying the original leaves it as it was (the
    /// invalidation takes a copy and empties the original before going through it).
    @Test func aCopyIsASnapshot() {
        let readers = cells(3)
        var list = list(of: readers)
        let copy = list
        list.append(CellReference(cell: CachedCell()))
        #expect(copy.count == 3 && list.count == 4)
        list.removeAll()
        #expect(alive(copy) == readers.map(ObjectIdentifier.init))
    }

    /// A long-lived source whose readers come and go (a List's rows) keeps a list in
    /// proportion to its live readers: retired ones are swept as it doubles.
    @Test func retiredReadersAreSweptAsTheListGrows() {
        var list = Dependents()
        var live: [CachedCell] = []
        for round in 0..<200 {
            let cell = CachedCell()
            list.append(CellReference(cell: cell))
            if round % 10 == 0 { live.append(cell) } else { cell.retire() }
        }
        #expect(alive(list) == live.map(ObjectIdentifier.init))
        #expect(list.count < 64)
    }

    @Test func itIsAsSmallAsOneReferenceAndAnArray() {
        #expect(MemoryLayout<Dependents>.size == MemoryLayout<CellReference?>.size + MemoryLayout<[CellReference]>.size)
    }
}
