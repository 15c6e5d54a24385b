/*
 * The floor for the keystroke harness (keystroke-latency.py): ncurses alone, as small as a
 * text field can be. getch → addch → refresh, and Backspace erases; Ctrl-D quits.
 * Compiled at run time by the harness: cc -O2 -o ncurses-echo ncurses-echo.c -lncursesw
 */
#include <locale.h>
#include <ncurses.h>

int main(void) {
    setlocale(LC_ALL, "");
    initscr();
    raw();
    noecho();
    keypad(stdscr, TRUE);
    mvaddstr(0, 0, "> ");
    refresh();
    for (;;) {
        int ch = getch();
        if (ch == 4 || ch == ERR) break;
        if (ch == 127 || ch == KEY_BACKSPACE || ch == 8) {
            int y, x;
            getyx(stdscr, y, x);
            if (x > 2) { move(y, x - 1); delch(); }
        } else if (ch >= 32 && ch < 127) {
            addch((chtype)ch);
        }
        refresh();
    }
    endwin();
    return 0;
}
