#!/usr/bin/env python3
"""Generates the flexbox fixtures that TermLayout's layout is checked against.

Each fixture is a small tree; this script renders it as a TermLayout template and as HTML
with the equivalent CSS, lets headless Chromium lay the HTML out, and records every node's
rectangle (relative to the root). Two files, read by Tests/TermLayoutTests/Layout/FlexFixtureTests.swift:

- Fixtures/flex.json: the named fixtures written below (FIXTURES);
- Fixtures/flex-random.json: seeded random trees (random_tree: Row/Column containers nested
  three deep over empty View boxes, with padding, margins, min/max, grow/shrink, justify,
  align, alignSelf, wrap, alignLines and gap; every length a whole number);
- Fixtures/flex-percent.json: seeded random trees nested four deep whose sizes are often
  percentages (of definite and indefinite sizes), with more wrapping (issue 28).

The tests read only the JSON, so CI needs no browser. To regenerate (Debian):

    apt-get update && apt-get install -y chromium
    python3 scripts/flex-fixtures/generate.py [--seed 11] [--count 300] [--percent-seed 28] [--percent-count 250]

The CSS is plain flexbox with `box-sizing: border-box` — automatic minimum sizes
(`min-width/min-height: auto`) included — plus `align-content: flex-start`, TermLayout's
(and Yoga's) default for wrapped lines. Chromium keeps lengths in 1/64-px units, so a result
such as 100/3 is only approximated there: random trees whose results are not all multiples of
1/4 (exact in both engines) are skipped, and the number skipped is recorded in the file.
"""
import argparse, json, os, random, re, subprocess, sys, tempfile

# (name, root) where a node is (type, {attribute: value}, [children]).
# Types: Row, Column (flex containers) and View (a leaf box with no content).
def R(attrs=None, *children): return ("Row", attrs or {}, list(children))
def C(attrs=None, *children): return ("Column", attrs or {}, list(children))
def V(**attrs): return ("View", {k.replace("_", "."): v for k, v in attrs.items()}, [])

FIXTURES = [
    ("row of fixed items", R({"width": "100", "height": "20"}, V(width="10", height="5"), V(width="20", height="5"))),
    ("column of fixed items", C({"width": "40", "height": "50"}, V(height="10"), V(height="15"))),
    ("row stretches items without height", R({"width": "60", "height": "10"}, V(width="10"), V(width="20", height="4"))),
    ("grow shares free space", R({"width": "100", "height": "10"}, V(width="10", grow="1"), V(width="10", grow="3"))),
    ("weight is grow", R({"width": "90", "height": "10"}, V(weight="1"), V(weight="2"))),
    ("shrink by basis", R({"width": "60", "height": "10"}, V(width="50"), V(width="30"))),
    ("shrink zero keeps size", R({"width": "60", "height": "10"}, V(width="50", shrink="0"), V(width="30"))),
    ("justify center", R({"width": "100", "height": "10", "justify": "center"}, V(width="20"), V(width="20"))),
    ("justify end", R({"width": "100", "height": "10", "justify": "end"}, V(width="20"), V(width="30"))),
    ("justify spaceBetween", R({"width": "100", "height": "10", "justify": "spaceBetween"}, V(width="10"), V(width="10"), V(width="10"))),
    ("justify spaceAround", R({"width": "100", "height": "10", "justify": "spaceAround"}, V(width="10"), V(width="10"), V(width="10"), V(width="10"))),
    ("justify spaceEvenly", R({"width": "100", "height": "10", "justify": "spaceEvenly"}, V(width="10"), V(width="10"), V(width="10"))),
    ("align center", R({"width": "50", "height": "20", "align": "center"}, V(width="10", height="4"), V(width="10", height="10"))),
    ("align end", C({"width": "50", "height": "30", "align": "end"}, V(width="10", height="4"), V(width="30", height="4"))),
    ("alignSelf overrides align", R({"width": "50", "height": "20", "align": "start"}, V(width="10", height="4"), V(width="10", height="4", alignSelf="end"), V(width="10", alignSelf="stretch"))),
    ("gap between items", R({"width": "100", "height": "10", "gap": "5"}, V(width="10"), V(width="10"), V(width="10"))),
    ("gap with grow", R({"width": "100", "height": "10", "gap": "4"}, V(grow="1"), V(grow="1"), V(grow="2"))),
    ("padding insets content", C({"width": "50", "height": "40", "padding": "3"}, V(height="10"), V(height="5", width="20"))),
    ("margin around items", R({"width": "100", "height": "20"}, V(width="10", margin="2"), V(width="10", margin="5"))),
    ("percent sizes", R({"width": "200", "height": "50", "padding": "10"}, V(width="25%", height="50%"), V(width="50%"))),
    ("thirds", R({"width": "100", "height": "10"}, V(width="33.333%"), V(width="33.333%"), V(width="33.333%"))),
    ("min width stops shrinking", R({"width": "50", "height": "10"}, V(width="40", minWidth="35"), V(width="40"))),
    ("max width stops growing", R({"width": "100", "height": "10"}, V(grow="1", maxWidth="20"), V(grow="1"))),
    ("min height in column", C({"width": "30", "height": "20"}, V(height="15", minHeight="12"), V(height="15"))),
    ("wrap onto lines", R({"width": "50", "height": "40", "wrap": "true"}, V(width="20", height="5"), V(width="20", height="8"), V(width="20", height="5"))),
    ("wrap with gap", R({"width": "50", "height": "40", "wrap": "true", "gap": "2"}, V(width="20", height="5"), V(width="20", height="5"), V(width="20", height="5"))),
    ("wrap lines centered", R({"width": "50", "height": "40", "wrap": "true", "alignLines": "center"}, V(width="30", height="5"), V(width="30", height="5"))),
    ("wrap lines spaceBetween", R({"width": "50", "height": "40", "wrap": "true", "alignLines": "spaceBetween"}, V(width="30", height="5"), V(width="30", height="5"), V(width="30", height="5"))),
    ("wrap lines stretch", R({"width": "50", "height": "40", "wrap": "true", "alignLines": "stretch"}, V(width="30"), V(width="30", height="6"))),
    ("nested row in column", C({"width": "60", "height": "40"}, V(height="5"), R({"height": "10"}, V(width="10"), V(grow="1")), V(grow="1"))),
    ("nested column in row with padding", R({"width": "80", "height": "30", "padding": "2"}, C({"width": "30", "padding": "1"}, V(height="5"), V(height="5")), V(grow="1"))),
    ("auto height column from content", C({"width": "50", "height": "60"}, C({}, V(height="7"), V(height="3")), V(height="5"))),
    ("auto width row in row", R({"width": "100", "height": "10"}, R({}, V(width="15"), V(width="5")), V(width="10"))),
    ("column justify spaceBetween", C({"width": "20", "height": "50", "justify": "spaceBetween"}, V(height="10"), V(height="10"))),
    ("negative free space with center", R({"width": "30", "height": "10", "justify": "center"}, V(width="25", shrink="0"), V(width="25", shrink="0"))),
]

def template(node, indent=""):
    kind, attrs, children = node
    text = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    open_tag = f"{indent}<{kind}{' ' + text if text else ''}"
    if not children:
        return open_tag + "/>\n"
    return open_tag + ">\n" + "".join(template(c, indent + "  ") for c in children) + f"{indent}</{kind}>\n"

JUSTIFY = {"start": "flex-start", "end": "flex-end", "center": "center", "spaceBetween": "space-between",
           "spaceAround": "space-around", "spaceEvenly": "space-evenly", "stretch": "stretch"}
ALIGN = {"start": "flex-start", "end": "flex-end", "center": "center", "stretch": "stretch"}

def css_length(value):
    return value if value.endswith("%") else value + "px"

def html(node, parent_is_flex):
    kind, attrs, children = node
    style = ["box-sizing:border-box", "flex-shrink:1", "position:relative"]
    if kind in ("Row", "Column"):
        style += ["display:flex", f"flex-direction:{'row' if kind == 'Row' else 'column'}",
                  "align-content:flex-start", "align-items:stretch", "justify-content:flex-start"]
    for key, value in attrs.items():
        if key in ("width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight"):
            name = re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), key)
            style.append(f"{name}:{css_length(value)}")
        elif key in ("grow", "weight"): style.append(f"flex-grow:{value}")
        elif key == "shrink": style.append(f"flex-shrink:{value}")
        elif key == "margin": style.append(f"margin:{value}px")
        elif key == "padding": style.append(f"padding:{value}px")
        elif key == "gap": style.append(f"gap:{value}px")
        elif key == "justify": style.append(f"justify-content:{JUSTIFY[value]}")
        elif key == "align": style.append(f"align-items:{ALIGN[value]}")
        elif key == "alignSelf": style.append(f"align-self:{ALIGN[value]}")
        elif key == "alignLines": style.append(f"align-content:{JUSTIFY[value]}")
        elif key == "wrap": style.append("flex-wrap:wrap" if value == "true" else "flex-wrap:nowrap")
        else: raise ValueError(key)
    inner = "".join(html(c, kind in ("Row", "Column")) for c in children)
    return f'<div style="{";".join(style)}">{inner}</div>'

# Named reproducers of engine bugs the random trees found (issue 11).
FIXTURES += [
    ("padding floors a box", C({"width": "100", "height": "40"}, C({"padding": "1", "height": "1"}))),
    ("padding floors a shrinking box", R({"width": "1", "height": "40"}, C({"padding": "2", "width": "6", "minWidth": "0"}), V(width="10", minWidth="0"))),
    ("fit-content column in align start", C({"width": "100", "height": "40", "align": "start"}, C({}, V(width="14")))),
    ("fit-content column in align center", C({"width": "100", "height": "40", "align": "center"}, C({}, R({}, V(width="14"))))),
    ("fit-content counts the right margin", C({"width": "100", "height": "40", "align": "start"}, C({}, V(width="14", height="1", margin="1")))),
    ("shrink from the flex base size", R({"width": "1", "height": "40"}, V(shrink="1", width="2", maxWidth="1"), V(shrink="1", width="1"))),
    ("grow factors below one", R({"width": "100", "height": "40"}, V(grow="0.25"), V(grow="0.25"))),
    ("automatic minimum height", C({"width": "20", "height": "10"}, C({"height": "6"}, V(height="1"), V(height="1")), V(height="60"))),
    ("spaced justify without room starts at the start", C({"width": "100", "height": "40", "justify": "spaceAround"}, V(height="50", shrink="0"), V(height="10", shrink="0"))),
    ("spaced lines without room start at the start", R({"width": "100", "height": "40", "wrap": "true", "alignLines": "spaceEvenly"}, V(width="10", height="50"))),
    ("a wrapping column of a given height is as wide as its lines", R({"width": "100", "height": "40", "align": "start"}, C({"height": "10", "wrap": "true"}, V(width="5", height="6"), V(width="7", height="6")))),
    ("min-content height of a wrapping column", C({"width": "20", "height": "0"}, C({"width": "1", "height": "24", "wrap": "true"}, V(height="22"), V(height="12", grow="1"), V(height="6")))),
    ("a wrapping column breaks its lines at its maxHeight", R({"width": "100", "height": "40", "align": "start"}, C({"maxHeight": "10", "wrap": "true"}, V(width="5", height="6", shrink="0"), V(width="7", height="6", shrink="0")))),
    ("a row is measured at the width it will have", C({"width": "100", "height": "40"}, R({}, R({"width": "4", "grow": "1", "wrap": "true"}, V(width="3", height="2"), V(width="3", height="2"))))),
    ("automatic minimum width", R({"width": "20", "height": "10"}, R({"width": "15"}, V(width="12")), V(width="30"))),
]

def random_tree(rng, depth=0, levels=3, percent=False):
    """A random Row/Column tree: containers down to depth `levels - 1`, empty View boxes
    below. With `percent`, sizes are percentages half the time, and wrapping is likelier."""
    attrs = {}
    def maybe(probability, key, value):
        if rng.random() < probability: attrs[key] = str(value)
    def size(key, fixed):
        if rng.random() < 0.5:
            attrs[key] = f"{rng.choice([10, 20, 25, 50, 75, 100])}%" if percent and rng.random() < 0.5 else str(fixed)
    is_container = depth == 0 or (depth < levels and rng.random() < (0.55 if percent else 0.45))
    if depth == 0:
        attrs["width"] = str(rng.randint(10, 100))
        attrs["height"] = str(rng.randint(5, 40))
    elif percent:
        size("width", rng.randint(0, 40))
        size("height", rng.randint(0, 25))
    else:
        maybe(0.5, "width", rng.randint(0, 40))
        maybe(0.5, "height", rng.randint(0, 25))
        maybe(0.15, "minWidth", rng.randint(0, 30))
        maybe(0.15, "maxWidth", rng.randint(0, 40))
        maybe(0.15, "minHeight", rng.randint(0, 20))
        maybe(0.15, "maxHeight", rng.randint(0, 25))
        maybe(0.35, "grow", rng.choice([0, 1, 1, 2, 3]))
        maybe(0.35, "shrink", rng.choice([0, 1, 1, 2, 3]))
        maybe(0.25, "margin", rng.randint(0, 3))
        maybe(0.25, "alignSelf", rng.choice(["start", "center", "end", "stretch"]))
    maybe(0.3, "padding", rng.randint(0, 3))
    if not is_container:
        return ("View", attrs, [])
    maybe(0.4, "justify", rng.choice(list(JUSTIFY_NAMES)))
    maybe(0.4, "align", rng.choice(["start", "center", "end", "stretch"]))
    maybe(0.3, "gap", rng.randint(0, 3))
    if rng.random() < (0.4 if percent else 0.25):
        attrs["wrap"] = "true"
        maybe(0.5, "alignLines", rng.choice(list(JUSTIFY_NAMES) + ["stretch"]))
    children = [random_tree(rng, depth + 1, levels, percent) for _ in range(rng.randint(1, 4))]
    return (rng.choice(["Row", "Column"]), attrs, children)

JUSTIFY_NAMES = ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"]

def chromium_rects(roots):
    """Every node's rectangle (x, y relative to the root; width, height) per tree, from Chromium."""
    pages = [f'<div class="fixture" style="position:absolute;left:0;top:0">{html(root, False)}</div>' for root in roots]
    script = """
    <script>
    const out = [];
    for (const fixture of document.querySelectorAll('.fixture')) {
      const root = fixture.firstElementChild, origin = root.getBoundingClientRect(), rects = [];
      (function walk(el) { const r = el.getBoundingClientRect();
        rects.push([r.left - origin.left, r.top - origin.top, r.width, r.height].map(v => Math.round(v * 1000) / 1000));
        for (const c of el.children) walk(c); })(root);
      out.push(rects);
    }
    document.body.setAttribute('data-result', JSON.stringify(out));
    </script>"""
    document = "<!doctype html><html><body style='margin:0'>" + "".join(pages) + script + "</body></html>"
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as page:
        page.write(document)
    dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + page.name],
                         capture_output=True, text=True, timeout=300).stdout
    os.unlink(page.name)
    match = re.search(r"data-result=\"([^\"]*)\"", dom)
    if not match:
        sys.exit("chromium produced no result")
    return json.loads(match.group(1).replace("&quot;", '"'))

def write(name, fixtures, compact=False, **extra):
    """Writes a fixture file; `compact` puts each fixture on one line (for the many random trees)."""
    target = os.path.join(os.path.dirname(__file__), "../../Tests/TermLayoutTests/Layout/Fixtures", name)
    version = subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()
    header = {"generatedBy": "scripts/flex-fixtures/generate.py with " + version, **extra}
    with open(target, "w") as output:
        if compact:
            output.write(json.dumps(header, ensure_ascii=False)[:-1] + ', "fixtures": [\n')
            output.write(",\n".join(json.dumps(fixture, ensure_ascii=False) for fixture in fixtures))
            output.write("\n]}")
        else:
            json.dump({**header, "fixtures": fixtures}, output, indent=1, ensure_ascii=False)
        output.write("\n")
    print(f"wrote {len(fixtures)} fixtures to {os.path.normpath(target)}")

def exact(rects):
    return all(abs(v * 4 - round(v * 4)) < 1e-9 for rect in rects for v in rect)

def random_fixtures(name, seed, count, **options):
    """`count` seeded random trees whose Chromium results are exact, written to `name`."""
    rng = random.Random(seed)
    candidates = [random_tree(rng, **options) for _ in range(count * 6)]
    kept, skipped = [], 0
    for index, (root, frames) in enumerate(zip(candidates, chromium_rects(candidates))):
        if len(kept) == count: break
        if not exact(frames):
            skipped += 1
            continue
        kept.append({"name": f"random tree {index} (seed {seed})", "template": template(root), "frames": frames})
    write(name, kept, compact=True, seed=seed, skippedAsInexactInChromium=skipped)

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--percent-seed", type=int, default=28)
    parser.add_argument("--percent-count", type=int, default=250)
    arguments = parser.parse_args()
    rects = chromium_rects([root for _, root in FIXTURES])
    write("flex.json", [{"name": name, "template": template(root), "frames": frames}
                        for (name, root), frames in zip(FIXTURES, rects)])
    random_fixtures("flex-random.json", arguments.seed, arguments.count)
    random_fixtures("flex-percent.json", arguments.percent_seed, arguments.percent_count, levels=4, percent=True)

if __name__ == "__main__":
    main()
