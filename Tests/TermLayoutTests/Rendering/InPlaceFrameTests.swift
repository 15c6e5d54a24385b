import Foundation
import Testing
@testable import TermLayout

/// A frame is drawn over the last one in place: the renderer paints into its own buffer and
/// the app copies only the changed rows to the screen, so a keystroke never copies (retains
/// and releases) the whole screen — and what reaches the terminal is the same as before.
@MainActor
struct InPlaceFrameTests {
    private static func address(_ buffer: CellBuffer?) -> UnsafeRawPointer? {
        buffer?.cells.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    private static func app(_ fixture: TemplateFixture, statusLine: Bool) -> LayoutApp<[String: Value]> {
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.showsStatusLine = statusLine
        options.quitsOnQ = false
        return LayoutApp(template: fixture.path("Main.xml"), state: ["name": ""], options: options)
    }

    @Test(arguments: [true, false])
    func typingPaintsTheSameBuffersInPlace(statusLine: Bool) throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><TextField text="{name}" width="20"/><Label text="L1"/><Label text="{name}!"/></Column>"#])
        let app = Self.app(fixture, statusLine: statusLine)
        let pilot = Pilot(app, columns: 40, rows: 8)
        pilot.type("a")
        let renderer = Self.address(app.renderer.lastFrame), screen = Self.address(app.front)
        #expect(renderer != nil && screen != nil && renderer != screen)
        for text in ["b", "c", "d"] {
            pilot.type(text)
            #expect(Self.address(app.renderer.lastFrame) == renderer, "the renderer's buffer is painted in place")
            #expect(Self.address(app.front) == screen, "the screen's buffer is drawn over in place")
        }
        #expect(pilot.lines[0].hasPrefix("abcd"))
        #expect(pilot.lines[2].hasPrefix("abcd!"))
        // What the terminal shows is what a full render of the same tree gives.
        let fresh = try Renderer(focused: app.interaction?.focused, usesHardwareCursor: true).render(try #require(app.root), columns: 40, rows: 8)
        for row in 0..<(statusLine ? 7 : 8) { #expect(pilot.lines[row] == fresh.lines[row]) }
    }

    @Test func theStatusLineIsLeftAloneUntilItChanges() throws {
        let fixture = try TemplateFixture(["Main.xml": #"<Column><TextField text="{name}" width="20"/></Column>"#])
        let app = Self.app(fixture, statusLine: true)
        let pilot = Pilot(app, columns: 60, rows: 6)
        let hint = try #require(pilot.lines.last)
        #expect(hint.contains("Tab"))
        pilot.type("ab")
        #expect(pilot.lines.last == hint)
        #expect(app.statusLineShown.map { $0 == (app.status, 60, 6) } == true)
        app.status = "saved"
        pilot.type("c")
        #expect(pilot.lines.last?.hasPrefix("saved ") == true)
        #expect(pilot.lines[0].hasPrefix("abc"))
    }

    @Test func aFrameThatFailsLeavesTheLastGoodFrameWhole() throws {
        let xml = #"<Column><Label text="{name}"/><Label text="keep"/><Label text="x" color="{col}"/></Column>"#
        let fixture = try TemplateFixture(["Main.xml": xml])
        let root = try LayoutNode(template: fixture.load("Main.xml").get(), state: ["name": "one", "col": .color(.palette(.red))])
        let renderer = IncrementalRenderer()
        _ = try renderer.render(root, columns: 20, rows: 4)
        try root.setState(["name": "two"])
        let good = try renderer.render(root, columns: 20, rows: 4)
        // The label before the bad one repaints first, then the bad colour fails the frame.
        try root.setState(["name": "three", "col": "nope"])
        #expect(throws: Diagnostic.self) { try renderer.render(root, columns: 20, rows: 4) }
        #expect(renderer.lastFrame == good)
        #expect(renderer.lastFrame?.lines[0].hasPrefix("two") == true)
    }

    @Test func keptRowsDiffAsTheWholeBufferDoes() {
        var before = CellBuffer(columns: 12, rows: 5)
        before.write("hello 日本", column: 0, row: 1, style: .plain, clip: before.bounds)
        before.write("abc", column: 3, row: 3, style: .plain, clip: before.bounds)
        before.cursor = CellPosition(column: 2, row: 1)
        let bands = [1..<2, 3..<5]
        var after = before
        let saved = after.saving(rows: bands)
        after.clear(CellRect(column: 0, row: 1, columns: 12, rows: 1))
        after.write("he本llo", column: 1, row: 1, style: .plain, clip: after.bounds)
        after.write("xyz", column: 2, row: 4, style: .plain, clip: after.bounds)
        after.cursor = nil
        #expect(!after.changes(from: saved).isEmpty)
        #expect(after.changes(from: saved) == after.changes(from: before, inRows: bands))
        // Copied rows make another buffer the same in those rows; restored ones undo it all.
        var copy = before
        copy.copyRows(bands, from: after)
        #expect(copy == { var expected = after; expected.cursor = before.cursor; return expected }())
        after.restore(saved)
        #expect(after == before)
    }

    /// Taking rows from the renderer's buffer diffs each as it is copied: the same runs, and
    /// the same buffer, as keeping the rows aside, copying them and diffing against those kept.
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func takenRowsDiffAsKeptAndCopiedRowsDo(seed: UInt64) {
        var random = RobustnessTests.SplitMix64(state: seed)
        let texts = ["abc", "日本", "x", "a\u{301}b", "😀", "wide 全角 text", " "]
        func scribbled(_ buffer: CellBuffer, times: Int) -> CellBuffer {
            var buffer = buffer
            for _ in 0..<times {
                let text = texts[Int(random.next() % UInt64(texts.count))]
                let style = CellStyle(foreground: random.next() % 2 == 0 ? .default : .palette(.red))
                buffer.write(text, column: Int(random.next() % 14) - 2, row: Int(random.next() % 7), style: style, clip: buffer.bounds)
            }
            return buffer
        }
        let screen = scribbled(CellBuffer(columns: 12, rows: 7), times: 20)
        let frame = scribbled(screen, times: 1 + Int(random.next() % 12))
        let bands = (0..<Int(random.next() % 4)).map { _ in
            let start = Int(random.next() % 9) - 1
            return start..<(start + Int(random.next() % 4))
        }
        var expected = screen
        let saved = expected.saving(rows: bands)
        expected.copyRows(bands, from: frame)
        var taken = screen
        let changes = taken.takeRows(bands, from: frame)
        #expect(changes == expected.changes(from: saved), "bands \(bands)")
        #expect(taken == expected)
    }

    /// A diff's runs are slices of the buffer diffed: painting it again afterwards leaves the
    /// runs as they were.
    @Test func runsKeepTheirCellsWhenTheBufferChangesAfterward() {
        let before = CellBuffer(columns: 8, rows: 2)
        var after = before
        after.write("ab", column: 1, row: 0, style: .plain, clip: after.bounds)
        after.write("日", column: 4, row: 1, style: .plain, clip: after.bounds)
        let changes = after.changes(from: before)
        after.write("zzzzzzzz", column: 0, row: 0, style: .plain, clip: after.bounds)
        after.clear(after.bounds)
        #expect(changes.map { $0.cells.map(\.text).joined() } == ["ab", "日"])
        #expect(changes.map(\.column) == [1, 4] && changes.map(\.run.count) == [2, 2])
        var applied = before
        applied.apply(changes)
        #expect(applied.lines == [" ab     ", "    日  "])
        #expect(CellBuffer.Change(column: 1, row: 0, cells: changes[0].cells) == changes[0])
    }
}
