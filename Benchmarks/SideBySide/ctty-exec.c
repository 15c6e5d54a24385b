/*
 * How the side-by-side harness (harness.py) starts both apps: makes the pty on standard input
 * the controlling terminal of the new session the harness started (so TIOCSWINSZ sends the
 * app SIGWINCH), then executes the app in its place.
 *
 *     ctty-exec PROGRAM [ARGUMENT…]
 *
 * Python can do the ioctl itself only in a `preexec_fn`, which makes `subprocess` fork the
 * whole interpreter instead of using vfork: 1.4–5.6 ms (by load) before the app starts, counted in
 * every first frame. Through this helper the spawn costs about 0.2 ms, the same for both
 * apps. Compiled by run.py: cc -O2 [-static] -o ctty-exec ctty-exec.c
 */
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fputs("usage: ctty-exec PROGRAM [ARGUMENT...]\n", stderr);
        return 64;
    }
    if (ioctl(STDIN_FILENO, TIOCSCTTY, 0) != 0) {
        perror("ctty-exec: TIOCSCTTY");
        return 71;
    }
    execv(argv[1], argv + 1);
    perror(argv[1]);
    return 127;
}
