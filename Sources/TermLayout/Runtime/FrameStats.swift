import Foundation
import SystemPackage

/// What each frame cost — layout, render and flush times, the cells sent and (where the
/// backend can count them) bytes written — shown in a corner of the screen or appended to a
/// log file, as notcurses' `ncstats` does.
///
/// `termlayout preview --stats` shows the corner; `--stats-log FILE` writes lines such as
/// `frame 12 layout 0.041 ms render 0.210 ms flush 0.063 ms cells 1 bytes 14` (ncurses's
/// bytes are counted by the kernel's per-thread counters on Linux, while stats are kept; with
/// no count, `bytes` is left out).
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
    /// The open log file (-1: none).
    private var log: Int32 = -1
    /// Why the log is not written (it could not be opened, or a write failed); said once.
    public private(set) var logProblem: String?
    /// Whether ``logProblem`` was already handed to the app to show.
    private var logProblemShown = false

    init(output: Output?) {
        self.output = output
        overlayShown = output == .overlay
        if case .log(let path) = output {
            switch Self.openLog(path) {
            case .success(let descriptor): log = descriptor
            case .failure(let problem): logProblem = problem.description
            }
        }
    }

    /// For tests: logs to an open `descriptor` (such as `/dev/full`), which it then owns.
    init(logDescriptor descriptor: Int32) {
        output = .log(path: "descriptor \(descriptor)")
        overlayShown = false
        log = descriptor
    }

    /// Why a stats log cannot be used.
    public struct LogProblem: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the file.
        public var description: String
    }

    /// Opens `path` to append to, creating it if missing. Only a regular file is accepted: a
    /// FIFO would block the app (it is opened without blocking, to be refused), and a device
    /// such as `/dev/full` fails every write.
    public static func openLog(_ path: String) -> Result<Int32, LogProblem> {
        let shown = TextSanitizer.sanitize(path)
        let notRegular = LogProblem(description: "the stats log '\(shown)' is not a regular file; give a file to append to")
        var existing = stat()
        if stat(path, &existing) == 0, !isRegular(existing) { return .failure(notRegular) }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(LogProblem(description: "cannot open the stats log '\(shown)': \(String(cString: strerror(errno)))"))
        }
        var information = stat()
        guard fstat(descriptor, &information) == 0, isRegular(information) else {
            _ = Foundation.close(descriptor)
            return .failure(notRegular)
        }
        // Writes to a regular file do not block; clear the flag all the same.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// Whether `information` describes a regular file (mode types differ by platform).
    private static func isRegular(_ information: stat) -> Bool {
        Int(information.st_mode) & Int(S_IFMT) == Int(S_IFREG)
    }

    /// Why `path` cannot be a stats log, checked before the terminal is taken over and
    /// without creating anything: an existing file must be a regular file that opens for
    /// appending, a missing one needs a folder it can be created in. `nil` if it can be used.
    public static func checkLog(_ path: String) -> LogProblem? {
        var existing = stat()
        guard stat(path, &existing) == 0 else {
            let folder = FilePath(path).removingLastComponent().string
            guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
                return LogProblem(description: "cannot create the stats log '\(TextSanitizer.sanitize(path))': \(String(cString: strerror(errno)))")
            }
            return nil
        }
        switch openLog(path) {
        case .success(let descriptor):
            _ = Foundation.close(descriptor)
            return nil
        case .failure(let problem):
            return problem
        }
    }

    /// The log problem not shown yet, once.
    func takeNewLogProblem() -> String? {
        guard let logProblem, !logProblemShown else { return nil }
        logProblemShown = true
        return logProblem
    }

    /// Whether the corner overlay shows: at first when asked for (``Output/overlay``); the
    /// command palette's "Show frame stats" turns it on or off.
    var overlayShown: Bool

    var showsOverlay: Bool { overlayShown }

    func record(layout: Duration, render: Duration, flush: Duration, cells: Int, bytes: Int?) {
        let frame = Frame(layout: layout, render: render, flush: flush, cells: cells, bytes: bytes)
        last = frame
        count += 1
        if log >= 0 { append("frame \(count) \(Self.describe(frame))\n") }
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

    /// Writes `line` to the log; on an error (a full disk, `/dev/full`) logging stops and the
    /// problem is kept to be said once.
    private func append(_ line: String) {
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(log, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = written < 0 ? String(cString: strerror(errno)) : "nothing was written"
                let name = if case .log(let path) = output { TextSanitizer.sanitize(path) } else { "" }
                logProblem = "cannot write the stats log '\(name)': \(reason); frame stats are no longer logged"
                close()
                return
            }
            offset += written
        }
    }

    func close() {
        if log >= 0 { _ = Foundation.close(log) }
        log = -1
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
