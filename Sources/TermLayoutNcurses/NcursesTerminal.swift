// Backends: the ncurses backend. Thin by design: it receives finished cells and keys; all
// layout, rendering and diffing happen in the core.
import CNcursesw
import Foundation
import TermLayout

/// The terminal through ncursesw: initialises it (locale, raw keys, colours), draws changed
/// cells, reads keys, and restores the terminal on ``close()`` — which `deinit` and the
/// signal handling also guarantee.
public final class NcursesTerminal {
    // `pairs`, `plainRun` and `colors` change for every cell drawn: no run-time exclusivity
    // check on each access (about 6% of a page of the 100,000-label grid). The terminal is
    // not `Sendable`, and drawing never calls back into itself, so no two accesses overlap.
    /// The colour pair of each cell on the screen, reused once none shows it (``ColorPairTable``).
    @exclusivity(unchecked) private var pairs = ColorPairTable<PairKey>(limit: 1, columns: 0, rows: 0)
    private(set) var isOpen = false
    /// Whether the title from before was saved (``setTitle(_:)``), so ``close()`` restores it.
    var savedTitle = false
    /// Whether the kitty keyboard mode was pushed (`KittyKeyboard`), so close pops it.
    var pushedKeyboardMode = false
    /// The title last set (``setTitle(_:)``), set again after a suspend.
    var currentTitle: String?
    /// Stops the process on a suspend (SIGTSTP) until it is continued; tests put in a
    /// stand-in that returns at once.
    var stopProcess: () -> Void = { SignalTrap.stopProcess() }
    private var cursorVisible = false
    /// Whether nothing was drawn yet: the screen ncurses keeps (and the terminal, which it
    /// cleared on opening) is all blank cells of the terminal's own look, so drawing such a
    /// cell changes nothing. A first frame is mostly blank.
    private var screenIsBlank = true
    /// Plain characters gathered so that a run of them takes one ncurses call.
    @exclusivity(unchecked) private var plainRun = PlainRun()
    /// How many times a draw called ncurses to put text (one a run of plain characters).
    var textPuts: Int { plainRun.puts }
    private let input: Int32
    private var opened = tl_terminal()
    /// The stream ncurses writes the screen to.
    var outputStream: UnsafeMutablePointer<FILE> { opened.out }
    var decoder = KeyDecoder()
    private var utf8 = UTF8Assembly()
    /// The bytes counted since ``countBytes(_:)`` asked, or `nil` while not counting or
    /// where they cannot be counted (see ``ThreadWrites``).
    var writtenCount: Int?
    /// Whether cells are drawn in ASCII because the locale cannot encode UTF-8 (see
    /// `ASCIIFallback`); a note says so on stderr once the terminal is restored.
    public var drawsASCII: Bool { locale.drawsASCII }
    /// How the character encoding was chosen (`LocaleChoice`).
    let locale: LocaleChoice
    /// Notes printed to stderr once the terminal is restored: why borders were drawn in
    /// ASCII, which locale stood in for a missing one, why 24-bit colour was not used.
    private(set) var exitNotes: [String] = []
    /// How many colours the terminal shows.
    public private(set) var depth: ColorBlending.Depth = .monochrome
    /// What the terminal answered when asked at start (`TerminalProbe`): its background,
    /// the kitty keyboard flags. Empty when it answered nothing or was not asked.
    public private(set) var probe = TerminalProbeResult()
    /// Keys typed while the probe waited for answers, decoded: the first
    /// ``pendingEvents()`` returns them before anything read since.
    private var typedDuringProbe: [InputEvent] = []
    /// Maps each cell's colours to ``depth``, remembering each 24-bit colour's match.
    @exclusivity(unchecked) private var colors = ColorMapper(depth: .monochrome)
    /// Whether the terminfo entry is a direct-colour one, whose colour numbers are packed RGB.
    private var isDirect = false

    private struct PairKey: Hashable {
        var foreground: ColorBlending.Mapped
        var background: ColorBlending.Mapped
    }

    /// Opens the process's terminal (standard input and output, `$TERM`).
    /// - Parameter colorMode: `--color`'s choice; see `ColorSupport` for how it combines
    ///   with `NO_COLOR`, `FORCE_COLOR`, `COLORTERM` and terminfo.
    public convenience init(colorMode: ColorSupport.Mode = .auto) throws(TerminalError) {
        try self.init(input: STDIN_FILENO, output: STDOUT_FILENO, type: nil, colorMode: colorMode)
    }

    /// Opens a terminal on other descriptors, such as a pseudo-terminal in benchmarks.
    /// - Parameters:
    ///   - input: the descriptor keys, the mouse and pastes are read from.
    ///   - output: the descriptor the screen is drawn on.
    ///   - type: the terminfo name, opened as given; `nil` reads `$TERM`, whose `-direct`
    ///     entry is opened instead when the terminal takes 24-bit colour (`ColorSupport`)
    ///     and that entry is installed.
    ///   - colorMode: `--color`'s choice.
    ///   - environment: where `NO_COLOR`, `FORCE_COLOR` and `COLORTERM` are read; `nil` is
    ///     the process's. The locale variables are always the process's (`LocaleChoice`),
    ///     since the C library reads them there.
    public init(input: Int32, output: Int32, type: String?, colorMode: ColorSupport.Mode = .auto,
                environment: [String: String]? = nil) throws(TerminalError) {
        let processEnvironment = ProcessInfo.processInfo.environment
        let environment = environment ?? processEnvironment
        // The locale variables are read from the process (`setlocale`), whatever `environment` says.
        locale = ASCIIFallback.setLocale(environment: processEnvironment)
        exitNotes = locale.note.map { [$0] } ?? []
        // Refused before anything is sent: drawing on a file, a pipe or a terminal that
        // cannot move its cursor would only write garbage.
        try Self.checkUsable(output: output, type: type)
        // Before newterm, which installs handlers of its own for signals still at default.
        SignalTrap.install()
        // Before newterm, which already turns echo, canonical mode and CR/LF translation off.
        SignalTrap.saveModesForCrash(input: input)
        // An explicit type (pseudo-terminals in tests and benchmarks) is opened as given;
        // only `$TERM` is swapped for its `-direct` entry.
        let choice = Self.colorChoice(type: Self.typeName(type), output: output, mode: colorMode,
                                      environment: environment, mayUseDirectEntry: type == nil)
        var opened = tl_terminal()
        let status = tl_open(choice.type, output, input, &opened)
        guard status != 0 else {
            SignalTrap.restore()
            throw TerminalError(description: "cannot open the terminal: terminal type '\(Self.quoted(Self.typeName(type)))' is unknown or the terminal is not usable",
                                suggestion: "set TERM to a known type, such as xterm-256color")
        }
        self.opened = opened
        self.input = fileno(opened.in)
        // A crash from here on still gives the terminal back, with the modes saved above.
        SignalTrap.armCrashRestore(input: self.input, output: fileno(opened.out))
        SignalTrap.installResizeWake()
        isOpen = true
        raw()
        noecho()
        keypad(tl_stdscr(), true)
        nonl()
        set_escdelay(25)
        // No look for typed keys while a frame is written: ncurses polls the input every five
        // changed rows (a system call each, nine a full page), only to flush early. The app reads
        // the keys between frames, and a frame goes out whole.
        typeahead(-1)
        curs_set(0)
        tl_enable_mouse()
        tl_leave_modified_keys_undecoded()
        // Cursor keys in both of a terminal's modes: terminfo names the application-mode
        // sequences (`\EOA`), but some terminals send the normal-mode ones (`\E[A`) anyway.
        let normalMode: [(String, Int32)] = [("\u{1B}[A", tl_key_up()), ("\u{1B}[B", tl_key_down()), ("\u{1B}[C", tl_key_right()),
                                              ("\u{1B}[D", tl_key_left()), ("\u{1B}[H", tl_key_home()), ("\u{1B}[F", tl_key_end())]
        for (sequence, key) in normalMode where key_defined(sequence) == 0 { define_key(sequence, key) }
        // Pasted text arrives marked, so it is one insertion (see KeyDecoder).
        tl_bracketed_paste(opened.out, 1)
        tl_button_event_mouse(opened.out, 1)
        // The window gaining and losing the focus arrives as events (see KeyDecoder).
        tl_focus_events(opened.out, 1)
        // No colour (NO_COLOR, --color=never): colours are never started, so no colour
        // sequence is sent; attributes still are.
        if choice.support.depth != .monochrome, has_colors() {
            start_color()
            use_default_colors()
            let colors = tl_colors()
            // A direct-colour terminfo entry (TERM=xterm-direct, …) reports 2^24 colours;
            // its colour numbers are then packed RGB values.
            isDirect = colors >= 1 << 24
            let terminal: ColorBlending.Depth = isDirect ? .trueColor : colors >= 256 ? .colors256 : colors >= 16 ? .colors16 : .colors8
            // No deeper than the decision (`FORCE_COLOR=1` draws 16 colours on any terminal).
            depth = min(terminal, max(choice.support.depth, .colors8))
            self.colors = ColorMapper(depth: depth)
            pairs = ColorPairTable(limit: tl_color_pairs(), columns: Int(tl_cols()), rows: Int(tl_lines()))
            // 24-bit colour was asked for and could not be had: said after exit, as the locale is.
            if let missing = choice.missingDirect, depth != .trueColor {
                let asker = Self.trueColorAsker(type: Self.typeName(type), mode: colorMode, environment: environment)
                exitNotes.append(Self.directEntryNote(asker: asker, missing: missing, depth: depth))
            }
        }
        // Last, once ncurses has set the terminal up and before the first frame.
        if TerminalProbe.isWanted(input: self.input, output: fileno(opened.out), type: Self.typeName(type), environment: environment) {
            let answers = TerminalProbe.run(input: self.input) { writeSequence($0) }
            probe = answers.result
            for byte in answers.leftover {
                if let scalar = utf8.push(byte) { decoder.feed(.scalar(scalar), into: &typedDuringProbe) }
            }
            decoder.endBatch(inputDrained: true, into: &typedDuringProbe)
            // An over-long answer still arriving: the rest of it is dropped, never typed.
            if let unfinished = answers.unfinished { decoder.continueDropping(unfinished) }
        }
        enableKittyKeyboard(environment: environment)
    }

    deinit { close() }

    /// Why the terminal could not be opened.
    public struct TerminalError: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
        /// What to try instead.
        public var suggestion: String
    }

    /// The terminal's size in cells.
    public var size: (columns: Int, rows: Int) { (Int(tl_cols()), Int(tl_lines())) }

    /// Restores the terminal. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        tl_clear_bottom_row_without_alternate_screen()
        curs_set(1)
        leaveOwnModes()
        pushedKeyboardMode = false
        tl_close(&opened)
        SignalTrap.disarmCrashRestore()
        SignalTrap.restore()
        for note in exitNotes { _ = note.withCString { write(STDERR_FILENO, $0, strlen($0)) } }
    }

    /// Draws the runs of cells that changed, puts the terminal's cursor at `cursor` (or hides
    /// it), then shows them. While counting (``countBytes(_:)``), the bytes this writes are
    /// added to ``bytesWritten``.
    public func draw(_ changes: [CellBuffer.Change], cursor: CellPosition? = nil) {
        guard let counted = writtenCount else { return drawCells(changes, cursor: cursor) }
        // The same thread before and after: the draw is synchronous.
        writtenCount = ThreadWrites.measure { drawCells(changes, cursor: cursor) }.map { counted + $0 }
    }

    private func drawCells(_ changes: [CellBuffer.Change], cursor: CellPosition?) {
        let colored = depth != .monochrome
        if colored { pairs.resize(columns: size.columns, rows: size.rows) }
        let columns = size.columns
        // Read once, not for every cell: each read copies the locale choice and its strings.
        let asciiOnly = drawsASCII
        let blankScreen = screenIsBlank
        // The look of the style drawn last: cells side by side are mostly drawn alike, and
        // mapping a style's two colours and attributes costs more than comparing it. Its pair,
        // once placed, is placed again for the next cells without looking its key up (`nil`
        // until then, and while the pairs are all taken: a cell may free one).
        var mappedStyle: CellStyle?, mappedKey: PairKey?, attributes: attr_t = 0, knownPair: Int32?
        // The blank cell left undrawn last, if no cell was drawn after it.
        var skipped: (row: Int, column: Int)?
        for change in changes {
            var pair: Int32 = 0
            let run = change.run
            var index = run.startIndex
            while index < run.endIndex {
                let cell = run[index], column = change.column + (index - run.startIndex)
                index += 1
                // One cell a column: a wide character's second column is its continuation
                // cell, which the terminal fills by itself (ncurses gives it the same pair).
                guard !cell.isContinuation else {
                    if colored { _ = pairs.place(pairs.key(ofPair: pair), column: column, row: change.row) }
                    continue
                }
                if blankScreen, cell == .blank {
                    skipped = (change.row, column)
                    continue
                }
                skipped = nil
                if mappedStyle.map({ !$0.hasSameBytes(as: cell.style) }) ?? true {
                    mappedStyle = cell.style
                    mappedKey = colored ? pairKey(for: cell.style) : nil
                    attributes = self.attributes(cell.style.attributes)
                    knownPair = nil
                }
                if colored {
                    if let knownPair {
                        pair = knownPair
                        pairs.place(knownPair: knownPair, column: column, row: change.row)
                    } else {
                        pair = place(mappedKey, column: column, row: change.row)
                        if pair != 0 || mappedKey == nil { knownPair = pair }
                    }
                }
                // Most cells: one printable ASCII character, read without making a string.
                if column < columns, !asciiOnly, let byte = cell.asciiByte, (0x20...0x7E).contains(byte) {
                    plainRun.add(CChar(bitPattern: byte), row: change.row, column: column, attributes: attributes, pair: pair)
                    // The cells after it that are drawn alike, as the checks above would draw
                    // them: each one's pair placed again and its byte gathered.
                    guard let style = mappedStyle, !blankScreen, !colored || knownPair != nil else { continue }
                    while index < run.endIndex, change.column + (index - run.startIndex) < columns {
                        let next = run[index]
                        guard next.width == 1, let byte = next.asciiByte, (0x20...0x7E).contains(byte), next.style.hasSameBytes(as: style) else { break }
                        if colored { pairs.place(knownPair: pair, column: change.column + (index - run.startIndex), row: change.row) }
                        plainRun.extend(CChar(bitPattern: byte))
                        index += 1
                    }
                    continue
                }
                let text = asciiOnly ? ASCIIFallback.text(cell.text, width: Int(cell.width)) : cell.text
                // Past the right edge a run would wrap to the next row, where a cell alone is dropped.
                if column < columns, let byte = PlainRun.byte(text) {
                    plainRun.add(byte, row: change.row, column: column, attributes: attributes, pair: pair)
                } else {
                    let drawable = asciiOnly ? text : CellCluster.drawable(text, width: Int(cell.width))
                    plainRun.put(drawable, row: change.row, column: column, attributes: attributes, pair: pair)
                }
            }
        }
        plainRun.flush()
        if colored, !blankScreen { drawScatteredRowsWhole(changes) }
        // The cursor where drawing that cell would have left it, so what is sent is the same.
        if let skipped { _ = tl_move_after(Int32(skipped.row), Int32(skipped.column)) }
        screenIsBlank = false
        if let cursor {
            move(Int32(cursor.row), Int32(cursor.column))
            if !cursorVisible { curs_set(1) }
        } else if cursorVisible {
            curs_set(0)
        }
        cursorVisible = cursor != nil
        refresh()
    }

    /// Has ncurses draw whole at the next refresh, not only their cells that changed, the rows
    /// whose changes lie far apart in one look, where that costs less given their changes of
    /// colour (see ``ScatteredRows``): it forgets what the terminal shows there. Only in colour:
    /// the pairs placed tell the colours of the unchanged cells.
    private func drawScatteredRowsWhole(_ changes: [CellBuffer.Change]) {
        ScatteredRows.candidates(in: changes, columns: size.columns) { row in
            guard ScatteredRows.drawnWhole(jumps: row.jumps, columns: size.columns, lookChanges: pairs.pairChanges(inRow: row.row)),
                  ScatteredRows.inOneLook(changes[row.changes]) else { return }
            _ = wredrawln(tl_stdscr(), Int32(row.row), 1)
        }
    }

    /// The events already available — keys and mouse events ncurses can read without
    /// waiting (at most ``batchLimit``), a resize, a termination signal — oldest first; empty
    /// if there are none. ``EventLoop`` waits for the terminal to have some.
    public func pendingEvents() -> [InputEvent] {
        var events = typedDuringProbe
        typedDuringProbe = []
        timeout(0)
        var drained = false
        let now = ContinuousClock.now
        var reads = 0
        while events.count < Self.batchLimit {
            // Every 256 reads, not every byte: taking a signal drains its pipe, one more system
            // call per byte of a paste (the batch still ends within microseconds of a signal).
            if reads % 256 == 0 {
                // Job control: the terminal is handed back, the process stops, and when it is
                // continued the terminal is taken again and repainted (see suspendIfAsked).
                suspendIfAsked()
                if let signal = takeSignal() {
                    events.append(.terminate(signal: signal))
                    return events
                }
            }
            reads += 1
            // Bytes, not `get_wch`: see UTF8Assembly.
            let code = wgetch(tl_stdscr())
            if code == ERR {
                drained = true
                break
            }
            if code > 0xFF {
                decoder.feed(.key(keyEvent(code)), at: now, into: &events)
            } else if let scalar = utf8.push(UInt8(truncatingIfNeeded: code)) {
                decoder.feed(.scalar(scalar), at: now, into: &events)
            }
        }
        decoder.endBatch(inputDrained: drained, at: ContinuousClock.now, into: &events)
        // An escape prefix or a paste left open too long ends here (see KeyDecoder).
        decoder.expire(at: ContinuousClock.now, into: &events)
        return events
    }

    /// Whether an escape sequence or a paste is open and will time out: a loop then waits at
    /// most ``waitLimit(_:)`` and reads ``pendingEvents()`` even if no byte came.
    var hasOpenInput: Bool { decoder.deadline != nil }

    /// `milliseconds` (-1: no limit) shortened to when an open sequence or paste times out.
    func waitLimit(_ milliseconds: Int32) -> Int32 {
        guard let deadline = decoder.deadline else { return milliseconds }
        let remaining = ContinuousClock.now.duration(to: deadline)
        let until = Int32(clamping: max(0, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1))
        return milliseconds < 0 ? until : min(milliseconds, until)
    }

    /// How many events one call of ``pendingEvents()`` returns at most, so that a flood of
    /// input still lets the screen follow.
    public static let batchLimit = 4096

    /// The termination signal that arrived since the last call, if one did. A loop handling a
    /// long batch of events asks between them, so a signal is honoured at once.
    public func takeSignal() -> Int32? { SignalTrap.take() }

    /// Whether the input has ended (end of file, a hang-up): called when the input descriptor
    /// was reported readable and yet no event came of it.
    func inputHasEnded() -> Bool { tl_input_ended(input) != 0 }

    /// The descriptor keys arrive on, for waiting with other sources.
    public var inputDescriptor: Int32 { input }

    /// The event for a key ncurses recognised, or `nil` for keys with no meaning here.
    private func keyEvent(_ code: Int32) -> InputEvent? {
        switch code {
        case tl_key_resize(): return .resize(columns: size.columns, rows: size.rows)
        case tl_key_mouse(): return mouseEvent()
        case tl_key_btab(): return .backTab
        case tl_key_enter(): return .enter
        case tl_key_backspace(): return .backspace
        case tl_key_dc(): return .delete
        case tl_key_up(): return .up
        case tl_key_down(): return .down
        case tl_key_left(): return .left
        case tl_key_right(): return .right
        case tl_key_home(): return .home
        case tl_key_end(): return .end
        case tl_key_npage(): return .pageDown
        case tl_key_ppage(): return .pageUp
        // F1…F12 (F12 toggles the inspector). With Shift, Ctrl or Alt (ncurses's F13 and up)
        // they are left undecoded, so KeySequence reads their modifiers.
        case (tl_key_f0() + 1)...(tl_key_f0() + 12): return .function(Int(code - tl_key_f0()))
        default: return nil
        }
    }

    /// Whether the primary button went down and has not come up: only then is a move a drag.
    private var primaryButtonDown = false

    private func mouseEvent() -> InputEvent? {
        var column: Int32 = 0, row: Int32 = 0
        let kind: MouseEvent.Kind
        switch tl_mouse_event(&column, &row) {
        case 1: kind = .press
        case 2: kind = .release
        case 3: kind = .wheelUp
        case 4: kind = .wheelDown
        case 5 where primaryButtonDown: kind = .drag
        default: return nil
        }
        if kind == .press { primaryButtonDown = true }
        if kind == .release { primaryButtonDown = false }
        return .mouse(MouseEvent(kind, column: Int(column), row: Int(row)))
    }

    private func attributes(_ style: TextStyle) -> attr_t {
        var result: attr_t = 0
        if style.contains(.bold) { result |= tl_a_bold() }
        if style.contains(.dim) { result |= tl_a_dim() }
        if style.contains(.italic) { result |= tl_a_italic() }
        if style.contains(.underline) { result |= tl_a_underline() }
        if style.contains(.reverse) { result |= tl_a_reverse() }
        return result
    }

    /// The colour pair key of `style`: `nil` for the terminal's own colours (pair 0).
    private func pairKey(for style: CellStyle) -> PairKey? {
        let key = PairKey(foreground: colors.map(style.foreground), background: colors.map(style.background))
        return key.foreground == .default && key.background == .default ? nil : key
    }

    /// The colour pair for a cell of colours `key` at `column`, `row`: defined on first use,
    /// and reused once no cell shows it (``ColorPairTable``).
    private func place(_ key: PairKey?, column: Int, row: Int) -> Int32 {
        let placement = pairs.place(key, column: column, row: row)
        // The cells gathered so far go first, as they would have one by one.
        if placement.define { plainRun.flush() }
        if placement.define, let key { init_extended_pair(placement.pair, number(key.foreground), number(key.background)) }
        return placement.pair
    }

    /// The ncurses colour number. In direct colour, numbers are packed RGB except that 0–7
    /// still name the ANSI colours, so the other palette colours (the bright ones, and the
    /// 256 colours when `FORCE_COLOR=2` draws fewer) go as their xterm RGB values.
    private func number(_ color: ColorBlending.Mapped) -> Int32 {
        switch color {
        case .default:
            return -1
        case .rgb(let red, let green, let blue):
            return Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
        case .index(let index):
            guard isDirect, index >= 8 else { return Int32(index) }
            let rgb = ColorBlending.xtermComponents(index)
            return Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
        }
    }
}
