import CNcursesw

/// The signal handling of an open terminal. Signals whose default action ends the process
/// (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
/// SIGXFSZ) only set a flag and write a byte to a pipe, so the event loop wakes, the terminal
/// is restored in ordinary code and the app exits with 128 + the signal. SIGPIPE is ignored:
/// a write to a closed pipe fails with EPIPE where it is made. SIGTSTP (job control) sets a
/// flag of its own and writes to the same pipe, so the backend hands the terminal back before
/// stopping (``takeSuspend()``, ``stopProcess()``). ``restore()`` puts back the handlers that
/// were there before.
///
/// This is the only file that calls the shim's signal functions: their state lives in the
/// header, and every Swift file whose code used it would get a copy of its own — in a debug
/// build, and in a release build too wherever the optimiser inlined one of these members into
/// another file (a release build compiles each file into an object of its own). So every
/// member is `@inline(never)`: inlined into `NcursesTerminal+Backend.swift`, `descriptor`
/// read a copy of the signal pipe never opened (-1), so neither a resize (SIGWINCH) nor a
/// termination signal (SIGTERM, SIGHUP …) woke the wait: the app redrew at the new size, or
/// ended, only on the next key.
enum SignalTrap {
    /// Installs the handlers, remembering the ones they replace. Call before `newterm`, which
    /// installs handlers of its own for signals that are still at their default.
    @inline(never)
    static func install() { tl_install_signal_handlers() }

    /// Puts back the handlers ``install()`` and ``installResizeWake()`` replaced.
    @inline(never)
    static func restore() {
        tl_restore_resize_handler()
        tl_restore_signal_handlers()
    }

    /// Makes a resize wake the wait for input on whatever thread it runs (ncurses's own
    /// handler runs first). Call after `newterm`, which installs that handler.
    @inline(never)
    static func installResizeWake() { tl_install_resize_handler() }

    /// The signal that arrived since the last call, if one did.
    @inline(never)
    static func take() -> Int32? {
        let signal = tl_take_signal()
        return signal == 0 ? nil : signal
    }

    /// Whether SIGTSTP (job control) arrived since the last call; see
    /// `NcursesTerminal.suspendIfAsked()`.
    @inline(never)
    static func takeSuspend() -> Bool { tl_take_suspend() != 0 }

    /// Whether SIGTSTP is caught: it was at its default action when ``install()`` ran (an
    /// ignored SIGTSTP, or an app's own handler, is left alone).
    static var catchesSuspend: Bool {
        @inline(never) get { tl_catches_suspend() != 0 }
    }

    /// Stops the process as SIGTSTP's default action does; returns once it is continued.
    @inline(never)
    static func stopProcess() { tl_stop_process() }

    /// The descriptor that becomes readable when a signal arrives (-1 before ``install()``).
    static var descriptor: Int32 {
        @inline(never) get { tl_signal_descriptor() }
    }

    /// Saves the terminal's modes for the crash restore. Call before `newterm`, which changes
    /// them (no echo, no canonical mode, no line-feed translation) as it opens the terminal.
    @inline(never)
    static func saveModesForCrash(input: Int32) { tl_save_crash_modes(input) }

    /// Arms the last-resort restore for a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
    /// SIGABRT): the handler resets the terminal to the modes ``saveModesForCrash(input:)``
    /// saved, prints "NAME crashed: SIGSEGV; the terminal was restored" to stderr and ends the
    /// process with the signal's default action. Call right after opening the terminal.
    @inline(never)
    static func armCrashRestore(input: Int32, output: Int32) {
        tl_arm_crash_restore(input, output, programName)
    }

    /// The name the crash line uses: the executable's file name (`termlayout`, `Todo`).
    @inline(never)
    static var programName: String {
        let invoked = CommandLine.arguments.first ?? ""
        let name = invoked.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "termlayout" : name
    }

    /// Adds `sequence` to what the crash restore writes, so a mode or title set after
    /// ``armCrashRestore(input:output:)`` is undone by a crash too: before the alternate
    /// screen is left (the kitty keyboard protocol keeps a stack of modes per screen) and
    /// before what was added earlier (undone in reverse order), as ``NcursesTerminal/close()``
    /// does. Call once per change, after arming; at most 512 bytes are kept in all.
    @inline(never)
    static func addToCrashRestore(_ sequence: String) { tl_crash_add_undo(sequence) }

    /// What the crash restore would write now (tests check that a mode set is undone).
    static var crashRestoreText: String {
        @inline(never) get {
            var length = 0
            let text = tl_crash_reset_text(&length)
            return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
        }
    }

    /// Disarms it, putting the previous crash handlers back.
    @inline(never)
    static func disarmCrashRestore() { tl_disarm_crash_restore() }
}
