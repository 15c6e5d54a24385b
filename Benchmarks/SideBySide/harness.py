"""One app as a whole process in a pty, and the four measurements (see README.md).

Timing: every chunk the pty gives is stamped with `time.perf_counter()` as `os.read` returns
it, and kept unparsed; only when the output has been quiet for a while are the kept chunks
replayed, one at a time, into a terminal emulator (pyte), and the first chunk after which the
screen shows what is expected is the moment measured. Parsing never delays a timestamp.
"""

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import tempfile
import termios
import time

import pyte

# What a terminal (xterm, say) answers at once: TermLayout asks for the background (OSC 11)
# and the kitty keyboard flags, then Primary Device Attributes, and waits for that answer
# (180 ms when none comes); Textual asks whether modes 2026 and 2048 are known (DECRQM) and
# does not wait. xterm knows neither mode nor the kitty protocol: it answers "not recognised"
# to the first and nothing to the second.
QUERIES = re.compile(rb"\x1b\[0?c|\x1b\]11;\?(?:\x07|\x1b\\)|\x1b\[\?(\d+)\$p|\x1b\[6n")

COLUMNS, ROWS = 120, 40
OTHER_SIZE = (100, 30)
F5 = b"\x1b[15~"
FOOTER = "END OF SCREEN"
TYPED = "abcdefghijklmnopqrstuvwxyz0123456789"


def grid_template(count):
    """The TermLayout template: the same screen as textual_app.py."""
    rows = []
    for row in range(count // 10):
        labels = "".join(
            f'<Label text="{"V{n}" if row * 10 + column == 5 else f"L{row * 10 + column}"}" width="12"/>'
            for column in range(10))
        rows.append(f"<Row>{labels}</Row>")
    body = "\n".join(rows)
    return (f'<Column id="screen">\n<TextField text="{{typed}}"/>\n<ScrollView grow="1">\n<Column>\n{body}\n'
            f'</Column>\n</ScrollView>\n<Label text="{FOOTER} {{#screen.width}}x{{#screen.height}}"/>\n</Column>\n')


class TopKeepingScreen(pyte.Screen):
    """A screen that, made shorter, keeps its top lines, as xterm and tmux do while the cursor
    is above the cut (pyte drops the top ones); an ncurses app's redraw after a resize
    sends only what differs from the top lines it assumes kept."""

    def resize(self, lines=None, columns=None):
        lines, columns = lines or self.lines, columns or self.columns
        if (lines, columns) == (self.lines, self.columns):
            return
        self.dirty.update(range(lines))
        for y in [y for y in self.buffer if y >= lines]:
            del self.buffer[y]
        if columns < self.columns:
            for line in self.buffer.values():
                for x in range(columns, self.columns):
                    line.pop(x, None)
        self.lines, self.columns = lines, columns
        self.set_margins()
        self.cursor.x, self.cursor.y = min(self.cursor.x, columns - 1), min(self.cursor.y, lines - 1)


class Session:
    """A process in its own pty (its controlling terminal), and the screen it drew.

    With `spawner` (ctty-exec, see ctty-exec.c) the process is started through it: the pty
    becomes the controlling terminal without a `preexec_fn`, whose fork of the interpreter
    costs milliseconds before the app starts (vfork instead: about 0.2 ms)."""

    def __init__(self, argv, columns=COLUMNS, rows=ROWS, spawner=None):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        # LINES and COLUMNS would override the pty's size in ncurses (and so hide a resize).
        env = dict(os.environ, TERM="xterm-256color")
        for name in ("COLORTERM", "NO_COLOR", "FORCE_COLOR", "TMUX", "LINES", "COLUMNS"):
            env.pop(name, None)
        self.screen = TopKeepingScreen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.pending = []
        # The controlling terminal is set in the new session, by the spawner or else here.
        spawn = {"preexec_fn": lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0)} if spawner is None else {}
        argv = argv if spawner is None else [spawner, *argv]
        self.start = time.perf_counter()
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True, **spawn)
        os.close(slave)

    def wait_for(self, shown, quiet, timeout):
        """The time of the chunk after which `shown(screen)` first holds, or None at timeout.

        Chunks are replayed into the screen only after `quiet` seconds without output."""
        deadline = time.perf_counter() + timeout
        while True:
            now = time.perf_counter()
            if now >= deadline:
                self.replay(lambda screen: False)
                return None
            ready, _, _ = select.select([self.master], [], [], min(quiet, deadline - now))
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                stamp = time.perf_counter()
                if not data:
                    self.replay(lambda screen: False)
                    return None
                self.pending.append((stamp, data))
                if b"\x1b" in data:
                    self.answer(data)
                continue
            found = self.replay(shown)
            if found is not None:
                return found

    def answer(self, data):
        for query in QUERIES.finditer(data):
            text = query.group(0)
            if text.endswith(b"c"):
                os.write(self.master, b"\x1b[?62;22c")
            elif text.startswith(b"\x1b]11"):
                os.write(self.master, b"\x1b]11;rgb:0000/0000/0000\x1b\\")
            elif text.endswith(b"$p"):
                os.write(self.master, b"\x1b[?" + query.group(1) + b";0$y")
            else:  # where the cursor is: the screen may not be replayed yet, so the top left
                os.write(self.master, b"\x1b[1;1R")

    def replay(self, shown):
        found = None
        for stamp, data in self.pending:
            self.stream.feed(data)
            if found is None and shown(self.screen):
                found = stamp
        self.pending = []
        return found

    def settle(self, quiet=0.15):
        """Reads (and replays) whatever comes until `quiet` seconds pass without output."""
        self.wait_for(lambda screen: False, quiet, quiet)
        while select.select([self.master], [], [], quiet)[0]:
            self.wait_for(lambda screen: False, quiet, quiet)

    def cpu_ticks(self):
        """The process's CPU time so far (user + system, all threads), in clock ticks."""
        try:
            with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            return None

    def idle(self, window=0.25, timeout=120):
        """Waits until the app is idle: no output and no CPU time used for `window` seconds
        (after a first frame Textual goes on working for a while without drawing)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            before = self.cpu_ticks()
            self.settle(window)
            if before is None or self.cpu_ticks() == before:
                return

    def send(self, data):
        stamp = time.perf_counter()
        os.write(self.master, data)
        return stamp

    def resize(self, columns, rows):
        """TIOCSWINSZ on the pty: the kernel sends SIGWINCH to the app (its foreground group)."""
        self.screen.resize(rows, columns)
        stamp = time.perf_counter()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        return stamp

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        try:
            while select.select([self.master], [], [], 0)[0] and os.read(self.master, 65536):
                pass
        except OSError:
            pass
        os.close(self.master)


def grid_shown(n, typed=None):
    """The whole screen drawn: every line under the text field is its row of labels (as many
    of the first labels as the width shows whole, the sixth `V{n}`), down to the footer on
    the last line; with `typed`, the text field shows it."""

    def shown(screen):
        lines = screen.display
        columns = screen.columns
        whole = max(1, (columns - 2) // 12)
        if lines[-1].strip() != f"{FOOTER} {columns}x{len(lines)}":
            return False
        first = next((index for index, line in enumerate(lines) if line.startswith("L0 ")), None)
        if first is None or first == 0:
            return False
        if typed is not None and lines[first - 1].strip() != typed:
            return False
        for row, line in enumerate(lines[first:-1]):
            expected = [f"V{n}" if row * 10 + column == 5 else f"L{row * 10 + column}" for column in range(whole)]
            if line.split()[:whole] != expected:
                return False
        return True

    return shown


def first_row_shows(n):
    def shown(screen):
        line = next((line for line in screen.display if line.startswith("L0 ")), "")
        return line.split()[5:6] == [f"V{n}"]

    return shown


def field_shows(text):
    def shown(screen):
        line = next((index for index, line in enumerate(screen.display) if line.startswith("L0 ")), None)
        return line is not None and line > 0 and screen.display[line - 1].strip() == text

    return shown


def echo_shows(text):
    """ncurses-echo's line: its prompt and `text`, nothing after."""
    def shown(screen):
        line = screen.display[0]
        return line.startswith("> " + text) and not line[2 + len(text):].strip()

    return shown


def floor_keystrokes(echo, keys, spawner, log):
    """The floor: milliseconds from a letter written to its echo shown, for ncurses alone
    (Benchmarks/Keystrokes/ncurses-echo.c: getch → addch → refresh) in the same pty, started,
    timed and read exactly as the two apps are: what the pty and this reader cost."""
    session = Session([echo], spawner=spawner)
    figures = []
    try:
        if session.wait_for(echo_shows(""), quiet=0.25, timeout=30) is None:
            raise RuntimeError(f"{echo} drew nothing within 30 s")
        for index in range(keys):
            session.idle()
            sent = session.send(TYPED[index % len(TYPED)].encode())
            stamp = session.wait_for(echo_shows(TYPED[:index % len(TYPED) + 1]), quiet=0.1, timeout=30)
            if stamp is None:
                raise RuntimeError(f"keystroke {index + 1} never showed")
            figures.append((stamp - sent) * 1000)
            if index % len(TYPED) == len(TYPED) - 1:  # the line full of what was typed: start again
                for _ in TYPED:
                    session.send(b"\x7f")
                session.wait_for(echo_shows(""), quiet=0.1, timeout=30)
    finally:
        session.close()
    log("ncurses alone: keystroke " + ", ".join(f"{v:.2f}" for v in figures))
    return figures


def first_frame(argv, timeout, spawner=None):
    """Milliseconds from spawn to the first complete screen, and the session (still running)."""
    session = Session(argv, spawner=spawner)
    stamp = session.wait_for(grid_shown(0, typed=""), quiet=0.25, timeout=timeout)
    if stamp is None:
        screen = "\n".join(session.screen.display)
        session.close()
        raise RuntimeError(f"no first frame from {argv} within {timeout} s; the screen:\n{screen}")
    return (stamp - session.start) * 1000, session


def interact(session, updates, keys, resizes, timeout, name, figures):
    """Measures one-label updates (F5), keystrokes and resizes in a running session, adding
    to `figures`; raises `RuntimeError` at the first that never shows (what came before stays)."""
    session.idle()
    for n in range(1, updates + 1):
        sent = session.send(F5)
        stamp = session.wait_for(first_row_shows(n), quiet=0.1, timeout=timeout)
        if stamp is None:
            raise RuntimeError(f"{name}: label update {n} never showed")
        figures["update"].append((stamp - sent) * 1000)
        session.idle()
    for index in range(keys):
        text = TYPED[:index + 1]
        sent = session.send(TYPED[index].encode())
        stamp = session.wait_for(field_shows(text), quiet=0.1, timeout=timeout)
        if stamp is None:
            raise RuntimeError(f"{name}: keystroke {index + 1} never showed")
        figures["keystroke"].append((stamp - sent) * 1000)
        session.idle()
    sizes = [OTHER_SIZE, (COLUMNS, ROWS)]
    for index in range(resizes):
        columns, rows = sizes[index % 2]
        sent = session.resize(columns, rows)
        stamp = session.wait_for(grid_shown(updates, typed=TYPED[:keys]), quiet=0.25, timeout=timeout)
        if stamp is None:
            raise RuntimeError(f"{name}: resize to {columns}x{rows} never showed; the screen:\n"
                               + "\n".join(session.screen.display))
        figures["resize"].append((stamp - sent) * 1000)
        session.idle()


def plan(quick):
    """Runs per size: (first frames TermLayout, first frames Textual, updates, keys, resizes)."""
    if quick:
        return {1000: (3, 1, 5, 5, 2), 10000: (3, 1, 3, 3, 2)}
    return {1000: (21, 7, 31, 31, 10), 10000: (21, 3, 21, 21, 6)}


def run_all(app, python, textual_app, quick, log, spawner=None):
    """Every measurement for both apps, alternating runs; returns lists of milliseconds.
    `spawner`: ctty-exec (see `Session`), or None to set the controlling terminal in Python."""
    folder = tempfile.mkdtemp(prefix="side-by-side-")
    results = {}
    try:
        for count, (termlayout_runs, textual_runs, updates, keys, resizes) in plan(quick).items():
            template = os.path.join(folder, f"Grid{count}.xml")
            with open(template, "w", encoding="utf-8") as file:
                file.write(grid_template(count))
            apps = {"TermLayout": [app, template], "Textual": [python, textual_app, str(count)]}
            timeouts = {"TermLayout": 30, "Textual": 120}
            runs = {"TermLayout": termlayout_runs, "Textual": textual_runs}
            figures = {name: {"first frame": [], "update": [], "keystroke": [], "resize": []} for name in apps}
            for name, argv in apps.items():  # a warm-up run each: page cache, Python's bytecode
                _, session = first_frame(argv, timeouts[name], spawner)
                session.close()
            for index in range(max(runs.values())):
                for name, argv in apps.items():
                    if index >= runs[name]:
                        continue
                    milliseconds, session = first_frame(argv, timeouts[name], spawner)
                    figures[name]["first frame"].append(milliseconds)
                    log(f"{count} labels, {name}: first frame {milliseconds:.1f} ms")
                    if index == 0:  # the interactions, in the first session of each
                        try:
                            interact(session, updates, keys, resizes, timeouts[name], name, figures[name])
                        except RuntimeError as error:  # reported in the table; the run goes on
                            figures[name]["failure"] = str(error).splitlines()[0]
                            log(f"{count} labels, {figures[name]['failure']}")
                        finally:
                            session.close()
                        for key in ("update", "keystroke", "resize"):
                            log(f"{count} labels, {name}: {key} " + ", ".join(f"{v:.2f}" for v in figures[name][key]))
                    else:
                        session.close()
            results[str(count)] = figures
    finally:
        for entry in os.listdir(folder):
            os.remove(os.path.join(folder, entry))
        os.rmdir(folder)
    return results
