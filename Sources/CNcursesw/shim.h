// The system's wide-character ncurses (Debian: libncurses-dev), with small wrappers for the
// macros Swift cannot call.
#ifndef TERMLAYOUT_CNCURSESW_SHIM_H
#define TERMLAYOUT_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <signal.h>
#include <unistd.h>
#include <ncursesw/curses.h>

/// Opens the terminal of type `type` (NULL: $TERM) on two descriptors and makes it current.
/// Returns 0 when the descriptors or the terminal type cannot be used, where initscr would
/// print a message and exit the process.
static inline int tl_open(const char *type, int output, int input) {
    FILE *out = output == STDOUT_FILENO ? stdout : fdopen(output, "w");
    FILE *in = input == STDIN_FILENO ? stdin : fdopen(input, "r");
    if (!out || !in) return 0;
    SCREEN *screen = newterm(type, out, in);
    if (!screen) return 0;
    set_term(screen);
    return 1;
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

/// Reports presses and releases of the primary button and the wheel, with no click
/// detection delay (the runtime decides what a click means).
static inline void tl_enable_mouse(void) {
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED
              | BUTTON4_PRESSED | BUTTON5_PRESSED, 0);
    mouseinterval(0);
}

/// Reads the pending mouse event: 1 press (or click), 2 release, 3 wheel up, 4 wheel down, 0 other.
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
    return 0;
}

/// Draws one cell's text with attributes and a colour pair at a position.
static inline int tl_put(int row, int column, const char *text, attr_t attributes, int pair) {
    attr_set(attributes, (short)0, &pair);
    return mvaddstr(row, column, text);
}

/// The last termination signal received; the event loop polls it and restores the terminal
/// in ordinary code (endwin is not async-signal-safe).
static volatile sig_atomic_t tl_signal_received = 0;

static void tl_on_signal(int signal_number) { tl_signal_received = signal_number; }

static inline void tl_install_signal_handlers(void) {
    struct sigaction action;
    action.sa_handler = tl_on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, 0);
    sigaction(SIGTERM, &action, 0);
    sigaction(SIGHUP, &action, 0);
}

static inline int tl_take_signal(void) {
    int received = tl_signal_received;
    tl_signal_received = 0;
    return received;
}
#endif
