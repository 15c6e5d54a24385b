#!/usr/bin/env python3
"""Documentation coverage as a gate: every public symbol we declare has an abstract.

Reads the `documentation-coverage.json` that `generate-documentation
--experimental-documentation-coverage` writes into each archive, prints the figures per
module, and exits 1, listing them, when one of our own symbols has no abstract (no `///`
comment, or one DocC could not read).

Left out, because no doc comment of ours can give them an abstract:
- articles: DocC reports every article as having none, whatever its first paragraph says;
- the "… Implementations" groups DocC makes for a type's conformances;
- the page for another module that a module extends (`TermLayoutNcurses/TermLayout`);
- `init(rawValue:)` of an enum with raw values, which the compiler writes.
Members inherited from protocol extensions and the standard library (`!=`, `min(by:)`,
`isStrictSuperset(of:)`) are not in the archive at all: `.ci/run` builds with
`--experimental-skip-synthesized-symbols` (the reason is there).

Usage: scripts/doc-coverage.py [ARCHIVE.doccarchive …]
(default: the TermLayout and TermLayoutNcurses archives in .build/plugins/Swift-DocC/outputs)
"""
import json
import sys
from collections import Counter
from pathlib import Path

DEFAULT_ARCHIVES = [
    Path(".build/plugins/Swift-DocC/outputs") / f"{module}.doccarchive"
    for module in ("TermLayout", "TermLayoutNcurses")
]
NOT_SYMBOLS = {"Article", "CollectionGroup", "Extended Module"}


def page_path(entry):
    """`doc://TermLayout/documentation/TermLayout/Size/width` → `TermLayout/Size/width`."""
    return entry["referencePath"].split("/documentation/", 1)[-1]


def is_ours(entry, kinds):
    kind = entry["kind"]["name"]
    if kind in NOT_SYMBOLS:
        return False
    path = page_path(entry)
    parent, _, name = path.rpartition("/")
    if name == "init(rawValue:)" and kinds.get(parent) == "Enumeration":
        return False
    return True


def percent(part, whole):
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "100% (0/0)"


def main(arguments):
    archives = [Path(argument) for argument in arguments] or DEFAULT_ARCHIVES
    missing = []
    for archive in archives:
        report = archive / "documentation-coverage.json"
        if not report.is_file():
            print(f"error: {report} not found; build the documentation with "
                  "--experimental-documentation-coverage first", file=sys.stderr)
            return 2
        entries = json.loads(report.read_text())
        kinds = {page_path(entry): entry["kind"]["name"] for entry in entries}
        ours = [entry for entry in entries if is_ours(entry, kinds)]
        documented = Counter(entry["kind"]["name"] for entry in ours if entry["hasAbstract"])
        total = Counter(entry["kind"]["name"] for entry in ours)
        module = archive.name.removesuffix(".doccarchive")
        print(f"{module}: {percent(sum(documented.values()), len(ours))} of public symbols have an abstract")
        for kind in sorted(total, key=lambda kind: (-total[kind], kind)):
            print(f"  {kind:<20} {percent(documented[kind], total[kind])}")
        missing += sorted(page_path(entry) for entry in ours if not entry["hasAbstract"])
    if missing:
        print(f"error: {len(missing)} public symbol(s) without a doc comment:", file=sys.stderr)
        for path in missing:
            print(f"  {path}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
