#!/usr/bin/env python3
"""Regenerates the documentation's generated parts from the built `termlayout`:

- the widget reference in TermLayout.docc/Widgets.md, between `<!-- widget-reference:begin -->`
  and `<!-- widget-reference:end -->`, from `termlayout docs`;
- each help block in TermLayout.docc/CommandLineReference.md, the fenced block after a
  `<!-- cli-help: NAME -->` line, from `termlayout help NAME` (`termlayout --help` for the
  name `termlayout`) at 80 columns.

Tests fail when either copy is stale (WidgetReferenceDocTests, CommandLineReferenceTests);
run this after changing a widget's properties or a command's arguments:

    swift build --product termlayout && python3 scripts/regen-references.py
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "Sources", "TermLayout", "TermLayout.docc")
TERMLAYOUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "termlayout")
HELP_MARKER = "<!-- cli-help: "


def run(arguments):
    environment = dict(os.environ, COLUMNS="80")
    return subprocess.run([TERMLAYOUT] + arguments, capture_output=True, text=True, check=True, env=environment).stdout


def widget_reference():
    path = os.path.join(CATALOG, "Widgets.md")
    text = open(path, encoding="utf-8").read()
    begin, end = "<!-- widget-reference:begin -->\n", "<!-- widget-reference:end -->"
    start = text.index(begin) + len(begin)
    stop = text.index(end, start)
    open(path, "w", encoding="utf-8").write(text[:start] + run(["docs"]) + text[stop:])


def command_help():
    path = os.path.join(CATALOG, "CommandLineReference.md")
    lines = open(path, encoding="utf-8").read().split("\n")
    out, index = [], 0
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        if not (line.startswith(HELP_MARKER) and line.endswith(" -->")):
            continue
        name = line[len(HELP_MARKER):-len(" -->")]
        if index >= len(lines) or lines[index] != "```text":
            sys.exit(f"{path}: the line after '{line}' must open a ```text block")
        out.append(lines[index])
        index += 1
        while index < len(lines) and lines[index] != "```":
            index += 1
        help_text = run(["--help"] if name == "termlayout" else ["help", name])
        out.extend(help_text.rstrip("\n").split("\n"))
    open(path, "w", encoding="utf-8").write("\n".join(out))


widget_reference()
command_help()
