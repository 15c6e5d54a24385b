import Foundation
import Testing
@testable import TermLayout
@testable import TermLayoutNcurses

/// `bytesWritten` under ncurses, which writes to the terminal itself: the count a draw
/// reports is exactly what the pseudo-terminal receives, it is taken only while asked, and
/// a running app's trace carries it. In the serialized suite, since ncurses has one current
/// terminal per process.
extension EventLoopTests {
    /// `text` as the cells of a row, from `column` on (room for wide characters).
    func change(_ text: String, row: Int, column: Int = 0, style: CellStyle = .plain) -> CellBuffer.Change {
        var buffer = CellBuffer(columns: column + text.count * 2, rows: row + 1)
        buffer.write(text, column: column, row: row, style: style, clip: buffer.bounds)
        let empty = CellBuffer(columns: buffer.columns, rows: buffer.rows)
        return buffer.changes(from: empty, inRows: [row..<(row + 1)])[0]
    }

    @Test func aDrawCountsWhatThePtyReceives() throws {
        #if os(Linux)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        // Not counting until asked.
        terminal.draw([change("before", row: 0)], cursor: nil)
        #expect(terminal.bytesWritten == nil)
        terminal.countBytes(true)
        #expect(terminal.bytesWritten == 0)
        let frames: [([CellBuffer.Change], CellPosition?)] = [
            ([change("Hello, world", row: 1, column: 2)], nil),
            ([change("bold", row: 3, style: CellStyle(attributes: .bold)), change("你好", row: 4, column: 5)], CellPosition(column: 1, row: 1)),
            ([change("x", row: 9, column: 39, style: CellStyle(foreground: .palette(.red)))], nil),
            ([], nil),
        ]
        for (changes, cursor) in frames {
            let received = pty.settle()
            let counted = try #require(terminal.bytesWritten)
            terminal.draw(changes, cursor: cursor)
            let wrote = try #require(terminal.bytesWritten) - counted
            #expect(wrote == pty.settle() - received, "\(changes.count) runs")
            if !changes.isEmpty { #expect(wrote > 0) }
        }
        terminal.countBytes(false)
        #expect(terminal.bytesWritten == nil)
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    @Test @MainActor func anAppsTraceGivesTheBytesEachFrameWrote() throws {
        #if os(Linux)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frame-bytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let template = folder + "/Main.xml", trace = folder + "/frames.jsonl"
        try #"<Column padding="1"><Label text="Count: {count}"/><Label text="{title}"/></Column>"#.write(toFile: template, atomically: true, encoding: .utf8)
        var options = LayoutAppOptions()
        options.watchesFiles = false
        options.trace = trace
        let app = LayoutApp(template: template, state: ["count": 0, "title": "Hi"], options: options)
        let pty = try #require(PseudoTerminal(columns: 40, rows: 8))
        let terminal = try NcursesTerminal(input: pty.follower, output: pty.follower, type: "xterm-256color")
        defer { terminal.close() }
        var received: [Int] = []
        var sent = pty.settle()
        app.attach(terminal)
        for step in 0..<3 {
            if step > 0 { try app.setState(["count": .number(Double(step * 7))]) }
            app.drawIfNeeded()
            let now = pty.settle()
            received.append(now - sent)
            sent = now
        }
        app.trace?.close()
        let frames = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(frames.map { $0["bytes"] as? Int } == received.map { Optional($0) })
        #expect(received.allSatisfy { $0 > 0 })
        #else
        let terminalless = true
        #expect(terminalless)
        #endif
    }

    @Test func theCountIsReadFromTheWcharLine() {
        func wchar(_ text: String) -> Int? { Array(text.utf8).withUnsafeBytes { ThreadWrites.wchar(in: $0) } }
        #expect(wchar("rchar: 6976\nwchar: 1234\nsyscr: 10\n") == 1234)
        #expect(wchar("wchar: 0") == 0)
        #expect(wchar("rchar: 1\n") == nil)
        #expect(wchar("wchar: 12x\n") == nil)
        #expect(wchar("wchar: 99999999999999999999999\n") == nil)
        #expect(wchar("") == nil)
    }
}
