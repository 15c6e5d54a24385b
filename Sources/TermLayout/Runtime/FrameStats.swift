import Foundation

/// What each frame cost — layout, render and flush times, the cells sent and (where the
/// backend can count them) bytes written — shown in a corner of the screen or appended to a
/// log file, as notcurses' `ncstats` does.
///
/// `termlayout preview --stats` shows the corner; `--stats-log FILE` writes lines such as
/// `frame 12 layout 0.041 ms render 0.210 ms flush 0.063 ms cells 1`. (ncurses writes to
/// the terminal itself, so its bytes are measured by the pty benchmarks, not here.)
public final class FrameStats {
    /// Where the numbers go.
    public enum Output: Sendable, Hashable {
        /// A one-line overlay at the top right of the screen.
        case overlay
        /// One line per frame appended to a file.
        case log(path: String)
    }

    /// One frame's costs.
    public struct Frame: Sendable, Hashable {
        /// Evaluating and laying out what changed.
        public var layout: Duration
        /// Painting the changed rows and diffing them.
        public var render: Duration
        /// Sending the changes to the terminal.
        public var flush: Duration
        /// Cells sent to the backend (the changed ones).
        public var cells: Int
        /// Bytes the backend wrote, if it counts them.
        public var bytes: Int?
    }

    /// The last frame's costs.
    public private(set) var last: Frame?
    /// Frames drawn so far.
    public private(set) var count = 0
    private let output: Output?
    private var log: FileHandle?

    init(output: Output?) {
        self.output = output
        if case .log(let path) = output {
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            log = FileHandle(forWritingAtPath: path)
            _ = try? log?.seekToEnd()
        }
    }

    var showsOverlay: Bool { output == .overlay }

    func record(layout: Duration, render: Duration, flush: Duration, cells: Int, bytes: Int?) {
        let frame = Frame(layout: layout, render: render, flush: flush, cells: cells, bytes: bytes)
        last = frame
        count += 1
        if let log { log.write(Data("frame \(count) \(Self.describe(frame))\n".utf8)) }
    }

    /// Draws the last frame's numbers at the top right of `buffer`; returns the row drawn.
    func overlayRow(in buffer: inout CellBuffer) -> Int? {
        guard showsOverlay, buffer.rows > 0 else { return nil }
        let text = " " + (last.map(Self.describe) ?? "first frame") + " "
        let width = TextMeasure.width(of: text)
        let column = max(buffer.columns - width, 0)
        let area = CellRect(column: column, row: 0, columns: buffer.columns - column, rows: 1)
        buffer.clear(area)
        buffer.write(text, column: column, row: 0, style: CellStyle(foreground: .palette(.black), background: .palette(.yellow)), clip: area)
        return 0
    }

    func close() {
        try? log?.close()
        log = nil
    }

    /// `layout 0.041 ms render 0.210 ms flush 0.063 ms cells 1`.
    static func describe(_ frame: Frame) -> String {
        func milliseconds(_ duration: Duration) -> String {
            let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            return String(format: "%.3f ms", value)
        }
        let bytes = frame.bytes.map { " bytes \($0)" } ?? ""
        return "layout \(milliseconds(frame.layout)) render \(milliseconds(frame.render)) flush \(milliseconds(frame.flush)) cells \(frame.cells)\(bytes)"
    }
}

extension LayoutApp {
    /// Costs of the frames drawn so far (the last one, and how many).
    public var frameStats: FrameStats { stats }
}
