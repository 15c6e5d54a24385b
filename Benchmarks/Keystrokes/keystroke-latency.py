#!/usr/bin/env python3
"""Keystroke latency as a user has it: a character typed into a pty until its echo arrives.

Starts each program in a pseudo-terminal of its own (120x40, TERM=xterm-256color), waits for
its first frame, then types one character at a time and times the write of the byte to the
arrival of the echo (the character itself) at the pty's controlling end; a Backspace follows
each, untimed, so the field never fills, and the next key waits until the program is idle.

Programs, run in turn, round after round, so that they share the machine's moments:
  ncurses     ncurses-echo.c (getch -> addch -> refresh), compiled here with cc -lncursesw: the floor
  LABEL/N     `termlayout preview` (a release binary) of N labels in rows of ten in a ScrollView,
              below a focused TextField bound to state (`text="{name}"`), for each N

Prints, per program, the median and p90 of all keys in ms, the per-round medians, the ratio of
the median to ncurses' median, and PASS/MISS against the target (0.4 ms, 2x ncurses' ~0.2 ms).

  scripts/install        # or: swift build -c release --product termlayout --scratch-path /tmp/tl-release
  python3 Benchmarks/Keystrokes/keystroke-latency.py   # or: --termlayout /tmp/tl-release/release/termlayout
  # A/B in one run: --termlayout before=/path/a --termlayout after=/path/b
  # options: --counts 500,100000 --keys 200 --rounds 3 --target 0.4
"""

import argparse
import fcntl
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS, ROWS = 120, 40


def grid_template(count):
    """A focused TextField above `count` labels in rows of ten in a ScrollView."""
    parts = ['<Column>\n<TextField text="{name}" width="60"/>\n<ScrollView>\n<Column>\n']
    for row in range(count // 10):
        parts.append("<Row>")
        for column in range(10):
            parts.append('<Label text="L%d" width="12"/>' % (row * 10 + column))
        parts.append("</Row>\n")
    parts.append("</Column>\n</ScrollView>\n</Column>\n")
    return "".join(parts)


class Pty:
    """A program running on the follower end of a pty; we hold the controlling end."""

    def __init__(self, argv):
        self.master, follower = os.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = dict(os.environ, TERM="xterm-256color")
        self.process = subprocess.Popen(argv, stdin=follower, stdout=follower, stderr=follower,
                                        env=env, start_new_session=True, close_fds=True)
        os.close(follower)
        self.poller = select.poll()
        self.poller.register(self.master, select.POLLIN)

    def read_for(self, milliseconds):
        """Whatever arrives within `milliseconds` (b'' if nothing)."""
        if not self.poller.poll(milliseconds):
            return b""
        try:
            return os.read(self.master, 1 << 16)
        except OSError:
            return b""

    def drain(self, quiet_ms, first_ms=0):
        """Reads until nothing came for `quiet_ms` (after waiting up to `first_ms` for a first byte)."""
        data = self.read_for(first_ms) if first_ms else b""
        while True:
            more = self.read_for(quiet_ms)
            if not more:
                return data
            data += more

    def key(self, char):
        """Types `char`; returns the ns until its echo arrives."""
        wanted = char.encode()
        seen = b""
        start = time.perf_counter_ns()
        os.write(self.master, wanted)
        while wanted not in seen:
            if not self.poller.poll(2000):
                raise RuntimeError("no echo within 2 s; got %r" % seen[-200:])
            seen += os.read(self.master, 1 << 16)
        return time.perf_counter_ns() - start

    def close(self, quit_bytes):
        try:
            os.write(self.master, quit_bytes)
            self.drain(50)
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def measure(argv, keys, startup_ms, quit_bytes):
    pty = Pty(argv)
    try:
        first = pty.drain(quiet_ms=startup_ms, first_ms=30000)
        if not first:
            raise RuntimeError("%s drew nothing" % argv[0])
        samples = []
        for _ in range(keys):
            samples.append(pty.key("x") / 1e6)
            pty.drain(quiet_ms=3)          # anything after the echo (there should be nothing)
            os.write(pty.master, b"\x7f")  # Backspace, untimed
            pty.drain(quiet_ms=3, first_ms=2000)
            time.sleep(0.002)
        return samples
    finally:
        pty.close(quit_bytes)


def p90(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--termlayout", action="append",
                        help="a release termlayout binary, or LABEL=PATH; repeat to compare binaries in one run "
                             "(default: the static release build scripts/install makes, .build-install/release/termlayout)")
    parser.add_argument("--counts", default="500,100000", help="label counts (default 500,100000)")
    parser.add_argument("--keys", type=int, default=200, help="keys typed per program and round (default 200)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--target", type=float, default=0.4, help="target in ms (default 0.4)")
    args = parser.parse_args()
    if not args.termlayout:
        installed = os.path.join(HERE, "..", "..", ".build-install", "release", "termlayout")
        if not os.access(installed, os.X_OK):
            sys.exit("no --termlayout given and no %s: run scripts/install first (or pass a release binary)"
                     % os.path.normpath(installed))
        args.termlayout = [os.path.normpath(installed)]

    work = tempfile.mkdtemp(prefix="termlayout-keys-")
    try:
        floor = os.path.join(work, "ncurses-echo")
        subprocess.run(["cc", "-O2", "-o", floor, os.path.join(HERE, "ncurses-echo.c"), "-lncursesw"], check=True)
        programs = [("ncurses", [floor], 300, b"\x04")]
        binaries = [(spec.split("=", 1) if "=" in spec else ("termlayout", spec)) for spec in args.termlayout]
        for count in [int(c) for c in args.counts.split(",")]:
            template = os.path.join(work, "Grid%d.xml" % count)
            with open(template, "w") as file:
                file.write(grid_template(count))
            for label, binary in binaries:
                programs.append(("%s/%d" % (label, count),
                                 [binary, "preview", template, "--state", '{"name": ""}'],
                                 1500 if count > 10000 else 500, b"\x03"))
        results = {name: [] for name, _, _, _ in programs}
        rounds = {name: [] for name, _, _, _ in programs}
        for round_index in range(args.rounds):
            for name, argv, startup_ms, quit_bytes in programs:
                samples = measure(argv, args.keys, startup_ms, quit_bytes)
                results[name] += samples
                rounds[name].append(statistics.median(samples))
                print("round %d  %-22s median %.3f ms" % (round_index + 1, name, rounds[name][-1]), flush=True)

        floor_median = statistics.median(results["ncurses"])
        print()
        print("keystroke -> echo at the pty, %d keys x %d rounds, %s, %s" % (
            args.keys, args.rounds, time.strftime("%Y-%m-%d %H:%M"), os.uname().nodename))
        print("%-22s %9s %9s %9s  %s" % ("program", "median", "p90", "ratio", "round medians"))
        for name, _, _, _ in programs:
            values = results[name]
            median = statistics.median(values)
            verdict = "" if name == "ncurses" else ("PASS" if median <= args.target else "MISS") + " (target %.2f ms)" % args.target
            print("%-22s %6.3f ms %6.3f ms %8.2fx  %s  %s" % (
                name, median, p90(values), median / floor_median,
                " ".join("%.3f" % m for m in rounds[name]), verdict))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
