#!/usr/bin/env python3
"""TermLayout and Textual side by side, in one run, as whole processes in ptys (issue 32, item 5).

    python3 Benchmarks/SideBySide/run.py [--quick] [--json [FILE]] [--skip-build]

Builds the TermLayout app (Benchmarks/SideBySide/TermLayoutApp) in release, linked as
`scripts/install` links `termlayout` (the standard library statically, and a fully static
executable where `scripts/static-link-flags` finds the C libraries' archives), makes a virtual environment with Textual and pyte in
.build/textual-venv (Textual is installed only there), then runs both apps, alternately,
each as a whole process in its own 120×40 pty (TERM=xterm-256color), started through a small C
helper (ctty-exec.c, compiled here with ncurses alone, the keystroke floor), and prints for each
measurement the medians and p90s, the ratio Textual/TermLayout and the issue's goals.
How each figure is defined: README.md beside this file.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.join(REPO, ".build", "textual-venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")
SCRATCH = os.path.join(REPO, ".build-side-by-side")
SWIFT_BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--package-path",
               os.path.join(REPO, "Benchmarks"), "--scratch-path", SCRATCH, "--product", "SideBySideApp"]


def static_link_flags():
    """The flags `scripts/install` adds for a fully static executable here, or none."""
    result = subprocess.run([os.path.join(REPO, "scripts", "static-link-flags")], capture_output=True,
                            text=True, check=True)
    if result.stderr:
        log(result.stderr.strip())
    return result.stdout.split()


SPAWNER = os.path.join(SCRATCH, "ctty-exec")
ECHO = os.path.join(SCRATCH, "ncurses-echo")
HELPERS = {SPAWNER: (os.path.join(HERE, "ctty-exec.c"), []),
           ECHO: (os.path.join(REPO, "Benchmarks", "Keystrokes", "ncurses-echo.c"), ["-lncursesw"])}


def build_helpers():
    """Compiles the C helpers (the spawner, ncurses alone) when missing or older than their
    source: statically where the C library's archive allows it (no dynamic loader at start)."""
    os.makedirs(SCRATCH, exist_ok=True)
    for binary, (source, libraries) in HELPERS.items():
        if os.path.exists(binary) and os.path.getmtime(binary) >= os.path.getmtime(source):
            continue
        compiler = os.environ.get("CC", "cc").split()
        if subprocess.run(compiler + ["-O2", "-static", "-o", binary, source] + libraries + (["-ltinfo"] if libraries else []),
                          capture_output=True).returncode != 0:
            subprocess.run(compiler + ["-O2", "-o", binary, source] + libraries, check=True)


def log(message):
    print(message, file=sys.stderr, flush=True)


def bootstrap(skip_build):
    """Makes the venv (textual, pyte) and the release app; re-runs this script in the venv."""
    if not os.path.exists(VENV_PYTHON):
        log(f"making {VENV} (textual, pyte)…")
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([VENV_PYTHON, "-m", "pip", "install", "-q", "textual", "pyte"], check=True)
    build_helpers()
    if not skip_build:
        flags = static_link_flags()
        log(f"building SideBySideApp (release, --static-swift-stdlib {' '.join(flags)})…")
        subprocess.run(SWIFT_BUILD[:5] + flags + SWIFT_BUILD[5:], check=True, stdout=sys.stderr)
    if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__), *sys.argv[1:], "--in-venv"])


def main():
    parser = argparse.ArgumentParser(description="TermLayout and Textual side by side in ptys.")
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a check, not figures)")
    parser.add_argument("--json", nargs="?", const="-", metavar="FILE",
                        help="write the results as JSON to FILE (or, alone, to standard output instead of the table)")
    parser.add_argument("--skip-build", action="store_true", help="use the release app already built")
    parser.add_argument("--in-venv", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.in_venv:
        bootstrap(args.skip_build)
    # Imported here: pyte is in the venv, which the bootstrap above re-runs this script in.
    sys.dont_write_bytecode = True  # no __pycache__ beside the sources
    sys.path.insert(0, HERE)
    from harness import floor_keystrokes, run_all
    from report import machine, render_table, rows

    app = os.path.join(SCRATCH, "release", "SideBySideApp")
    if not os.path.exists(app):
        sys.exit(f"{app} is missing: run without --skip-build")
    info = machine()
    info["load average before"] = os.getloadavg()
    started = time.time()
    results = run_all(app, VENV_PYTHON, os.path.join(HERE, "textual_app.py"), quick=args.quick, log=log,
                      spawner=SPAWNER)
    floor = floor_keystrokes(ECHO, 5 if args.quick else 31, SPAWNER, log)
    info["load average after"] = os.getloadavg()
    info["seconds"] = round(time.time() - started)
    report = {"machine": info, "results": results, "floor": {"keystroke": floor},
              "command": "python3 Benchmarks/SideBySide/run.py" + (" --quick" if args.quick else "")}
    report["table"] = rows(report)
    if args.json != "-":
        print(render_table(report))
    if args.json:
        text = json.dumps(report, indent=2, ensure_ascii=False)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w", encoding="utf-8") as file:
                file.write(text + "\n")
            log(f"wrote {args.json}")


if __name__ == "__main__":
    main()
