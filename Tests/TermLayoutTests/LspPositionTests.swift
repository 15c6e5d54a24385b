import Testing
@testable import TermLayout

/// UTF-16 positions against UTF-8 offsets, and incremental edits made with them.
struct LspPositionTests {
    private func position(_ line: Int, _ character: Int) -> LspPosition { LspPosition(line: line, character: character) }

    @Test func asciiLines() {
        let map = LspLineMap("ab\ncd\r\nef\rgh")
        #expect(map.offset(of: position(0, 1)) == 1)
        #expect(map.offset(of: position(1, 2)) == 5)
        #expect(map.offset(of: position(2, 0)) == 7)
        #expect(map.offset(of: position(3, 2)) == 12)
        #expect(map.position(of: 4) == position(1, 1))
        #expect(map.position(of: 6) == position(1, 2)) // inside \r\n: the line's end
        #expect(map.position(of: 10) == position(3, 0))
    }

    @Test func cjkCountsOneUnitPerCharacter() {
        let map = LspLineMap("x\n日本語=1")
        // 日 本 語 are three bytes each, one UTF-16 unit each.
        #expect(map.offset(of: position(1, 2)) == 2 + 6)
        #expect(map.position(of: 2 + 9) == position(1, 3))
    }

    @Test func emojiCountsTwoUnits() {
        let map = LspLineMap("😀a👍🏽b")
        // 😀 is 4 bytes and a surrogate pair; 👍🏽 is two such scalars.
        #expect(map.offset(of: position(0, 2)) == 4)
        #expect(map.position(of: 5) == position(0, 3))
        #expect(map.offset(of: position(0, 7)) == 13)
        #expect(map.position(of: 13) == position(0, 7))
    }

    @Test func aPositionInsideASurrogatePairIsTheScalarsStart() {
        let map = LspLineMap("a😀b")
        #expect(map.offset(of: position(0, 2)) == 1)
        #expect(map.position(of: 3) == position(0, 1))
    }

    @Test func outOfRangePositionsAreClamped() {
        let map = LspLineMap("ab\ncd")
        #expect(map.offset(of: position(0, 99)) == 2)
        #expect(map.offset(of: position(9, 0)) == 5)
        #expect(map.offset(of: position(-1, -1)) == 0)
        #expect(map.position(of: 99) == position(1, 2))
        #expect(map.position(of: -3) == position(0, 0))
        #expect(LspLineMap("").offset(of: position(3, 3)) == 0)
    }

    @Test func incrementalEditsUseUTF16Ranges() {
        var document = LspDocument(uri: "file:///a.xml", version: 1, text: "<Label text=\"日本😀\" widht=\"3\"/>\n")
        // Replace `widht` (after 日本😀": 13 + 2 + 2 + 2 = 19…) at UTF-16 columns 20..<25.
        let line = Array("<Label text=\"日本😀\" widht=\"3\"/>".utf16)
        let start = line.firstIndex(of: UInt16(UInt8(ascii: "w")))!
        document.apply("width", in: LspRange(start: position(0, start), end: position(0, start + 5)))
        #expect(document.text == "<Label text=\"日本😀\" width=\"3\"/>\n")
        document.apply("x\n", in: LspRange(start: position(1, 0), end: position(1, 0)))
        document.apply("", in: LspRange(start: position(0, 13), end: position(0, 17)))
        #expect(document.text == "<Label text=\"\" width=\"3\"/>\nx\n")
        document.apply("whole", in: nil)
        #expect(document.text == "whole")
        document.apply("!", in: LspRange(start: position(5, 5), end: position(0, 0)))
        #expect(document.text == "whole!")
    }

    @Test func theStoreAppliesChangesInOrder() {
        var store = LspDocumentStore()
        store.open(uri: "u", version: 1, text: "abc")
        let changed = store.change(uri: "u", version: 2, changes: [("X", LspRange(start: position(0, 1), end: position(0, 2))),
                                                                   ("Y", LspRange(start: position(0, 0), end: position(0, 0)))])
        #expect(changed)
        #expect(store["u"]?.text == "YaXc")
        #expect(store["u"]?.version == 2)
        let missing = store.change(uri: "v", version: 1, changes: [])
        #expect(!missing)
        let closed = store.close(uri: "u")
        #expect(closed)
        #expect(store["u"] == nil)
    }
}
