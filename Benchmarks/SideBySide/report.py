"""The machine's description, and the table of figures, ratios and the issue's goals."""

import datetime
import importlib.metadata
import os
import platform
import statistics
import subprocess

# The goals (Textual/TermLayout, higher is better), by measurement and label count;
# "updates" read as both the one-label update and the keystroke echo.
GOALS = {
    ("first frame", "1000"): 100,
    ("first frame", "10000"): 500,
    ("update", "1000"): 1000,
    ("update", "10000"): 1000,
    ("keystroke", "1000"): 1000,
    ("keystroke", "10000"): 1000,
}
WHAT = {
    "first frame": "first frame (spawn → whole screen shown)",
    "update": "one-label update (F5 → new text shown)",
    "keystroke": "keystroke echoed in the text field",
    "resize": "resize 120×40 ↔ 100×30 (TIOCSWINSZ → whole screen shown)",
}


def busy_processes():
    """Processes using more than 10% of a core over half a second (what else was running)."""
    try:
        output = subprocess.run(["top", "-b", "-n", "2", "-d", "0.5", "-w", "200"],
                                capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    last = output.split("\n\n")[-1].splitlines()
    busy = []
    for line in last[1:]:
        fields = line.split()
        if len(fields) >= 12:
            try:
                cpu = float(fields[8])
            except ValueError:
                continue
            if cpu > 10:
                busy.append(f"{fields[11]} {cpu:.0f}%")
    return busy


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            model = next((line.split(":", 1)[1].strip() for line in file if line.startswith("model name")), "?")
    except OSError:
        pass
    system = platform.platform()
    try:
        with open("/etc/os-release", encoding="utf-8") as file:
            values = dict(line.rstrip("\n").split("=", 1) for line in file if "=" in line)
        system = f"{values.get('PRETTY_NAME', '?').strip(chr(34))}, Linux {platform.release()}"
    except OSError:
        pass
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        swift = "?"
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": os.cpu_count(),
        "cpu": model,
        "os": system,
        "swift": swift,
        "textual": importlib.metadata.version("textual"),
        "python": platform.python_version(),
        "pyte": importlib.metadata.version("pyte"),
        "termlayout build": "swift build -c release --static-swift-stdlib --package-path Benchmarks --product SideBySideApp",
        "busy processes at start": busy_processes(),
    }


def summary(values):
    if not values:
        return None
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
    return {"median": statistics.median(ordered), "p90": p90, "runs": len(ordered)}


def rows(report):
    """One row per measurement and size: both apps' medians and p90s, the ratio, the goal."""
    table = []
    for count, figures in report["results"].items():
        for key in WHAT:
            ours, theirs = summary(figures["TermLayout"][key]), summary(figures["Textual"][key])
            if ours is None or theirs is None:
                failures = [figures[name].get("failure", f"{name}: no figure")
                            for name, mine in (("TermLayout", ours), ("Textual", theirs)) if mine is None]
                table.append({"what": WHAT[key], "labels": int(count), "termlayout_ms": ours, "textual_ms": theirs,
                              "ratio": None, "goal": GOALS.get((key, count)), "verdict": "FAILED",
                              "failure": "; ".join(failures)})
                continue
            ratio = theirs["median"] / ours["median"]
            goal = GOALS.get((key, count))
            table.append({"what": WHAT[key], "labels": int(count), "termlayout_ms": ours, "textual_ms": theirs,
                          "ratio": ratio, "goal": goal,
                          "verdict": None if goal is None else ("PASS" if ratio >= goal else "MISS")})
    return table


def milliseconds(value):
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def ratio_text(ratio):
    return f"{ratio:,.0f}×" if ratio >= 10 else f"{ratio:.1f}×"


def render_table(report):
    table = report["table"]
    info = report["machine"]
    lines = [
        f"TermLayout vs Textual, side by side, whole processes in {120}×{40} ptys (TERM=xterm-256color)",
        f"{info['date']} · {info['cores']} cores, {info['cpu']} · {info['os']}",
        f"{info['swift']} · Textual {info['textual']} (Python {info['python']}, pyte {info['pyte']})",
        f"load average before {tuple(round(x, 2) for x in info['load average before'])}, "
        f"after {tuple(round(x, 2) for x in info['load average after'])}; busy at start: "
        + (", ".join(info["busy processes at start"]) or "nothing"),
        "",
        "| what | labels | TermLayout median (p90), ms | Textual median (p90), ms | Textual/TermLayout | goal |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in table:
        ours, theirs = row["termlayout_ms"], row["textual_ms"]
        if row["ratio"] is None:
            lines.append(f"| {row['what']} | {row['labels']:,} | FAILED: {row['failure']} | | | |")
            continue
        goal = "—" if row["goal"] is None else f"≥ {row['goal']:,}× {row['verdict']}"
        lines.append(
            f"| {row['what']} | {row['labels']:,} | {milliseconds(ours['median'])} ({milliseconds(ours['p90'])}), "
            f"{ours['runs']} runs | {milliseconds(theirs['median'])} ({milliseconds(theirs['p90'])}), {theirs['runs']} runs "
            f"| {ratio_text(row['ratio'])} | {goal} |")
    floor = summary(report.get("floor", {}).get("keystroke", []))
    if floor is not None:
        lines += ["", f"floor: ncurses alone (Benchmarks/Keystrokes/ncurses-echo.c) echoes a key in "
                      f"{milliseconds(floor['median'])} ({milliseconds(floor['p90'])}) ms, {floor['runs']} runs, "
                      "in the same pty, started, timed and read as the apps are"]
    lines += ["", f"command: {report['command']} ({info['seconds']} s)"]
    return "\n".join(lines)
