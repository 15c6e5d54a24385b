#!/usr/bin/env python3
"""Regenerates the fuzzers' seed corpus and dictionaries from the repository.

    python3 scripts/fuzz-corpus.py

Writes Fuzz/Corpus/<target>/<sha1> (one seed per file, as libFuzzer names them) and
Fuzz/Dictionaries/{xml,expression}.dict. Seeds come from Templates/ and from the string
literals of the tests: XML templates (alone, and the TemplateFixture file sets as one
input each), and expressions (literals of the expression tests, and every attribute value
of every template). The output is checked in, so CI needs neither this script nor Python.
"""
import hashlib
import os
import re
import shutil
import sys
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_LEN = 4096  # libFuzzer's default -max_len, which scripts/fuzz.sh keeps
FILE_NAME = re.compile(r"^[\w.-]+\.(xml|json|strings)$")


def swift_literals(text):
    """Yields (start, end, value) for each string literal in Swift source, skipping
    literals with interpolation. Handles "…", \"\"\"…\"\"\" (indentation stripped) and #"…"#."""
    i = 0
    while i < len(text):
        if text.startswith("//", i):
            i = text.find("\n", i)
            if i < 0:
                return
            continue
        raw = re.match(r'#+(?=")', text[i:])
        hashes = raw.group(0) if raw else ""
        quote = i + len(hashes)
        if not text.startswith('"', quote):
            i += 1
            continue
        multi = text.startswith('"""', quote)
        opener = '"""' if multi else '"'
        closer = opener + hashes
        j = quote + len(opener)
        body_start = j
        while j < len(text) and not text.startswith(closer, j):
            if text[j] == "\\" and not hashes:
                j += 2
            elif text[j] == "\n" and not multi:
                break
            else:
                j += 1
        body = text[body_start:j]
        end = j + len(closer)
        i = end
        if "\\(" in body or (hashes and "\\" + hashes + "(" in body):
            continue
        if multi:
            lines = body.split("\n")[1:]
            indent = len(lines[-1]) if lines and not lines[-1].strip() else 0
            body = "\n".join(line[indent:] for line in lines[:-1])
        if not hashes:
            body = unescape(body)
        if body is not None:
            yield (quote - len(hashes), end, body)


def unescape(body):
    out, k = [], 0
    while k < len(body):
        c = body[k]
        if c != "\\":
            out.append(c)
            k += 1
            continue
        nxt = body[k + 1 : k + 2]
        simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}
        if nxt in simple:
            out.append(simple[nxt])
            k += 2
        elif nxt == "u":
            m = re.match(r"u\{([0-9a-fA-F]+)\}", body[k + 1 :])
            if not m:
                return None
            out.append(chr(int(m.group(1), 16)))
            k += 1 + len(m.group(0))
        elif nxt == "\n":  # line continuation in a multi-line literal
            k += 2
        else:
            return None
    return "".join(out)


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def test_sources():
    for folder, _, names in os.walk(os.path.join(ROOT, "Tests")):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def is_xml(value):
    return value.lstrip().startswith("<") and ">" in value


def attribute_values(xml):
    try:
        root = ElementTree.fromstring(xml)
    except ElementTree.ParseError:
        return []
    return [value for element in root.iter() for value in element.attrib.values()]


def fixture_sets(source):
    """The file sets given to TemplateFixture([...]) as one fuzz input each."""
    literals = list(swift_literals(source))
    sets, current, previous_end = [], [], None
    for index in range(len(literals) - 1):
        start, end, key = literals[index]
        value_start, value_end, value = literals[index + 1]
        between = source[end:value_start]
        if FILE_NAME.match(key) and re.fullmatch(r"\s*:\s*", between):
            if current and not re.fullmatch(r"[\s,]*", source[previous_end:start]):
                sets.append(current)
                current = []
            current.append((key, value))
            previous_end = value_end
    if current:
        sets.append(current)
    return sets


def bundle(files):
    """One input for FuzzTemplateLoader: Main.xml's text, then `==== Name` and each other file."""
    files = sorted(files, key=lambda pair: pair[0] != "Main.xml")
    first_name, first_text = files[0]
    parts = [first_text if first_name == "Main.xml" else "==== " + first_name + "\n" + first_text]
    parts += ["==== " + name + "\n" + text for name, text in files[1:]]
    return "\n".join(parts)


def dictionary_entry(token):
    """A token in libFuzzer's dictionary syntax: printable ASCII as is, other bytes as \\xNN."""
    return '"' + "".join(chr(byte) if 32 <= byte < 127 and chr(byte) not in '"\\' else "\\x%02x" % byte
                         for byte in token.encode("utf-8")) + '"'


def write_dictionary(path, tokens):
    with open(path, "w", encoding="ascii") as file:
        file.write("# Generated by scripts/fuzz-corpus.py; libFuzzer -dict= format.\n")
        for token in sorted(set(tokens)):
            file.write(dictionary_entry(token) + "\n")


def main():
    seeds = {"FuzzMarkupReader": set(), "FuzzTemplateLoader": set(), "FuzzExpression": set()}
    templates = os.path.join(ROOT, "Templates")
    demo = [(name, read(os.path.join(templates, name))) for name in sorted(os.listdir(templates))
            if FILE_NAME.match(name) and not name.endswith(".state.json")]
    seeds["FuzzTemplateLoader"].add(bundle(demo))
    for name, text in demo:
        if name.endswith(".xml"):
            seeds["FuzzMarkupReader"].add(text)
            seeds["FuzzTemplateLoader"].add(text)
            seeds["FuzzExpression"].update(attribute_values(text))

    for path in test_sources():
        source = read(path)
        expression_tests = os.sep + "Expressions" + os.sep in path
        for _, _, value in swift_literals(source):
            if is_xml(value):
                seeds["FuzzMarkupReader"].add(value)
                seeds["FuzzTemplateLoader"].add(value)
                seeds["FuzzExpression"].update(attribute_values(value))
            elif expression_tests and value:
                seeds["FuzzExpression"].add(value)
        for files in fixture_sets(source):
            if any(name == "Main.xml" for name, _ in files):
                seeds["FuzzTemplateLoader"].add(bundle(files))

    for target, values in seeds.items():
        folder = os.path.join(ROOT, "Fuzz", "Corpus", target)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        kept = [value.encode("utf-8") for value in values if 0 < len(value.encode("utf-8")) <= MAX_LEN]
        for data in kept:
            with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as file:
                file.write(data)
        print("%s: %d seeds" % (target, len(kept)))

    widgets = read(os.path.join(ROOT, "Sources", "TermLayout", "Templates", "StandardWidgets.swift"))
    names = re.findall(r'add\("(\w+)"', widgets)
    properties = re.findall(r'PropertyDescriptor\("([\w.]+)"', widgets)
    markup = ["<", "</", "/>", ">", "<?", "?>", "<?xml version=\"1.0\"?>", "<?properties ", "<!--", "-->",
              "<![CDATA[", "]]>", "<!DOCTYPE", "&lt;", "&gt;", "&amp;", "&quot;", "&apos;", "&#", "&#x", ";",
              "=\"", "='", "<param name=\"", "<macro name=\"", "<children/>", "type=\"", "value=\"",
              "\n==== ", "==== Card.xml\n", "==== Styles.json\n", "==== Localizable.strings\n",
              "==== parts/Card.xml\n", "parts/", "../", "/../", "xml=\"../", "Card.xml", "Main.xml", "@", "{", "}", "<b>", "</b>", "<i>", "</i>", "<u>", "</u>"]
    write_dictionary(os.path.join(ROOT, "Fuzz", "Dictionaries", "xml.dict"),
                     markup + ["<" + name for name in names] + [" " + name + "=\"" for name in properties])
    expression = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "!", "?", ":", "(", ")",
                  "[", "]", "{", "}", "{{", "}}", ",", ".", "'", "\"", "`", "#", "#id.", "parent.", "previous.",
                  "next.", "strings.", "1e308", "0x", "0.5", "100%", "\\u{1F600}", "\\n", "\\'",
                  "true", "false", "nil", "pi", "default", "min(", "max(", "abs(", "floor(", "ceil(", "round(",
                  "sqrt(", "pow(", "mod(", "atan2(", "sin(", "cos(", "tan(", "asin(", "acos(", "atan(", "log(",
                  "rgb(", "rgba(", "#ff0000", "#abc", "red", "brightCyan",
                  "n", "s", "b", "c", "arr", "obj", "obj.y.z", "arr[2][1]", "none", "big", "wide", "center"]
    write_dictionary(os.path.join(ROOT, "Fuzz", "Dictionaries", "expression.dict"), expression)
    return 0


if __name__ == "__main__":
    sys.exit(main())
