#!/usr/bin/env python3
"""The CTS's results as tables: cts_table.py LOGS [--doc FILE] [--check]

LOGS holds a folder per platform (loom, pocl), and in each a log per test
binary (NAME.log, what the binary printed, ending with an `exit N` line
that scripts/cts.sh adds). Each sub-test's result is read from the lines
the CTS's harness prints: `NAME passed`, `NAME FAILED`, and, for a skip,
`NAME test not supported`, `NAME test currently not implemented` or
`NAME skipped (...)`. A binary that printed no result for a sub-test it
started (`NAME...`) crashed there, and that sub-test counts as failed, or
was stopped by scripts/cts.sh's time limit (`exit 124`), and that
sub-test counts as cut: not passed, not shown to fail. Prints a table of the binaries (passed, failed, skipped per
platform) and, per binary, the sub-tests the platforms disagree on or that
failed; with --doc, writes them into FILE between the markers
`<!-- cts-table begin -->` and `<!-- cts-table end -->`; with --check,
exits 1 when a sub-test failed or was cut on Loom or a binary gave no
result there.
"""
import argparse
import pathlib
import re
import sys

PLATFORMS = ["loom", "pocl"]
# A result may follow a test's own text on its line (a warning printed
# without a newline), so it is found at the line's end.
RESULT = re.compile(
    r"(?:^|[^A-Za-z0-9_])(?P<name>[A-Za-z0-9_]+) (?P<result>passed|FAILED"
    r"|test not supported|test currently not implemented)$"
    r"|^(?P<skipped>[A-Za-z0-9_]+) skipped \(")
STARTED = re.compile(r"^(?P<name>[A-Za-z0-9_]+)\.\.\.$")
# scripts/cts.sh's last line; in its older logs, it may follow the text of a
# line the time limit cut short.
EXIT = re.compile(r"exit (?P<code>-?\d+)$")
# What `timeout` exits with when the time limit stopped the binary.
TIMED_OUT = 124
# A binary that skips all its sub-tests before running any says only this.
SKIPPED_ALL = re.compile(r"^SKIPPED (?P<count>\d+) of \d+ tests\.$")
BEGIN, END = "<!-- cts-table begin -->", "<!-- cts-table end -->"


def read_log(path):
    """Sub-test name -> pass, fail, skip or cut; and the binary's exit code. A
    binary that skipped everything at once gives one entry per sub-test it
    counted, named `(skipped N)`."""
    results, started, code = {}, None, None
    for line in path.read_text(errors="replace").splitlines():
        line = line.strip()
        if match := RESULT.search(line):
            result = match["result"] or "skipped"
            name = match["name"] or match["skipped"]
            results[name] = ("pass" if result == "passed" else
                             "fail" if result == "FAILED" else "skip")
            started = None
        elif match := STARTED.match(line):
            started = match["name"]
        elif match := EXIT.search(line):
            code = int(match["code"])
        elif (match := SKIPPED_ALL.match(line)) and not results:
            for number in range(int(match["count"])):
                results[f"(skipped {number})"] = "skip"
    if started and started not in results:
        results[started] = "cut" if code == TIMED_OUT else "fail"
    return results, code


def count(results):
    return {kind: sum(1 for r in results.values() if r == kind)
            for kind in ("pass", "fail", "skip", "cut")}


def describe(results, code):
    if results is None:
        return "not run"
    counts = count(results)
    text = f"{counts['pass']} / {counts['fail']} / {counts['skip']}"
    if counts["cut"]:
        text += f", {counts['cut']} cut by the time limit"
    if code not in (0, 1, None) and not results:
        text += f" (exit {code}, no result)"
    elif code not in (0, 1, None):
        text += f" (exit {code})"
    return text


def tables(logs):
    binaries = sorted({p.stem for platform in PLATFORMS
                       for p in (logs / platform).glob("*.log")})
    read = {platform: {name: read_log(logs / platform / f"{name}.log")
                       for name in binaries
                       if (logs / platform / f"{name}.log").exists()}
            for platform in PLATFORMS}
    lines = ["| binary | Loom: pass / fail / skip | pocl: pass / fail / skip |",
             "| --- | --- | --- |"]
    details = []
    for name in binaries:
        cells = []
        for platform in PLATFORMS:
            results, code = read[platform].get(name, (None, None))
            cells.append(describe(results, code))
        lines.append(f"| `{name}` | {cells[0]} | {cells[1]} |")
        loom = read["loom"].get(name, ({}, None))[0]
        pocl = read["pocl"].get(name, ({}, None))[0]
        real = {test for test in set(loom) | set(pocl)
                if not test.startswith("(")}
        odd = sorted(test for test in real
                     if loom.get(test) in ("fail", "cut") or
                     (pocl and not all(t.startswith("(") for t in pocl) and
                      loom.get(test) != pocl.get(test)))
        if odd:
            details.append(f"- `{name}`: " + ", ".join(
                f"`{test}` (Loom {loom.get(test, 'not run')}, pocl "
                f"{pocl.get(test, 'not run')})" for test in odd))
    if details:
        lines += ["", "Sub-tests that failed or were cut on Loom, or that "
                      "the platforms disagree on:", ""] + details
    return "\n".join(lines) + "\n"


def write_doc(doc, text):
    page = doc.read_text()
    if BEGIN not in page or END not in page:
        sys.exit(f"cts_table: {doc} has no {BEGIN} ... {END} section")
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    doc.write_text(f"{head}{BEGIN}\n{text}{END}{tail}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("logs", type=pathlib.Path)
    parser.add_argument("--doc", type=pathlib.Path)
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless every binary run on Loom gave "
                             "results and no sub-test failed there")
    args = parser.parse_args()
    text = tables(args.logs)
    print(text, end="")
    if args.doc:
        write_doc(args.doc, text)
    if args.check:
        logs = sorted((args.logs / "loom").glob("*.log"))
        bad = [log.stem for log in logs
               if not (results := read_log(log)[0]) or
               count(results)["fail"] or count(results)["cut"]]
        if bad or not logs:
            print("cts_table: failed on Loom: " + (", ".join(bad) or
                                                    "nothing ran"))
            sys.exit(1)


if __name__ == "__main__":
    main()
