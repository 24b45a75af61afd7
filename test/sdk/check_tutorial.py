#!/usr/bin/env python3
"""Checks that a tutorial shows code exactly as a generated project has it.

usage: check_tutorial.py PAGE.md PROJECT_DIR

A code block preceded by the line `<!-- from: PATH -->` must appear, line for
line, in PROJECT_DIR/PATH. Prints one line per block; exits 1 if any block is
not in its file, or if the page has no such block.
"""
import os
import re
import sys


def blocks(page):
    """Yields (path, lines) for each code block tagged with its file."""
    path, lines, in_block = None, [], False
    for line in open(page).read().splitlines():
        tag = re.fullmatch(r"<!-- from: (\S+) -->", line.strip())
        if tag and not in_block:
            path = tag.group(1)
        elif line.startswith("```"):
            if in_block and path:
                yield path, lines
                path = None
            in_block, lines = not in_block, []
        elif in_block:
            lines.append(line)


def contains(haystack, needle):
    return any(haystack[i:i + len(needle)] == needle
               for i in range(len(haystack) - len(needle) + 1))


def main():
    page, project = sys.argv[1], sys.argv[2]
    checked = failed = 0
    for path, lines in blocks(page):
        checked += 1
        file_lines = open(os.path.join(project, path)).read().splitlines()
        ok = contains(file_lines, lines)
        failed += not ok
        print(("ok   " if ok else "DIFF ") + f"{path}: {len(lines)} lines")
    print(f"{checked} blocks, {failed} differ")
    sys.exit(1 if failed or not checked else 0)


if __name__ == "__main__":
    main()
