#!/usr/bin/env python3
"""Generates the flexbox fixtures that TermLayout's layout is checked against.

Each fixture is a small tree written once here; this script renders it as a TermLayout
template and as HTML with the equivalent CSS, lets headless Chromium lay the HTML out,
and records every node's rectangle (relative to the root) in
Tests/TermLayoutTests/Layout/Fixtures/flex.json. The tests read only that JSON, so CI needs
no browser. To regenerate (Debian: apt-get install chromium):

    python3 scripts/flex-fixtures/generate.py

Items get `min-width: 0; min-height: 0` so CSS's automatic minimum size does not apply
(TermLayout follows Yoga there), and `align-content: flex-start` unless set (Yoga's default).
"""
import json, os, re, subprocess, sys, tempfile

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
    style = ["box-sizing:border-box", "min-width:0", "min-height:0", "flex-shrink:1", "position:relative"]
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

def main():
    pages = []
    for index, (name, root) in enumerate(FIXTURES):
        pages.append(f'<div class="fixture" data-index="{index}" style="position:absolute;left:0;top:0">{html(root, False)}</div>')
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
                         capture_output=True, text=True, timeout=120).stdout
    match = re.search(r"data-result=\"([^\"]*)\"", dom)
    if not match:
        sys.exit("chromium produced no result")
    results = json.loads(match.group(1).replace("&quot;", '"'))
    fixtures = [{"name": name, "template": template(root), "frames": rects}
                for (name, root), rects in zip(FIXTURES, results)]
    target = os.path.join(os.path.dirname(__file__), "../../Tests/TermLayoutTests/Layout/Fixtures/flex.json")
    with open(target, "w") as output:
        json.dump({"generatedBy": "scripts/flex-fixtures/generate.py with " + subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip(),
                   "fixtures": fixtures}, output, indent=1, ensure_ascii=False)
        output.write("\n")
    print(f"wrote {len(fixtures)} fixtures")

if __name__ == "__main__":
    main()
