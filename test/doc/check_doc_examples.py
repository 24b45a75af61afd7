#!/usr/bin/env python3
"""Runs the examples of Loom's tool pages and checks their output.

usage: check_doc_examples.py BIN_DIR SOURCE_DIR PAGE.md...

In each page, a ```console block holds commands (lines starting with "$ ")
each followed by the output it must print. "..." in an expected line
matches any text there; a line "..." alone matches any number of lines. Commands run with bash in a fresh folder holding a link to the
source tree's examples/, with BIN_DIR first on PATH. Prints one line per
example and ends with "N passed, N failed"; exits 1 if any failed.
"""
import os
import re
import subprocess
import sys
import tempfile


def examples(page):
    """Yields (command, expected lines) from the console blocks of page."""
    in_block, command, expected = False, None, []
    for line in open(page).read().splitlines():
        if line.startswith("```"):
            if in_block and command:
                yield command, expected
            in_block = line.strip() == "```console"
            command, expected = None, []
        elif in_block and line.startswith("$ "):
            if command:
                yield command, expected
            command, expected = line[2:], []
        elif in_block and command is not None:
            expected.append(line)


def matches(expected, actual):
    """Whether the actual lines match the expected ones (with ... wildcards)."""
    if not expected:
        return not actual
    head = expected[0]
    if head == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in head.split("..."))
    ok = re.fullmatch(pattern, actual[0]) is not None
    return ok and matches(expected[1:], actual[1:])


def main():
    bin_dir, source_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    pages = sys.argv[3:]
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"])
    passed = failed = 0
    for page in pages:
        with tempfile.TemporaryDirectory() as work:
            os.symlink(os.path.join(source_dir, "examples"), os.path.join(work, "examples"))
            for command, expected in examples(page):
                run = subprocess.run(["bash", "-c", command], cwd=work, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True)
                actual = run.stdout.splitlines()
                name = f"{os.path.basename(page)}: $ {command}"
                if matches(expected, actual):
                    passed += 1
                    print(f"ok   {name}")
                else:
                    failed += 1
                    print(f"FAIL {name}\n  expected:\n" +
                          "".join(f"    {l}\n" for l in expected) +
                          "  got:\n" + "".join(f"    {l}\n" for l in actual))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
