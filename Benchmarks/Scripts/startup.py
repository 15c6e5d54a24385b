#!/usr/bin/env python3
"""Whole-process start-up of `termlayout` against a static C program (issue 32, item 1).

Runs, as a script would, each command many times, round robin (so a burst of load from
elsewhere hits every command alike), and prints the median and p90 wall time of each
(fork + exec + wait, measured here) and its ratio to the C program's median:

  - `three`: `puts("3")`, compiled at run time from three.c beside this script
    (`cc -O2 -static`), the floor;
  - `termlayout eval 1+2` (target: <= 4x C);
  - `termlayout render one.xml --size 10x1` of `<Label text='hi'/>` (target: <= 5x C);
  - `termlayout render` of the 10,000-label grid (rows of ten in a ScrollView, 120x40) as a
    whole process (fewer runs; no target: reported against C and in milliseconds).

The binary measured is the static release build `scripts/install` makes
(`.build-install/release/termlayout`, built as it builds it if missing: `swift build -c release
--static-swift-stdlib` and, where `scripts/static-link-flags` finds the C libraries' static
archives, `-static-executable`), or `--termlayout PATH`. `--compare NAME=PATH` measures
other builds in the same run (e.g. a build of the previous commit, or the dynamic
`.build/release/termlayout`), each with the same commands, for a before/after in one run.
`--floors` also measures three Swift programs that print "3", compiled with `swiftc -O
-static-stdlib` (and `-static-executable` when termlayout is built so) from the floor-*.swift
files here: the runtime alone, with
FoundationEssentials, and with the whole of Foundation — what any Swift binary linking them
pays before its first line runs.

    python3 Benchmarks/Scripts/startup.py [--runs 200] [--floors] [--termlayout PATH] [--compare before=PATH]

Exit status 0 when the measured binary meets both targets, 1 when it misses one.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRATCH = os.path.join(ROOT, ".build-install")
TARGETS = {"eval 1+2": 4.0, "render one label": 5.0}


def build_c(folder):
    """Compiles three.c statically (dynamically if static linking is unavailable)."""
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        sys.exit("startup: no C compiler (cc, gcc or clang) to build the baseline")
    output = os.path.join(folder, "three")
    source = os.path.join(HERE, "three.c")
    if subprocess.run([cc, "-O2", "-static", "-o", output, source], capture_output=True).returncode == 0:
        return output, "static"
    subprocess.run([cc, "-O2", "-o", output, source], check=True)
    return output, "dynamic (static linking failed)"


def static_link_flags():
    """`scripts/static-link-flags`' `swift build` flags: those that make a fully static
    executable on this machine, or none (its note, on standard error, says why)."""
    result = subprocess.run([os.path.join(ROOT, "scripts", "static-link-flags")], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("startup: scripts/static-link-flags failed: " + result.stderr[-400:])
    if result.stderr:
        print(result.stderr.strip(), file=sys.stderr)
    return result.stdout.split()


def build_floors(folder):
    """The floor-*.swift programs, compiled as `termlayout` is linked (static stdlib, and a
    fully static executable where `scripts/install` makes one)."""
    flags = static_link_flags()
    linking = [flag for flag in flags if flag != "-Xswiftc"]
    floors = []
    for name, label in [("swift", "Swift runtime"), ("essentials", "Swift + FoundationEssentials"),
                        ("foundation", "Swift + Foundation")]:
        output = os.path.join(folder, "floor-" + name)
        command = ["swiftc", "-O", "-static-stdlib", *linking, "-o", output,
                   os.path.join(HERE, "floor-%s.swift" % name)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("startup: %s failed: %s" % (" ".join(command), result.stderr[-400:]))
        floors.append(("floor: %s" % label, output))
    return floors


def locate_termlayout(path):
    """The binary to measure: `path`, or the static release build, built when missing."""
    if path:
        return os.path.abspath(path)
    binary = os.path.join(SCRATCH, "release", "termlayout")
    if not os.path.exists(binary):
        command = ["swift", "build", "-c", "release", "--static-swift-stdlib", *static_link_flags(),
                   "--scratch-path", SCRATCH, "--product", "termlayout"]
        print("+ " + " ".join(command), file=sys.stderr, flush=True)
        subprocess.run(command, cwd=ROOT, check=True)
    return binary


def label_grid(count):
    """The ScaleBenchmarks screen: `count` labels in rows of ten in a ScrollView."""
    lines = ["<ScrollView>", "<Column>"]
    for row in range(count // 10):
        labels = []
        for column in range(10):
            index = row * 10 + column
            text = "{count}" if index == 5 else "L%d" % index
            labels.append('<Label text="%s" width="12"/>' % text)
        lines.append("<Row>" + "".join(labels) + "</Row>")
    lines += ["</Column>", "</ScrollView>", ""]
    return "\n".join(lines)


def run_once(argv, devnull):
    """Wall time of one whole process, in milliseconds, and its exit status."""
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status = os.waitpid(pid, 0)
    return (time.perf_counter_ns() - start) / 1e6, os.waitstatus_to_exitcode(status)


def check_output(name, argv, expected_prefix):
    """Runs a command once and stops the benchmark if it fails or prints something else."""
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0 or not result.stdout.startswith(expected_prefix):
        sys.exit("startup: %s failed (exit %d): %s%s" % (name, result.returncode, result.stdout[:200], result.stderr[:400]))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200, help="runs of each short command (default 200)")
    parser.add_argument("--grid-runs", type=int, default=0, help="runs of the 10,000-label render (default runs/5)")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured runs first (default 10)")
    parser.add_argument("--termlayout", help="the termlayout binary (default: the static release build)")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=PATH",
                        help="another termlayout build measured in the same run")
    parser.add_argument("--floors", action="store_true",
                        help="also measure Swift programs that print 3 (runtime, +FoundationEssentials, +Foundation)")
    options = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="termlayout-startup-")
    try:
        three, linkage = build_c(folder)
        one = os.path.join(folder, "one.xml")
        with open(one, "w") as file:
            file.write("<Label text='hi'/>")
        grid = os.path.join(folder, "Grid.xml")
        with open(grid, "w") as file:
            file.write(label_grid(10_000))

        builds = [("termlayout", locate_termlayout(options.termlayout))]
        for spec in options.compare:
            name, _, path = spec.partition("=")
            if not name or not path:
                sys.exit("startup: --compare takes NAME=PATH, got '%s'" % spec)
            builds.append((name, os.path.abspath(path)))

        commands = [("C puts(\"3\") [%s]" % linkage, "C", [three], "3\n", "short")]
        if options.floors:
            commands += [(name, "floor", [path], "3\n", "short") for name, path in build_floors(folder)]
        for build, binary in builds:
            commands.append(("%s eval 1+2" % build, "eval 1+2", [binary, "eval", "1+2"], "3\n", "short"))
            commands.append(("%s render one label" % build, "render one label",
                             [binary, "render", one, "--size", "10x1"], "hi", "short"))
        for build, binary in builds:
            commands.append(("%s render 10,000 labels" % build, "render 10k",
                             [binary, "render", grid, "--size", "120x40", "--state", '{"count": 0}'], "L0", "grid"))
        for name, _, argv, expected, _ in commands:
            check_output(name, argv, expected)

        grid_runs = options.grid_runs or max(20, options.runs // 5)
        times = {name: [] for name, *_ in commands}
        devnull = os.open(os.devnull, os.O_WRONLY)
        rounds = options.warmup + options.runs
        for round in range(rounds):
            for name, _, argv, _, kind in commands:
                if kind == "grid" and round >= options.warmup and len(times[name]) >= grid_runs:
                    continue
                if kind == "grid" and round < options.warmup and round >= 2:
                    continue
                elapsed, status = run_once(argv, devnull)
                if status != 0:
                    sys.exit("startup: %s exited %d" % (name, status))
                if round >= options.warmup:
                    times[name].append(elapsed)
        os.close(devnull)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    base = statistics.median(times[commands[0][0]])
    load = os.getloadavg()
    print("Start-up, whole processes: median and p90 of %d runs (10,000 labels: %d), round robin; "
          "load average %.2f %.2f %.2f" % (options.runs, grid_runs, *load))
    print("%-40s %9s %9s %8s %8s  %s" % ("command", "median", "p90", "x C", "target", "result"))
    missed = False
    for name, kind, _, _, _ in commands:
        median = statistics.median(times[name])
        p90 = percentile(times[name], 0.9)
        ratio = median / base
        target = TARGETS.get(kind)
        verdict = ""
        if target is not None:
            verdict = "PASS" if ratio <= target else "MISS"
            if name.startswith("termlayout ") and verdict == "MISS":
                missed = True
        print("%-40s %6.2f ms %6.2f ms %7.1fx %8s  %s" % (name, median, p90, ratio,
                                                          "<= %gx" % target if target else "", verdict))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
