#!/usr/bin/env python3
"""A release app wakes on signals: a resize redraws and SIGTERM ends it, with no key typed.

    python3 Benchmarks/SideBySide/check_signals.py PATH/TO/release/SideBySideApp

`swift test` builds in debug, where this always worked; in a release build the optimiser once
inlined `SignalTrap.descriptor` into another file, which then waited on a copy of the signal
pipe never opened, so neither happened until the next key. CI runs this on the release build
of the Benchmarks package. Python's standard library only; exits 1 with the reason on failure.
"""

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

DA1 = re.compile(rb"\x1b\[0?c")


def read_for(master, seconds):
    """What the app writes within `seconds` (answering its DA1 query as a terminal does)."""
    output = b""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([master], [], [], left)[0]:
            break
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        if DA1.search(data):
            os.write(master, b"\x1b[?62;22c")
        output += data
    return output


def set_size(descriptor, columns, rows):
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    labels = "".join(f'<Label text="L{index}" width="6"/>' for index in range(10))
    template = ('<Column id="screen">\n<TextField text="{typed}"/>\n<ScrollView grow="1">\n'
                f"<Column><Row>{labels}</Row></Column>\n</ScrollView>\n"
                '<Label text="END OF SCREEN {#screen.width}x{#screen.height}"/>\n</Column>\n')
    with tempfile.TemporaryDirectory(prefix="check-signals-") as folder:
        path = os.path.join(folder, "Grid.xml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(template)
        master, slave = os.openpty()
        set_size(slave, 80, 24)
        env = {key: value for key, value in os.environ.items() if key not in ("LINES", "COLUMNS", "TMUX")}
        env["TERM"] = "xterm-256color"
        process = subprocess.Popen([sys.argv[1], path], stdin=slave, stdout=slave, stderr=slave, env=env,
                                   start_new_session=True, close_fds=True,
                                   preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        failures = []
        try:
            if b"80x24" not in read_for(master, 10):
                failures.append("no first frame within 10 s")
            read_for(master, 0.3)  # quiet: the first frame is all out
            set_size(master, 70, 20)  # the kernel sends SIGWINCH to the app
            if not read_for(master, 3):
                failures.append("a resize (SIGWINCH) drew nothing within 3 s")
            process.send_signal(signal.SIGTERM)
            try:
                status = process.wait(timeout=3)
                if status != 128 + signal.SIGTERM:
                    failures.append(f"SIGTERM ended the app with status {status}, not {128 + signal.SIGTERM}")
            except subprocess.TimeoutExpired:
                failures.append("SIGTERM did not end the app within 3 s")
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            os.close(master)
    if failures:
        sys.exit("check_signals: " + "; ".join(failures))
    print("check_signals: a resize redraws and SIGTERM ends the app (release build)")


if __name__ == "__main__":
    main()
