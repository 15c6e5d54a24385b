import Benchmark
import Foundation
import SystemPackage
import TermLayout

/// Issue 32's frames under load, resizes and reloads at scale, each through a running
/// `LayoutApp` drawing with ncurses on a pseudo-terminal. Every benchmark prints its figures'
/// medians and p90s and their ratio to the target when it ends (`[load]` lines).
let benchmarks: @Sendable () -> Void = {
    let microseconds = { (name: String) in BenchmarkMetric.custom(name, polarity: .prefersSmaller, useScalingFactor: false) }

    // 3a. 1,000 labels change every frame, 60 times a second: CPU per frame (the whole
    // process: the app, its input thread and the pty's reader), its wall time from the timer
    // to the frame flushed, and bytes per frame. One sample per second of running.
    let cpuPerFrame = microseconds("CPU per frame (µs)"), busyPerFrame = microseconds("timer → frame flushed (µs)")
    let bytesPerFrame = microseconds("bytes per frame"), framesPerSecond = BenchmarkMetric.custom("frames per second", polarity: .prefersLarger,
                                                                                                 useScalingFactor: false)
    Benchmark("3a stress: 1,000 labels change every frame at 60 fps (120×51 pty)",
              configuration: .init(metrics: [cpuPerFrame, busyPerFrame, bytesPerFrame, framesPerSecond], warmupIterations: 1,
                                   maxDuration: .seconds(30), maxIterations: 6)) { benchmark async in
        guard let app = await Fixtures.stress, await app.ready(quiet: false) else { return }
        let window = await Window.measure(app, for: .seconds(1))
        guard window.frames > 0 else { return }
        let cpu = window.usage.cpu.microseconds / window.frames, busy = window.busy.microseconds / window.frames
        benchmark.measurement(cpuPerFrame, cpu)
        benchmark.measurement(busyPerFrame, busy)
        benchmark.measurement(bytesPerFrame, window.bytes / window.frames)
        benchmark.measurement(framesPerSecond, Int(Double(window.frames) / (Double(window.wall.microseconds) / 1e6)))
        Samples.shared.add("3a CPU per frame (ms)", Double(cpu) / 1000)
        Samples.shared.add("3a timer → frame flushed, wall (ms)", Double(busy) / 1000)
        Samples.shared.add("3a bytes per frame", Double(window.bytes / window.frames))
        Samples.shared.add("3a frames per second", Double(window.frames) / (Double(window.wall.microseconds) / 1e6))
    } teardown: {
        // Its timer would go on drawing 60 frames a second beside the next benchmark.
        await Fixtures.stress?.app.quit()
        Samples.shared.report(targets: ["3a CPU per frame (ms)": 4])
    }

    // 3b, 3c. An app nobody uses: CPU and wake-ups (context switches of the whole process,
    // this benchmark's own sleep included) per second.
    let cpuPerSecond = microseconds("CPU per second (µs)"), switchesPerSecond = microseconds("context switches per second")
    let framesDrawn = microseconds("frames per second")
    for (label, name) in [("3b idle: a form, no timers", "idle"),
                          ("3c idle: a form and 7 Spinners hidden, inactive, on a hidden page, in a closed dialog, scrolled out, 0 wide", "spinners")] {
        Benchmark(label, configuration: .init(metrics: [cpuPerSecond, switchesPerSecond, framesDrawn], warmupIterations: 1,
                                              maxDuration: .seconds(20), maxIterations: 5)) { benchmark async in
            guard let app = await (name == "idle" ? Fixtures.idle : Fixtures.hiddenSpinners), await app.ready() else { return }
            let window = await Window.measure(app, for: .seconds(1))
            let seconds = Double(window.wall.microseconds) / 1e6
            benchmark.measurement(cpuPerSecond, Int(Double(window.usage.cpu.microseconds) / seconds))
            benchmark.measurement(switchesPerSecond, Int(Double(window.usage.switches) / seconds))
            benchmark.measurement(framesDrawn, Int(Double(window.frames) / seconds))
            Samples.shared.add("\(name): CPU per second (ms)", Double(window.usage.cpu.microseconds) / 1000 / seconds)
            Samples.shared.add("\(name): context switches per second", Double(window.usage.switches) / seconds)
            Samples.shared.add("\(name): frames per second", Double(window.frames) / seconds)
        } teardown: {
            Samples.shared.report()
        }
    }

    // 4a. The 100,000-label grid resized: from the size change (SIGWINCH) to the frame
    // flushed. Every other resize goes to a width the grid has never had (81, 83, 85 … columns:
    // every row's height is measured again for it), the others back to 120×40, a size it had
    // (its measurements are cached). Dragging a window's edge gives mostly new widths.
    let resizeTime = microseconds("resize → frame flushed (µs)")
    Benchmark("4a resize the 100,000-label grid → frame flushed",
              configuration: .init(metrics: [resizeTime], warmupIterations: 2, maxDuration: .seconds(20), maxIterations: 40)) { benchmark async in
        guard let app = await Fixtures.grid100k, await app.ready() else { return }
        let run = RunCount.next()
        let newWidth = run % 2 == 0
        let (columns, rows) = newWidth ? (81 + run, 30) : (120, 40)
        let before = app.counter.frames.count
        let start = ContinuousClock.now
        app.resize(columns: columns, rows: rows)
        guard let flushed = await app.counter.waitForFrame(after: before, limit: .seconds(30)) else { return print("LoadBenchmarks: no frame after a resize") }
        benchmark.measurement(resizeTime, (flushed - start).microseconds)
        let label = newWidth ? "4a resize to a new width → frame flushed (ms)" : "4a resize back to 120×40 → frame flushed (ms)"
        Samples.shared.add(label, Double((flushed - start).microseconds) / 1000)
        await app.settle()
    } teardown: {
        Samples.shared.report(targets: ["4a resize to a new width → frame flushed (ms)": 30,
                                        "4a resize back to 120×40 → frame flushed (ms)": 30])
    }

    // 4b. The 10,000-label grid saved (atomically, as editors do, through `SafeFileWriter`:
    // a temporary file written and fsynced, renamed over the template, then the folder
    // fsynced). Three figures, each to the new frame flushed, the reload included; the app's
    // quiet delay is set to zero and reported beside them:
    // - from the save returned (after the rename *and* the folder's fsync: the app may have
    //   begun reloading during that fsync) — the figure this benchmark always printed;
    // - from the rename, the moment the new file is in place (what TermLayout controls),
    //   timed by an inotify watch of the benchmark's own (`RenameClock`);
    // - from the save begun (the editor's disk-bound cost included).
    let reloadTime = microseconds("save → new frame flushed (µs)")
    Benchmark("4b save the 10,000-label grid → new frame flushed",
              configuration: .init(metrics: [reloadTime], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 30)) { benchmark async in
        guard let app = await Fixtures.grid10kWatched, await app.ready() else { return }
        let version = RunCount.next() + 1
        let before = app.counter.frames.count
        let written = ContinuousClock.now
        do {
            try SafeFileWriter.write(Screens.grid(10_000, version: version), to: app.path)
        } catch {
            return print("LoadBenchmarks: cannot save \(app.path): \(error)")
        }
        let start = ContinuousClock.now
        guard let flushed = await app.counter.waitForFrame(after: before) else { return print("LoadBenchmarks: no frame after a save") }
        benchmark.measurement(reloadTime, (flushed - start).microseconds)
        Samples.shared.add("4b save → new frame flushed (ms)", Double((flushed - start).microseconds) / 1000)
        // The watch's thread takes the time when it wakes, which on a busy machine can be after
        // the save returned; the rename was done by then.
        if let name = app.path.lastComponent?.string, let seen = app.renames?.renameTime(of: name, after: written) {
            let renamed = min(seen, start)
            Samples.shared.add("4b rename → new frame flushed (ms)", Double((flushed - renamed).microseconds) / 1000)
        }
        Samples.shared.add("4b save begun → new frame flushed (ms)", Double((flushed - written).microseconds) / 1000)
        Samples.shared.add("4b the save itself (write, fsync, rename, fsync of the folder) (ms)", Double((start - written).microseconds) / 1000)
        await app.settle()
    } teardown: {
        let delay = LayoutAppOptions().reloadDelay
        print("  [load] 4b the watcher's quiet delay, added after a save by default: \(delay)")
        Samples.shared.report(targets: ["4b save → new frame flushed (ms)": 50, "4b rename → new frame flushed (ms)": 50,
                                        "4b save begun → new frame flushed (ms)": 50])
    }

    // 4c. PageDown in the 100,000-label grid's ScrollView (focused by Tab), then PageUp as
    // many times, and again: from the key typed to the frame flushed.
    let pageTime = microseconds("PageDown → frame flushed (µs)")
    Benchmark("4c PageDown in the 100,000-label grid → frame flushed",
              configuration: .init(metrics: [pageTime], warmupIterations: 2, maxDuration: .seconds(20), maxIterations: 200)) { benchmark async in
        guard let app = await Fixtures.grid100k, await app.ready() else { return }
        let turn = RunCount.next()
        if turn == 0 {
            let before = app.counter.frames.count
            app.pty.type("\t")
            _ = await app.counter.waitForFrame(after: before)
            await app.settle()
        }
        let key = (turn / 50) % 2 == 0 ? "\u{1B}[6~" : "\u{1B}[5~"
        let before = app.counter.frames.count
        let start = ContinuousClock.now
        app.pty.type(key)
        guard let flushed = await app.counter.waitForFrame(after: before) else { return print("LoadBenchmarks: no frame after a key") }
        benchmark.measurement(pageTime, (flushed - start).microseconds)
        Samples.shared.add("4c PageDown/PageUp → frame flushed (ms)", Double((flushed - start).microseconds) / 1000)
        // The pty's reader catches up before the next key.
        try? await Task.sleep(for: .milliseconds(5))
    } teardown: {
        Samples.shared.report(targets: ["4c PageDown/PageUp → frame flushed (ms)": 1])
    }

    // 4d. Issue 32's F2: 10,000 rows of ten labels whose texts wrap (a row's height depends
    // on the width) in a ScrollView under a field, 120×40. Runs 0–35 resize to widths 60…95
    // (each new), then type a page key (End, PageUp, Home, PageDown in turn) in the focused
    // ScrollView (three Tabs focus it, as in `termlayout preview`); runs 36–71 go through the
    // same widths again. Resident memory is printed
    // after the first width, after the 36 new ones and after the second round.
    let wrapTime = microseconds("resize or page → frame flushed (µs)")
    Benchmark("4d resize and page the 10,000-row wrapping grid → frame flushed",
              configuration: .init(metrics: [wrapTime], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 72)) { benchmark async in
        guard let app = await Fixtures.wrappingGrid, await app.ready() else { return }
        let run = RunCount.next()
        if run == 0 {
            for _ in 0..<3 {
                let before = app.counter.frames.count
                app.pty.type("\t")
                _ = await app.counter.waitForFrame(after: before)
                await app.settle()
            }
        }
        let round = run / 36, columns = 60 + run % 36
        var before = app.counter.frames.count
        var start = ContinuousClock.now
        app.resize(columns: columns, rows: 40)
        guard let resized = await app.counter.waitForFrame(after: before, limit: .seconds(30)) else { return print("LoadBenchmarks: no frame after a resize") }
        benchmark.measurement(wrapTime, (resized - start).microseconds)
        Samples.shared.add(round == 0 ? "4d resize to a new width → frame flushed (ms)" : "4d resize to a width seen before → frame flushed (ms)",
                           Double((resized - start).microseconds) / 1000)
        await app.settle()
        let keys = ["\u{1B}[F", "\u{1B}[5~", "\u{1B}[H", "\u{1B}[6~"]
        before = app.counter.frames.count
        start = ContinuousClock.now
        app.pty.type(keys[run % keys.count])
        guard let paged = await app.counter.waitForFrame(after: before, limit: .seconds(30)) else { return print("LoadBenchmarks: no frame after a key") }
        benchmark.measurement(wrapTime, (paged - start).microseconds)
        Samples.shared.add("4d End/PageUp/Home/PageDown after a resize → frame flushed (ms)", Double((paged - start).microseconds) / 1000)
        await app.settle()
        if run == 0 || run == 35 || run == 71 {
            Samples.shared.add("4d resident memory after width \(run + 1) of 72 (MB)", Double(Memory.residentBytes()) / 1_048_576)
        }
    } teardown: {
        Samples.shared.report(targets: ["4d resize to a new width → frame flushed (ms)": 30,
                                        "4d resize to a width seen before → frame flushed (ms)": 30,
                                        "4d End/PageUp/Home/PageDown after a resize → frame flushed (ms)": 30])
    }

    // 4e. Issue 32's F3: one Label of 1.35 MB of text (words, CJK, emoji) in a ScrollView
    // under a field, 120×40, the ScrollView focused (three Tabs). Scroll keys: 40 turns of PageDown and Down,
    // then 40 of PageUp and Up, and again; every 20th turn also resizes (to a new width, 100…,
    // then back to 120×40) before its key.
    let bigTime = microseconds("scroll key → frame flushed (µs)")
    Benchmark("4e scroll and resize a 1.35 MB Label → frame flushed",
              configuration: .init(metrics: [bigTime], warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 160)) { benchmark async in
        guard let app = await Fixtures.bigLabel, await app.ready() else { return }
        let turn = RunCount.next()
        if turn == 0 {
            for _ in 0..<3 {
                let before = app.counter.frames.count
                let start = ContinuousClock.now
                app.pty.type("\t")
                if let flushed = await app.counter.waitForFrame(after: before, limit: .seconds(30)) {
                    Samples.shared.add("4e Tab (focus change) → frame flushed (ms)", Double((flushed - start).microseconds) / 1000)
                }
                await app.settle()
            }
        }
        if turn % 20 == 10 {
            let newWidth = (turn / 20) % 2 == 0
            let before = app.counter.frames.count
            let start = ContinuousClock.now
            app.resize(columns: newWidth ? 100 + turn / 20 : 120, rows: 40)
            if let flushed = await app.counter.waitForFrame(after: before, limit: .seconds(30)) {
                Samples.shared.add(newWidth ? "4e resize to a new width → frame flushed (ms)" : "4e resize back to 120×40 → frame flushed (ms)",
                                   Double((flushed - start).microseconds) / 1000)
            }
            await app.settle()
        }
        let down = (turn / 40) % 2 == 0
        let key = down ? (turn % 2 == 0 ? "\u{1B}[6~" : "\u{1B}[B") : (turn % 2 == 0 ? "\u{1B}[5~" : "\u{1B}[A")
        let before = app.counter.frames.count
        let start = ContinuousClock.now
        app.pty.type(key)
        guard let flushed = await app.counter.waitForFrame(after: before, limit: .seconds(30)) else { return print("LoadBenchmarks: no frame after a key") }
        benchmark.measurement(bigTime, (flushed - start).microseconds)
        Samples.shared.add("4e PageDown/Down/PageUp/Up → frame flushed (ms)", Double((flushed - start).microseconds) / 1000)
        try? await Task.sleep(for: .milliseconds(5))
    } teardown: {
        Samples.shared.report(targets: ["4e PageDown/Down/PageUp/Up → frame flushed (ms)": 1,
                                        "4e Tab (focus change) → frame flushed (ms)": 1,
                                        "4e resize back to 120×40 → frame flushed (ms)": 30])
    }
}

/// Counts a benchmark's runs (each benchmark runs in a process of its own).
///
/// `@unchecked Sendable`: `turn` is read and written only under `lock`.
final class RunCount: @unchecked Sendable {
    private static let shared = RunCount()
    private let lock = NSLock()
    private var turn = -1

    /// The next run's number, from 0.
    static func next() -> Int {
        shared.lock.withLock {
            shared.turn += 1
            return shared.turn
        }
    }
}

/// The process's memory.
enum Memory {
    /// Resident memory now (Linux: `/proc/self/statm`; elsewhere 0).
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
