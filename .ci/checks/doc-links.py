#!/usr/bin/env python3
"""Checks that every relative link in the repository's Markdown files resolves.

A link to a file must name a file or directory in the repository; a link with a `#anchor` into a Markdown file
(or into the same file) must name one of its headings, slugged as GitHub slugs them (lower case, punctuation
dropped, each space a hyphen, repeats numbered -1, -2, …), or an explicit `<a id=…>`/`<a name=…>`. Links with a
scheme (https:, mailto:, …) are left alone. Links inside code (fenced, indented or `inline`) are not links.
Prints each broken link as FILE:LINE and exits 1 when there is one.

Usage: .ci/checks/doc-links.py [FILE.md ...]   (default: every Markdown file git knows of, tracked or not ignored)
"""

import os
import re
import subprocess
import sys
from urllib.parse import unquote

ROOT = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
LIST_ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
INLINE_LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
                         r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFERENCE_USE = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\[([^\[\]]*)\]")
REFERENCE_DEF = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*(<[^>]*>|\S+)")
HTML_ATTR = re.compile(r"<(?:a|img|source)\b[^>]*?\b(?:href|src|srcset)\s*=\s*[\"']([^\"']*)[\"']", re.I)
HTML_ANCHOR = re.compile(r"<a\b[^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.I)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)", re.S)
LINE_ANCHOR = re.compile(r"^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$")


def markdown_files():
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "*.md"],
            cwd=ROOT, check=True, capture_output=True, text=True).stdout
        return sorted({os.path.join(ROOT, f) for f in out.split("\0") if f})
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, dirs, files in os.walk(ROOT):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            found += [os.path.join(folder, f) for f in files if f.endswith(".md")]
        return sorted(found)


def blocks(text):
    """The file's lines outside fenced and indented code, as (line number, line), with code lines blanked."""
    lines = text.split("\n")
    out = []
    fence = None
    previous_blank = True
    in_list = False
    indented_code = False
    for number, line in enumerate(lines, 1):
        if fence:
            if re.match(r"^ {0,3}" + re.escape(fence[0]) + "{%d,}[ \t]*$" % len(fence), line):
                fence = None
            out.append((number, ""))
            continue
        opened = FENCE.match(line)
        if opened:
            fence = opened.group(1)
            out.append((number, ""))
            previous_blank = False
            continue
        blank = not line.strip()
        if not blank and (line.startswith("    ") or line.startswith("\t")) and (previous_blank or indented_code) \
                and not in_list:
            indented_code = True
            out.append((number, ""))
            continue
        if not blank:
            indented_code = False
            if LIST_ITEM.match(line):
                in_list = True
            elif not line.startswith(" ") and previous_blank:
                in_list = False
        previous_blank = blank
        out.append((number, line))
    return out


def without_code_spans(text):
    """The text with each code span blanked out (line breaks kept, so line numbers stay right)."""
    return CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def heading_text(raw):
    """What GitHub shows of a heading's Markdown: code spans' text, links' text, no emphasis marks or tags."""
    text = CODE_SPAN.sub(lambda m: m.group(2).strip(), raw)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"(\*{1,3}|_{1,3})(\S(?:.*?\S)?)\1", r"\2", text)
    return text.strip()


def slug(text):
    text = text.lower()
    text = "".join(c for c in text if c.isalnum() or c in "-_ " or c.isspace())
    return re.sub(r"\s", "-", text)


def anchors(path, cache={}):
    if path in cache:
        return cache[path]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = set()
    counts = {}
    kept = blocks(text)
    previous = ""
    for index, (_, line) in enumerate(kept):
        title = None
        atx = ATX.match(line)
        if atx:
            title = atx.group(2) or ""
        elif SETEXT.match(line) and previous.strip() and not previous.lstrip().startswith(("|", "-", "*", "+", ">")) \
                and not ATX.match(previous):
            title = previous.strip()
        if title is not None:
            base = slug(heading_text(title))
            name = base if base not in counts else "%s-%d" % (base, counts[base])
            counts[base] = counts.get(base, 0) + 1
            found.add(name)
        for explicit in HTML_ANCHOR.findall(line):
            found.add(explicit)
        previous = line
    cache[path] = found
    return found


def check_target(source, target):
    """None when `target`, written in `source`, resolves; otherwise why not."""
    target = target.strip()
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if not target or SCHEME.match(target) or target.startswith("//"):
        return None
    path_part, _, anchor = target.partition("#")
    path_part = unquote(path_part.split("?", 1)[0])
    if path_part:
        base = ROOT if path_part.startswith("/") else os.path.dirname(source)
        resolved = os.path.realpath(os.path.join(base, path_part.lstrip("/")))
        if resolved != ROOT and not resolved.startswith(ROOT + os.sep):
            return "points outside the repository"
        if not os.path.exists(resolved):
            return "no such file: %s" % os.path.relpath(resolved, ROOT)
    else:
        resolved = source
    if not anchor:
        return None
    anchor = unquote(anchor)
    if os.path.isdir(resolved):
        readme = os.path.join(resolved, "README.md")
        if not os.path.exists(readme):
            return "an anchor into a directory without README.md"
        resolved = readme
    if not resolved.endswith(".md"):
        return None if LINE_ANCHOR.match(anchor) else "an anchor into a file that is not Markdown"
    if anchor not in anchors(resolved):
        return "no heading #%s in %s" % (anchor, os.path.relpath(resolved, ROOT))
    return None


def links(path):
    """(line, target) of every link in the file, and (line, label) of reference uses with no definition."""
    with open(path, encoding="utf-8") as f:
        kept = blocks(f.read())
    found = []
    definitions = {}
    uses = []
    # Paragraphs are parsed whole, since a link or a code span may wrap over lines.
    paragraph = []
    for number, line in kept + [(len(kept) + 1, "")]:
        definition = REFERENCE_DEF.match(line)
        if definition:
            definitions[definition.group(1).strip().lower()] = True
            found.append((number, definition.group(2)))
            continue
        if line.strip():
            paragraph.append((number, line))
            continue
        if not paragraph:
            continue
        text = "\n".join(l for _, l in paragraph)
        start = paragraph[0][0]
        plain = without_code_spans(text)
        for match in INLINE_LINK.finditer(plain):
            found.append((start + plain.count("\n", 0, match.start()), match.group(3)))
        for match in REFERENCE_USE.finditer(plain):
            label = (match.group(2) or match.group(1)).strip().lower()
            uses.append((start + plain.count("\n", 0, match.start()), label))
        for match in HTML_ATTR.finditer(plain):
            for candidate in match.group(1).split(","):
                found.append((start + plain.count("\n", 0, match.start()), candidate.strip().split(" ")[0]))
        paragraph = []
    undefined = [(line, label) for line, label in uses if label not in definitions]
    return found, undefined


def main(arguments):
    files = [os.path.realpath(a) for a in arguments] or markdown_files()
    broken = 0
    checked = 0
    for path in files:
        name = os.path.relpath(path, ROOT)
        found, undefined = links(path)
        for line, target in found:
            checked += 1
            problem = check_target(path, target)
            if problem:
                broken += 1
                print("%s:%d: broken link %s: %s" % (name, line, target, problem))
        for line, label in undefined:
            broken += 1
            print("%s:%d: reference [%s] is not defined" % (name, line, label))
    if broken:
        print("doc-links: %d broken of %d links in %d Markdown files" % (broken, checked, len(files)), file=sys.stderr)
        return 1
    print("doc-links: %d links in %d Markdown files, all resolve" % (checked, len(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
