// The system's wide-character ncurses (Debian: libncurses-dev), with small wrappers for the
// macros Swift cannot call.
#ifndef TERMLAYOUT_CNCURSESW_SHIM_H
#define TERMLAYOUT_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/// An open terminal: the ncurses screen and the streams it reads and writes.
typedef struct {
    SCREEN *screen;
    FILE *in;
    FILE *out;
} tl_terminal;

/// Takes a screen newterm just opened through one `endwin` and `doupdate`, before anything
/// else is sent, so that ncurses writes each frame in one go. Until a screen has been through
/// them, ncurses 6.4 flushes its output on every internal cursor move (lib_mvcur.c, "when used
/// from low-level terminfo programs"): a full page left in about 600 `write()`s. What it adds
/// at start-up leaves before the first frame: the alternate screen entered and left again in
/// one write (the shell's screen is shown before and after it), then entered for good and
/// cleared, as before. Before the backend sets raw mode, the mouse, keypad mode and the
/// terminal modes of its own, so this undoes none of them.
static inline void tl_leave_initial_state(void) {
    endwin();
    doupdate();
}

/// Opens the terminal of type `type` (NULL: $TERM) on two descriptors and makes it current.
/// Other descriptors than standard input and output are duplicated, so the caller may close
/// its own. Returns 0 when the descriptors or the terminal type cannot be used, where
/// initscr would print a message and exit the process.
static inline int tl_open(const char *type, int output, int input, tl_terminal *terminal) {
    FILE *out = output == STDOUT_FILENO ? stdout : fdopen(dup(output), "w");
    FILE *in = input == STDIN_FILENO ? stdin : fdopen(dup(input), "r");
    SCREEN *screen = (out && in) ? newterm(type, out, in) : 0;
    if (!screen) {
        if (out && out != stdout) fclose(out);
        if (in && in != stdin) fclose(in);
        return 0;
    }
    set_term(screen);
    tl_leave_initial_state();
    terminal->screen = screen;
    terminal->in = in;
    terminal->out = out;
    return 1;
}

/// On a terminal without an alternate screen (no `smcup`: `TERM=vt100`, `linux`), the app's
/// last frame stays when it hands the terminal back, and `endwin` leaves the cursor at the
/// start of the bottom row — the status line — where the shell's prompt would overwrite only
/// part of it. This blanks that row first, so the prompt starts on a clean line. A terminal
/// with an alternate screen shows the shell's own screen again: nothing to do.
static inline void tl_clear_bottom_row_without_alternate_screen(void) {
    const char *enter = tigetstr("smcup");
    if (enter != 0 && enter != (char *)-1 && *enter != 0) return;
    move(LINES - 1, 0);
    clrtoeol();
    refresh();
}

/// Restores the terminal and frees the screen and its streams.
static inline void tl_close(tl_terminal *terminal) {
    set_term(terminal->screen);
    endwin();
    delscreen(terminal->screen);
    if (terminal->out != stdout) fclose(terminal->out);
    if (terminal->in != stdin) fclose(terminal->in);
}

static inline int tl_lines(void) { return LINES; }
static inline int tl_cols(void) { return COLS; }
static inline int tl_colors(void) { return COLORS; }
static inline int tl_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *tl_stdscr(void) { return stdscr; }
static inline attr_t tl_a_bold(void) { return A_BOLD; }
static inline attr_t tl_a_dim(void) { return A_DIM; }
static inline attr_t tl_a_italic(void) { return A_ITALIC; }
static inline attr_t tl_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tl_a_reverse(void) { return A_REVERSE; }
static inline int tl_key_resize(void) { return KEY_RESIZE; }
static inline int tl_key_mouse(void) { return KEY_MOUSE; }
static inline int tl_key_btab(void) { return KEY_BTAB; }
static inline int tl_key_enter(void) { return KEY_ENTER; }
static inline int tl_key_backspace(void) { return KEY_BACKSPACE; }
static inline int tl_key_dc(void) { return KEY_DC; }
static inline int tl_key_up(void) { return KEY_UP; }
static inline int tl_key_down(void) { return KEY_DOWN; }
static inline int tl_key_left(void) { return KEY_LEFT; }
static inline int tl_key_right(void) { return KEY_RIGHT; }
static inline int tl_key_home(void) { return KEY_HOME; }
static inline int tl_key_end(void) { return KEY_END; }
static inline int tl_key_npage(void) { return KEY_NPAGE; }
static inline int tl_key_ppage(void) { return KEY_PPAGE; }
static inline int tl_key_f0(void) { return KEY_F0; }

/// Reports presses and releases of the primary button, the wheel, and moves with a button
/// held (drags), with no click detection delay (the runtime decides what a click means).
/// Moves come from button-event tracking (``tl_button_event_mouse``).
static inline void tl_enable_mouse(void) {
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED
              | BUTTON4_PRESSED | BUTTON5_PRESSED | REPORT_MOUSE_POSITION, 0);
    mouseinterval(0);
}

/// Leaves keys with Shift, Alt or Ctrl held (`\e[1;5D`, Shift+Home, Ctrl+Delete, Ctrl+F5…) to
/// the runtime's own decoder, which reads their modifiers: ncurses would give each a number
/// assigned at run time from the terminfo entry (Ctrl+F1 is F25 in xterm's), or none at all
/// where the entry does not name them.
///
/// Each sequence is taken out of ncurses' table of keys (`define_key` with code 0 walks the
/// table along that one sequence). `keyok(code, FALSE)` would do the same through the code,
/// but it first rebuilds the sequence from the whole table: for a hundred keys, a third of a
/// millisecond at every start.
static inline void tl_leave_modified_keys_undecoded(void) {
    char function_key[8];
    for (int number = 13; number <= 63; number++) {
        snprintf(function_key, sizeof function_key, "kf%d", number);
        const char *sequence = tigetstr(function_key);
        if (sequence == NULL || sequence == (char *)-1) continue;
        int code = key_defined(sequence);
        if (code > 0) define_key(sequence, 0);
    }
    static const char *const bases[] = { "kLFT", "kRIT", "kUP", "kDN", "kHOM", "kEND", "kPRV", "kNXT", "kDC" };
    static const char *const suffixes[] = { "", "2", "3", "4", "5", "6", "7", "8" };
    char name[16];
    for (unsigned b = 0; b < sizeof bases / sizeof bases[0]; b++) {
        for (unsigned s = 0; s < sizeof suffixes / sizeof suffixes[0]; s++) {
            snprintf(name, sizeof name, "%s%s", bases[b], suffixes[s]);
            const char *sequence = tigetstr(name);
            if (sequence == NULL || sequence == (char *)-1) continue;
            int code = key_defined(sequence);
            if (code > 0) define_key(sequence, 0);
        }
    }
    const char *const shifted[] = { "kri", "kind" };
    for (unsigned index = 0; index < 2; index++) {
        const char *sequence = tigetstr(shifted[index]);
        if (sequence == NULL || sequence == (char *)-1) continue;
        int code = key_defined(sequence);
        if (code > 0) define_key(sequence, 0);
    }
}

/// Reads the pending mouse event: 1 press (or click), 2 release, 3 wheel up, 4 wheel down,
/// 5 a move (with a button held, in mode 1002), 0 other.
static inline int tl_mouse_event(int *column, int *row) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *column = event.x;
    *row = event.y;
    // A press and release read together come as a click.
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED)) return 1;
    if (event.bstate & BUTTON1_RELEASED) return 2;
    if (event.bstate & BUTTON4_PRESSED) return 3;
    if (event.bstate & BUTTON5_PRESSED) return 4;
    if (event.bstate & REPORT_MOUSE_POSITION) return 5;
    return 0;
}

/// The columns the C library gives a character (`wcwidth`, which Swift's Glibc does not
/// export): 0 for a combining mark, -1 for one it cannot print. ncurses places characters by it.
static inline int tl_character_width(unsigned int character) { return wcwidth((wchar_t)character); }

/// Draws one cell's text with attributes and a colour pair at a position.
static inline int tl_put(int row, int column, const char *text, attr_t attributes, int pair) {
    attr_set(attributes, (short)0, &pair);
    return mvaddstr(row, column, text);
}

/// Moves the cursor where putting a character in the cell at `row`, `column` leaves it: the
/// next cell, the start of the next row past the right edge, or the bottom-right cell.
static inline int tl_move_after(int row, int column) {
    if (column + 1 < COLS) return wmove(stdscr, row, column + 1);
    return row + 1 < LINES ? wmove(stdscr, row + 1, 0) : wmove(stdscr, row, COLS - 1);
}

/// Draws `count` printable ASCII characters, one column each, from a position on, all with
/// `attributes` and colour `pair`: copied into the window's cells as they are (`waddchnstr`),
/// where `mvaddnstr` would convert, measure and place each one again (about 270 instructions
/// a character). The cells and the cursor end as `tl_put` leaves them: after the last
/// character, at the start of the next row past the right edge, or in the bottom-right cell.
/// A pair that a `chtype` cannot hold (above 255) is drawn by `tl_put`'s way.
static inline int tl_put_ascii(int row, int column, const char *bytes, int count, attr_t attributes, int pair) {
    if (count <= 0) return OK;
    if (pair < 0 || pair > 255 || row < 0 || column < 0 || row >= LINES || column >= COLS) {
        attr_set(attributes, (short)0, &pair);
        return mvaddnstr(row, column, bytes, count);
    }
    if (count > COLS - column) count = COLS - column;
    enum { tl_chunk = 256 };
    chtype cells[tl_chunk];
    const chtype look = (chtype)attributes | (chtype)COLOR_PAIR(pair);
    for (int done = 0; done < count; done += tl_chunk) {
        int length = count - done < tl_chunk ? count - done : tl_chunk;
        for (int index = 0; index < length; index++) cells[index] = (chtype)(unsigned char)bytes[done + index] | look;
        if (mvwaddchnstr(stdscr, row, column + done, cells, length) == ERR) return ERR;
    }
    return tl_move_after(row, column + count - 1);
}

/// The last termination signal received; the event loop polls it and restores the terminal
/// in ordinary code (endwin is not async-signal-safe). The handler also writes a byte to a
/// pipe, so an event loop waiting in poll() wakes up at once.
//
// Swift gives every object file that uses this state a copy of its own (in a debug build
// each Swift file is one), so only SignalTrap.swift may call the tl_*signal* functions.
static volatile sig_atomic_t tl_signal_received = 0;
static int tl_signal_pipe[2] = {-1, -1};

static void tl_force_exit(int signal_number);

static void tl_on_signal(int signal_number) {
    // A second termination signal while the first is still untaken: the loop is stuck (a
    // handler that never returns), so the terminal is restored here and the process ends.
    if (tl_signal_received != 0 && signal_number != SIGPIPE) tl_force_exit(signal_number);
    tl_signal_received = signal_number;
    if (tl_signal_pipe[1] >= 0) {
        int saved = errno;
        ssize_t ignored = write(tl_signal_pipe[1], "s", 1);
        (void)ignored;
        errno = saved;
    }
}

/// The signals whose default action ends the process and that can be caught: while a terminal
/// is open they only set the flag, so the terminal is restored before the process exits.
/// (SIGWINCH is ncurses's own, SIGTSTP is job control, see ``tl_on_suspend``; SIGPIPE is
/// ignored, see below.)
static const int tl_terminating_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE,
};
enum { tl_terminating_signal_count = sizeof tl_terminating_signals / sizeof tl_terminating_signals[0] };
/// What each of those signals did before the terminal was opened, restored on close.
/// (Kept in parts: Swift cannot import `struct sigaction`, and would then leave out the storage.)
static void (*tl_saved_handlers[tl_terminating_signal_count])(int) = {0};
static int tl_saved_flags[tl_terminating_signal_count] = {0};
static sigset_t tl_saved_masks[tl_terminating_signal_count] = {{{0}}};
static int tl_handlers_installed = 0;

static inline int tl_take_signal(void);

/// Puts back saved handlers (kept in parts: see above), one per signal. Async-signal-safe.
static inline void tl_put_back_handlers(const int *signals, int count, void (**handlers)(int), const int *flags,
                                        const sigset_t *masks) {
    for (int i = 0; i < count; i++) {
        struct sigaction previous;
        memset(&previous, 0, sizeof previous);
        previous.sa_handler = handlers[i];
        previous.sa_flags = flags[i];
        previous.sa_mask = masks[i];
        sigaction(signals[i], &previous, 0);
    }
}

#include "job_control.h"

/// Installs the handlers (once; they stay until ``tl_restore_signal_handlers``), saving the
/// ones they replace. SIGPIPE is ignored instead: a write to a closed pipe then fails with
/// EPIPE where it is made, rather than killing the process with the terminal in raw mode.
static inline void tl_install_signal_handlers(void) {
    if (tl_handlers_installed) return;
    // A signal taken by an earlier terminal's handlers and never read is not this one's.
    tl_take_signal();
    if (tl_signal_pipe[0] < 0 && pipe(tl_signal_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(tl_signal_pipe[i], F_SETFL, fcntl(tl_signal_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(tl_signal_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    struct sigaction action;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a signal interrupts poll() at once
    for (int i = 0; i < tl_terminating_signal_count; i++) {
        struct sigaction previous;
        action.sa_handler = tl_terminating_signals[i] == SIGPIPE ? SIG_IGN : tl_on_signal;
        sigaction(tl_terminating_signals[i], &action, &previous);
        tl_saved_handlers[i] = previous.sa_handler;  // or sa_sigaction: the two share storage
        tl_saved_flags[i] = previous.sa_flags;
        tl_saved_masks[i] = previous.sa_mask;
    }
    tl_install_suspend_handler();
    tl_handlers_installed = 1;
}

/// Puts back the handlers ``tl_install_signal_handlers`` replaced.
static inline void tl_restore_signal_handlers(void) {
    if (!tl_handlers_installed) return;
    tl_put_back_handlers(tl_terminating_signals, tl_terminating_signal_count, tl_saved_handlers, tl_saved_flags, tl_saved_masks);
    tl_restore_suspend_handler();
    tl_handlers_installed = 0;
}

/// SIGWINCH is ncurses's own (it then reports KEY_RESIZE), but its handler only interrupts
/// a poll() on the thread the signal lands on, and the app waits for input on a thread of
/// its own. So a handler of ours runs ncurses's first and then writes a byte to the signal
/// pipe (leaving the termination flag alone), which wakes the wait wherever it runs.
static void (*tl_ncurses_resize_handler)(int) = 0;
static int tl_resize_handler_installed = 0;
static void (*tl_resize_saved_handler)(int) = 0;
static int tl_resize_saved_flags = 0;
static sigset_t tl_resize_saved_mask = {{0}};

static void tl_on_resize(int signal_number) {
    int saved = errno;
    void (*chained)(int) = tl_ncurses_resize_handler;
    if (chained != 0 && chained != SIG_IGN && chained != SIG_DFL) chained(signal_number);
    if (tl_signal_pipe[1] >= 0) {
        ssize_t ignored = write(tl_signal_pipe[1], "w", 1);
        (void)ignored;
    }
    errno = saved;
}

/// Installs ``tl_on_resize`` in front of the SIGWINCH handler ncurses installed (call after
/// newterm), saving it to put back.
static inline void tl_install_resize_handler(void) {
    if (tl_resize_handler_installed) return;
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    action.sa_handler = tl_on_resize;
    if (sigaction(SIGWINCH, &action, &previous) != 0) return;
    tl_resize_saved_handler = previous.sa_handler;
    tl_resize_saved_flags = previous.sa_flags;
    tl_resize_saved_mask = previous.sa_mask;
    tl_ncurses_resize_handler = previous.sa_handler;
    tl_resize_handler_installed = 1;
}

/// Puts back the SIGWINCH handler ``tl_install_resize_handler`` replaced.
static inline void tl_restore_resize_handler(void) {
    if (!tl_resize_handler_installed) return;
    tl_put_back_handlers((const int[]){SIGWINCH}, 1, &tl_resize_saved_handler, &tl_resize_saved_flags, &tl_resize_saved_mask);
    tl_resize_handler_installed = 0;
}

/// The descriptor that becomes readable when a termination signal arrives (-1 if none).
static inline int tl_signal_descriptor(void) { return tl_signal_pipe[0]; }

/// The termination signal received since the last call (0: none), clearing it.
static inline int tl_take_signal(void) {
    char buffer[16];
    if (tl_signal_pipe[0] >= 0) while (read(tl_signal_pipe[0], buffer, sizeof buffer) > 0) {}
    int received = tl_signal_received;
    tl_signal_received = 0;
    return received;
}

/// A last resort for a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT) while a
/// terminal is open: the handler writes a reset sequence prepared in advance (mouse,
/// bracketed paste and focus reports off, the kitty keyboard mode and the title popped, keypad
/// off, leave the alternate screen, show the cursor, plain attributes: the normal exit's
/// order) and puts back the tty modes saved before ncurses changed them, prints one line
/// ("NAME crashed: SIGSEGV; the terminal was restored") to stderr — async-signal-safe calls
/// only — then ends the process with the signal's default action (SIG_DFL, unblocked,
/// raised again), so it really dies of that signal. The handler is installed after the Swift
/// runtime's backtracer and replaces it while the terminal is open: the backtracer would
/// prompt for a key on the raw terminal, and for a signal sent with kill(1) it lets the
/// process run on unseen afterwards.
static const int tl_crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
enum { tl_crash_signal_count = sizeof tl_crash_signals / sizeof tl_crash_signals[0] };
static void (*tl_crash_saved_handlers[tl_crash_signal_count])(int) = {0};
static int tl_crash_saved_flags[tl_crash_signal_count] = {0};
static sigset_t tl_crash_saved_masks[tl_crash_signal_count] = {{{0}}};
static char tl_crash_reset[512] = {0};
static size_t tl_crash_reset_length = 0;
static char tl_crash_name[128] = "termlayout";
static int tl_crash_output = -1;
static int tl_crash_input = -1;
static struct termios tl_crash_modes = {0};
static int tl_crash_has_modes = 0;
static int tl_crash_armed = 0;

static inline void tl_crash_put_back(void) {
    tl_put_back_handlers(tl_crash_signals, tl_crash_signal_count, tl_crash_saved_handlers, tl_crash_saved_flags, tl_crash_saved_masks);
}

/// The signal's name, for the crash line (async-signal-safe: constant strings).
static inline const char *tl_crash_signal_name(int signal_number) {
    switch (signal_number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    default: return "a crash signal";
    }
}

/// Appends `text` to `line` (of `capacity` bytes) at `*length`, async-signal-safe.
static inline void tl_crash_line_append(char *line, size_t capacity, size_t *length, const char *text) {
    for (; *text && *length < capacity; text++) line[(*length)++] = *text;
}

/// Writes the reset sequence prepared in advance and puts back the saved tty modes.
/// Async-signal-safe: `write` and `tcsetattr` only.
static void tl_write_reset(void) {
    if (tl_crash_output >= 0 && tl_crash_reset_length > 0) {
        ssize_t ignored = write(tl_crash_output, tl_crash_reset, tl_crash_reset_length);
        (void)ignored;
    }
    if (tl_crash_has_modes) tcsetattr(tl_crash_input, TCSANOW, &tl_crash_modes);
}

static void tl_on_crash(int signal_number) {
    tl_write_reset();
    char line[256];
    size_t length = 0;
    tl_crash_line_append(line, sizeof line, &length, tl_crash_name);
    tl_crash_line_append(line, sizeof line, &length, " crashed: ");
    tl_crash_line_append(line, sizeof line, &length, tl_crash_signal_name(signal_number));
    tl_crash_line_append(line, sizeof line, &length, "; the terminal was restored\n");
    ssize_t ignored = write(STDERR_FILENO, line, length);
    (void)ignored;
    // The default action, at once: unblock the signal (blocked while its handler runs) and
    // raise it again, so the process ends with it (a core dump where those are enabled).
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, 0);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal_number);
    sigprocmask(SIG_UNBLOCK, &unblock, 0);
    raise(signal_number);
    // A fault that was not raised recurs when this returns, now with the default action.
}

/// What the crash restore writes now, and its length (for tests).
static inline const char *tl_crash_reset_text(size_t *length) {
    *length = tl_crash_reset_length;
    return tl_crash_reset;
}

/// Appends a terminfo string to the crash reset without its padding (`$<2>`, `$<5/>`),
/// which only ncurses' tputs turns into a delay: written as is (vt100's `rmkx`), it would
/// show on the screen.
static inline void tl_crash_append(const char *text) {
    if (!text || text == (const char *)-1) return;
    char plain[256];
    size_t length = 0;
    for (const char *at = text; *at && length < sizeof plain; at++) {
        if (at[0] == '$' && at[1] == '<') {
            const char *end = strchr(at, '>');
            if (end) { at = end; continue; }
        }
        plain[length++] = *at;
    }
    if (tl_crash_reset_length + length >= sizeof tl_crash_reset) return;
    memcpy(tl_crash_reset + tl_crash_reset_length, plain, length);
    tl_crash_reset_length += length;
}

/// Where the undoing of modes set after arming goes in the reset: after the modes that do not
/// depend on the screen are turned off, before the alternate screen is left.
static size_t tl_crash_undo_offset = 0;

/// Adds `text` (the undoing of something set after arming: the kitty keyboard mode, the
/// title) to the crash reset, before leaving the alternate screen — the kitty protocol keeps
/// a stack of modes per screen, so its pop must reach the alternate screen's — and before
/// what was added earlier, so things are undone in the reverse order they were done, as the
/// normal exit does.
static inline void tl_crash_add_undo(const char *text) {
    if (!text) return;
    size_t length = strlen(text);
    if (tl_crash_undo_offset > tl_crash_reset_length || tl_crash_reset_length + length >= sizeof tl_crash_reset) return;
    memmove(tl_crash_reset + tl_crash_undo_offset + length, tl_crash_reset + tl_crash_undo_offset,
            tl_crash_reset_length - tl_crash_undo_offset);
    memcpy(tl_crash_reset + tl_crash_undo_offset, text, length);
    tl_crash_reset_length += length;
}

/// Saves the tty modes of `input` for the crash path. Call before newterm, which already
/// leaves canonical mode, echo and line-feed translation (`-icanon -echo -icrnl -onlcr`).
static inline void tl_save_crash_modes(int input) {
    if (tl_crash_armed) return;
    tl_crash_has_modes = tcgetattr(input, &tl_crash_modes) == 0;
}

/// Arms the crash restore for the current (just opened) terminal, whose modes
/// ``tl_save_crash_modes`` saved; `name` is the program's name for the crash line.
/// The second termination signal's way out (see ``tl_on_signal``): the crash reset, the
/// saved modes, one line, and the exit status a shell expects (128 + the signal).
static void tl_force_exit(int signal_number) {
    if (tl_crash_armed) tl_write_reset();
    char line[256];
    size_t length = 0;
    tl_crash_line_append(line, sizeof line, &length, tl_crash_name);
    tl_crash_line_append(line, sizeof line, &length, " did not stop at the first signal (a handler still running?); stopped at the second\n");
    ssize_t ignored = write(STDERR_FILENO, line, length);
    (void)ignored;
    _exit(128 + signal_number);
}

/// `exit()` called while a terminal is open (a handler's own `exit(3)`): the same reset as a
/// crash, without the crash line, so the shell gets its terminal back.
static void tl_restore_at_exit(void) {
    if (tl_crash_armed) tl_write_reset();
}

static inline void tl_arm_crash_restore(int input, int output, const char *name) {
    if (tl_crash_armed) return;
    static int exit_hook_registered = 0;
    if (!exit_hook_registered) exit_hook_registered = atexit(tl_restore_at_exit) == 0;
    tl_crash_input = input;
    tl_crash_output = output;
    size_t length = name ? strlen(name) : 0;
    if (length > 0) {
        if (length >= sizeof tl_crash_name) length = sizeof tl_crash_name - 1;
        memcpy(tl_crash_name, name, length);
        tl_crash_name[length] = 0;
    }
    tl_crash_reset_length = 0;
    // In the normal exit's order: the modes of ours off, then (tl_crash_add_undo) what was
    // set later, then ncurses' own: keypad off, out of the alternate screen.
    tl_crash_append("\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?2004l\033[?1004l");
    tl_crash_undo_offset = tl_crash_reset_length;
    tl_crash_append(tigetstr("rmkx"));
    tl_crash_append(tigetstr("rmcup"));
    tl_crash_append(tigetstr("cnorm"));
    tl_crash_append(tigetstr("sgr0"));
    tl_crash_append("\r\n");
    stack_t current;
    // The handler's own stack (unless the thread has one), so a stack overflow is handled too.
    if (sigaltstack(0, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        static void *stack = 0;
        if (!stack) stack = malloc(64 * 1024);
        stack_t own;
        own.ss_sp = stack;
        own.ss_size = 64 * 1024;
        own.ss_flags = 0;
        if (stack) sigaltstack(&own, 0);
    }
    struct sigaction action;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK;
    action.sa_handler = tl_on_crash;
    for (int i = 0; i < tl_crash_signal_count; i++) {
        struct sigaction previous;
        sigaction(tl_crash_signals[i], &action, &previous);
        tl_crash_saved_handlers[i] = previous.sa_handler;
        tl_crash_saved_flags[i] = previous.sa_flags;
        tl_crash_saved_masks[i] = previous.sa_mask;
    }
    tl_crash_armed = 1;
}

/// Disarms it (the terminal is being closed in ordinary code): the previous handlers return.
static inline void tl_disarm_crash_restore(void) {
    if (!tl_crash_armed) return;
    tl_crash_put_back();
    tl_crash_armed = 0;
    tl_crash_output = -1;
    tl_crash_has_modes = 0;
}

/// Whether the terminal type can be drawn on: 1 yes, 0 unknown type, -1 known but unable to
/// move the cursor (`dumb`, hard-copy terminals). Reads terminfo without sending anything.
static inline int tl_terminal_type_usable(const char *type, int output) {
    TERMINAL *previous = cur_term;
    int error = 0;
    if (setupterm((char *)type, output, &error) != OK) {
        set_curterm(previous);
        return 0;
    }
    char *address = tigetstr("cup");
    int usable = address != 0 && address != (char *)-1 && tigetflag("hc") <= 0;
    del_curterm(cur_term);
    set_curterm(previous);
    return usable ? 1 : -1;
}

/// Reads a terminal type's colour capabilities without sending anything: `colors` and
/// whether it has the `RGB` flag (ncurses' direct colour) or tmux's `Tc`. Returns 0 when the
/// type is unknown (not installed), else 1.
static inline int tl_terminal_color_capabilities(const char *type, int output, int *colors, int *rgb) {
    TERMINAL *previous = cur_term;
    int error = 0;
    if (setupterm((char *)type, output, &error) != OK) {
        set_curterm(previous);
        return 0;
    }
    *colors = tigetnum("colors");
    *rgb = tigetflag("RGB") > 0 || tigetnum("RGB") > 0 || tigetflag("Tc") > 0;
    del_curterm(cur_term);
    set_curterm(previous);
    return 1;
}

/// Asks the terminal to mark pasted text (`\e[200~ … \e[201~`, "bracketed paste"), or stops.
/// Turns xterm's button-event mouse tracking (mode 1002: moves reported only while a button
/// is down, so a drag selects without a flood of events) on or off. ncurses turns on only
/// normal tracking (1000), which reports no moves. Written straight to the terminal after
/// what ncurses has written so far (its mouse set-up included).
static inline void tl_button_event_mouse(FILE *out, int on) {
    const char *sequence = on ? "\033[?1002h" : "\033[?1002l";
    fflush(out);
    ssize_t ignored = write(fileno(out), sequence, 8);
    (void)ignored;
}

/// Writes `text` (a control sequence ncurses has no capability for: OSC 2, XTWINOPS) to the
/// screen's stream after what ncurses has written so far, and flushes it, so it reaches the
/// terminal in order with ncurses' own output and moves nothing ncurses keeps track of.
static inline void tl_write_sequence(FILE *out, const char *text) {
    fflush(out);
    fputs(text, out);
    fflush(out);
}

/// Turns xterm's focus events (mode 1004: `CSI I` when the window gains the focus, `CSI O`
/// when it loses it) on or off, after what ncurses has written so far.
static inline void tl_focus_events(FILE *out, int on) {
    tl_write_sequence(out, on ? "\033[?1004h" : "\033[?1004l");
}

static inline void tl_bracketed_paste(FILE *out, int on) {
    const char *sequence = on ? "\033[?2004h" : "\033[?2004l";
    fflush(out);
    ssize_t ignored = write(fileno(out), sequence, 8);
    (void)ignored;
}

/// Whether input on `descriptor`, which poll() reported readable although ncurses read
/// nothing from it, has ended: end of file, a hang-up or an error. A byte that arrived in
/// between is handed back to ncurses.
static inline int tl_input_ended(int descriptor) {
    struct pollfd fd = {descriptor, POLLIN, 0};
    if (poll(&fd, 1, 0) < 0) return errno != EINTR;
    if (fd.revents & (POLLHUP | POLLERR | POLLNVAL)) return 1;
    if (!(fd.revents & POLLIN)) return 0;
    unsigned char byte;
    ssize_t count = read(descriptor, &byte, 1);
    if (count == 1) {
        ungetch(byte);
        return 0;
    }
    return count == 0 || (errno != EINTR && errno != EAGAIN);
}

/// Waits until one of `count` descriptors is readable or `milliseconds` pass (-1: no limit);
/// marks each readable one with 1 in `ready`. Returns poll's result (-1 with EINTR when a
/// signal such as SIGWINCH interrupted the wait).
static inline int tl_wait(const int *descriptors, int *ready, int count, int milliseconds) {
    struct pollfd fds[64];
    if (count > 64) count = 64;
    for (int i = 0; i < count; i++) {
        fds[i].fd = descriptors[i];
        fds[i].events = POLLIN;
        fds[i].revents = 0;
    }
    int result = poll(fds, (nfds_t)count, milliseconds);
    for (int i = 0; i < count; i++) ready[i] = (fds[i].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)) != 0;
    return result;
}
#endif
