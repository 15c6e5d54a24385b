// Job control for the ncurses backend: SIGTSTP caught, the process stopped and the screen
// taken again. Included by shim.h after the signal pipe and tl_put_back_handlers, whose
// state it shares (so, like them, only SignalTrap.swift calls its signal functions).
#ifndef TERMLAYOUT_CNCURSESW_JOB_CONTROL_H
#define TERMLAYOUT_CNCURSESW_JOB_CONTROL_H

/// Job control: while a terminal is open, SIGTSTP (when it was at its default, as ncurses
/// would take it) only sets a flag and writes a byte to the signal pipe; the backend then
/// hands the terminal back in ordinary code and stops with ``tl_stop_process``. ncurses'
/// own SIGTSTP handler is not installed (newterm leaves a caught signal alone): it would
/// leave the modes of ours on while stopped and not turn them on again.
static volatile sig_atomic_t tl_suspend_requested = 0;
static int tl_suspend_handler_installed = 0;
static void (*tl_suspend_saved_handler)(int) = 0;
static int tl_suspend_saved_flags = 0;
static sigset_t tl_suspend_saved_mask = {{0}};

static void tl_on_suspend(int signal_number) {
    (void)signal_number;
    int saved = errno;
    tl_suspend_requested = 1;
    if (tl_signal_pipe[1] >= 0) {
        ssize_t ignored = write(tl_signal_pipe[1], "z", 1);
        (void)ignored;
    }
    errno = saved;
}

/// Catches SIGTSTP if it is at its default (ignored, or an app's own handler, it is left
/// alone). Call after the signal pipe exists and before newterm.
static inline void tl_install_suspend_handler(void) {
    if (tl_suspend_handler_installed) return;
    struct sigaction action, previous;
    if (sigaction(SIGTSTP, 0, &previous) != 0 || previous.sa_handler != SIG_DFL) return;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: the wait wakes at once
    action.sa_handler = tl_on_suspend;
    if (sigaction(SIGTSTP, &action, &previous) != 0) return;
    tl_suspend_saved_handler = previous.sa_handler;
    tl_suspend_saved_flags = previous.sa_flags;
    tl_suspend_saved_mask = previous.sa_mask;
    tl_suspend_requested = 0;
    tl_suspend_handler_installed = 1;
}

/// Puts back the SIGTSTP handler ``tl_install_suspend_handler`` replaced.
static inline void tl_restore_suspend_handler(void) {
    if (!tl_suspend_handler_installed) return;
    tl_put_back_handlers((const int[]){SIGTSTP}, 1, &tl_suspend_saved_handler, &tl_suspend_saved_flags, &tl_suspend_saved_mask);
    tl_suspend_handler_installed = 0;
}

/// Whether SIGTSTP is caught now (tests check before raising it).
static inline int tl_catches_suspend(void) { return tl_suspend_handler_installed; }

/// Whether SIGTSTP arrived since the last call, clearing it.
static inline int tl_take_suspend(void) {
    int requested = tl_suspend_requested;
    tl_suspend_requested = 0;
    return requested;
}

/// Stops the process as SIGTSTP's default action does, and returns when it is continued
/// (SIGCONT: `fg`); the handler of ours is back afterwards. In an orphaned process group the
/// system discards the stop, and this returns at once.
static inline void tl_stop_process(void) {
    struct sigaction fallback, ours;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    if (sigaction(SIGTSTP, &fallback, &ours) != 0) return;
    sigset_t unblock, previous;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &unblock, &previous);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous, 0);
    sigaction(SIGTSTP, &ours, 0);
}

/// Takes the screen again after a stop: the size it may have changed to meanwhile, ncurses'
/// modes and alternate screen (its refresh after endwin), every cell repainted, keypad mode.
static inline void tl_resume_screen(int output) {
    struct winsize size;
    if (ioctl(output, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0
        && (size.ws_row != LINES || size.ws_col != COLS)) {
        resizeterm(size.ws_row, size.ws_col);
    }
    clearok(curscr, TRUE);
    refresh();
    keypad(stdscr, TRUE);
}

#endif
