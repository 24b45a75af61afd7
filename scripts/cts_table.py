#!/usr/bin/env python3
"""The CTS's results as tables, and kept across runs.

    cts_table.py RESULTS [--doc FILE | --doc-matches FILE] [--check]
    cts_table.py --record LOG --into STORE [--run TEXT] [--sub-tests N]
                 [--list FILE]
    cts_table.py --pending STORE --list FILE [--failed-too]

RESULTS holds a folder per platform (loom, pocl), and in each either a log
per test binary (NAME.log, what the binary printed, ending with an `exit N`
line that scripts/cts.sh adds) or the binary's kept results (NAME.results,
below). Each sub-test's result is read from the lines
the CTS's harness prints: `NAME passed`, `NAME FAILED`, and, for a skip,
`NAME test not supported`, `NAME test currently not implemented` or
`NAME skipped (...)`; test_conversions' own lines (CONVERSION). A binary that printed no result for a sub-test it
started (`NAME...`) crashed there, and that sub-test counts as failed, or
was stopped by scripts/cts.sh's time limit (`exit 124`) or by a SIGTERM
from outside (`exit 143`), and that sub-test counts as cut: not passed, not
shown to fail. Prints a table of the binaries (passed, failed, skipped per
platform) and, per binary, the sub-tests the platforms disagree on or that
failed; with --doc, writes them into FILE between the markers
`<!-- cts-table begin -->` and `<!-- cts-table end -->`; with --check,
exits 1 when a sub-test failed or was cut on Loom or a binary gave no
result there; --doc-matches exits 1 unless FILE's table is the one the
results give.

A binary of the CTS can take longer than a working session of this
machine, so its results are kept (--record) in a file that later runs add
to: NAME.results holds a `# run: TEXT` line per run recorded (what ran it:
the date, Loom's commit), `# sub-tests: N` (how many the binary has, when
known), `# exit: N` (the last run's exit code) and a line `SUB-TEST RESULT`
per sub-test: with --list, only the sub-tests FILE names, since a line of a
sub-test's own may end like a result (`FP '+' 'float' test passed`). A later
run's result replaces an earlier one, except that a cut never replaces a
result. --pending prints the sub-tests of FILE (the
binary's `--list`, one per line) that have no result in STORE but a cut,
so that the next run starts where the last stopped, and with --failed-too
those that failed as well, to run them again after a fix. The table of kept
results counts a binary's sub-tests that never ran.
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
# What a binary exits with when it was stopped, not when it failed: the time
# limit (`timeout` exits with 124), or a SIGTERM from outside, as when a run
# is stopped by hand for the end of a session (143).
STOPPED = (124, 143)
# test_conversions runs its sub-tests as one (`conversions`) and names each
# in a line of its own, `12) Testing convert_ucharn_sat( charn ):` for the
# sub-test its --list calls `uchar_sat_char`, which ends with `Wimp pass` or
# `passed`, or a line saying FAILED; a conversion from or to a type the
# device lacks (half without cl_khr_fp16) prints nothing more: a skip.
CONVERSION = re.compile(r"^\d+\) Testing convert_(?P<to>[a-z]+)n"
                        r"(?P<modes>(?:_sat)?(?:_rt[enpz])?)\( (?P<from>[a-z]+)n"
                        r" \):$")
CONVERSION_PASSED = ("Wimp pass", "passed")
CONVERSION_FAILED = re.compile(r"^\*\*\* (?:\d+\) )?convert_.* FAILED")
# A binary that skips all its sub-tests before running any says only this.
SKIPPED_ALL = re.compile(r"^SKIPPED (?P<count>\d+) of \d+ tests\.$")
BEGIN, END = "<!-- cts-table begin -->", "<!-- cts-table end -->"


def read_log(path):
    """Sub-test name -> pass, fail, skip or cut; and the binary's exit code. A
    binary that skipped everything at once gives one entry per sub-test it
    counted, named `(skipped N)`."""
    results, started, code = {}, None, None
    conversion = None
    for line in path.read_text(errors="replace").splitlines():
        line = line.strip()
        if match := CONVERSION.match(line):
            if conversion:
                results[conversion] = "skip"
            conversion = f"{match['to']}{match['modes']}_{match['from']}"
        elif conversion and line in CONVERSION_PASSED:
            results[conversion], conversion = "pass", None
        elif conversion and CONVERSION_FAILED.match(line):
            results[conversion], conversion = "fail", None
        elif match := RESULT.search(line):
            if conversion:  # The run of conversions ended with a skip.
                results[conversion], conversion = "skip", None
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
        results[started] = "cut" if code in STOPPED else "fail"
    if conversion:
        results[conversion] = "cut" if code in STOPPED else "fail"
    return results, code


def read_store(path):
    """What read_log gives, from a file --record wrote, and the binary's
    number of sub-tests (None when unknown) and its runs."""
    results, code, total, runs = {}, None, None, []
    for line in path.read_text().splitlines():
        if line.startswith("# run: "):
            runs.append(line[len("# run: "):])
        elif line.startswith("# sub-tests: "):
            total = int(line.split()[-1])
        elif line.startswith("# exit: "):
            code = int(line.split()[-1])
        elif line and not line.startswith("#"):
            # A binary that skipped everything at once names its
            # sub-tests `(skipped N)`, with a space.
            name, result = line.rsplit(maxsplit=1)
            results[name] = result
    return results, code, total, runs


def listed(listing):
    """The sub-tests a binary's --list names."""
    return set(listing.read_text().split())


def record(log, store, run, total, listing=None):
    """Adds LOG's results to STORE (created if missing); with LISTING, only
    those of the sub-tests it names, since a sub-test's own lines may end
    like a result (`FP '+' 'float' test passed`, `vector size 1 passed`)."""
    results, code, known, runs = (read_store(store) if store.exists()
                                  else ({}, None, None, []))
    new, code = read_log(log)
    if listing:
        names = listed(listing)
        new = {name: result for name, result in new.items()
               if name in names or name.startswith("(skipped ")}
    for name, result in new.items():
        if result != "cut" or name not in results:
            results[name] = result
    header = [f"# run: {text}" for text in runs + ([run] if run else [])]
    if total or known:
        header.append(f"# sub-tests: {total or known}")
    if code is not None:
        header.append(f"# exit: {code}")
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text("\n".join(header + [f"{name} {result}" for name, result
                                         in sorted(results.items())]) + "\n")


def pending(store, listing, failed_too):
    done = read_store(store)[0] if store.exists() else {}
    again = ("cut", "fail") if failed_too else ("cut",)
    for name in listing.read_text().split():
        if done.get(name, "cut") in again:
            print(name)


def read(path):
    """(results, exit code, sub-tests or None, runs) from a log or a store."""
    if path.suffix == ".results":
        return read_store(path)
    return (*read_log(path), None, [])


def count(results):
    return {kind: sum(1 for r in results.values() if r == kind)
            for kind in ("pass", "fail", "skip", "cut")}


def describe(results, code, total=None):
    if results is None:
        return "not run"
    counts = count(results)
    text = f"{counts['pass']} / {counts['fail']} / {counts['skip']}"
    if counts["cut"]:
        text += f", {counts['cut']} " + ("stopped from outside" if code == 143
                                         else "cut by the time limit")
    if total and total > len(results):
        text += f", {total - len(results)} of {total} not run"
    if code not in (0, 1, None) and not results:
        text += f" (exit {code}, no result)"
    elif code not in (0, 1, None):
        text += f" (exit {code})"
    return text


def result_files(folder):
    """Binary name -> its log or kept results in FOLDER."""
    return {p.stem: p for p in sorted(folder.glob("*.log")) +
            sorted(folder.glob("*.results"))}


def tables(source):
    files = {platform: result_files(source / platform)
             for platform in PLATFORMS}
    binaries = sorted(set(files["loom"]) | set(files["pocl"]))
    read_all = {platform: {name: read(path)
                           for name, path in files[platform].items()}
                for platform in PLATFORMS}
    lines = ["| binary | Loom: pass / fail / skip | pocl: pass / fail / skip |",
             "| --- | --- | --- |"]
    details, provenance = [], []
    for name in binaries:
        cells = []
        for platform in PLATFORMS:
            results, code, total, runs = read_all[platform].get(
                name, (None, None, None, []))
            cells.append(describe(results, code, total))
            if runs:
                provenance.append(f"- `{name}` on {platform}: " +
                                  "; ".join(runs))
        lines.append(f"| `{name}` | {cells[0]} | {cells[1]} |")
        loom = read_all["loom"].get(name, ({},))[0]
        pocl = read_all["pocl"].get(name, ({},))[0]
        real = {test for test in set(loom) | set(pocl)
                if not test.startswith("(")}
        # A sub-test one platform has not run (a binary stopped early, or
        # run in parts) is no disagreement.
        odd = sorted(test for test in real
                     if loom.get(test) in ("fail", "cut") or
                     (test in loom and test in pocl and
                      loom[test] != pocl[test]))
        if odd:
            details.append(f"- `{name}`: " + ", ".join(
                f"`{test}` (Loom {loom.get(test, 'not run')}, pocl "
                f"{pocl.get(test, 'not run')})" for test in odd))
    if details:
        lines += ["", "Sub-tests that failed or were cut on Loom, or that "
                      "the platforms disagree on:", ""] + details
    if provenance:
        lines += ["", "The runs behind each line:", ""] + provenance
    return "\n".join(lines) + "\n"


def write_doc(doc, text):
    doc_table(doc)
    page = doc.read_text()
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    doc.write_text(f"{head}{BEGIN}\n{text}{END}{tail}")


def doc_table(doc):
    page = doc.read_text()
    if BEGIN not in page or END not in page:
        sys.exit(f"cts_table: {doc} has no {BEGIN} ... {END} section")
    return page.split(BEGIN, 1)[1].split(END, 1)[0].lstrip("\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("logs", type=pathlib.Path, nargs="?")
    parser.add_argument("--record", type=pathlib.Path, metavar="LOG")
    parser.add_argument("--into", type=pathlib.Path, metavar="STORE")
    parser.add_argument("--run", help="what ran the log (date, commit)")
    parser.add_argument("--sub-tests", type=int,
                        help="how many sub-tests the binary has")
    parser.add_argument("--pending", type=pathlib.Path, metavar="STORE")
    parser.add_argument("--list", type=pathlib.Path,
                        help="the binary's sub-tests, for --pending and "
                             "--record")
    parser.add_argument("--failed-too", action="store_true",
                        help="--pending names the sub-tests that failed too")
    parser.add_argument("--doc", type=pathlib.Path)
    parser.add_argument("--doc-matches", type=pathlib.Path, metavar="FILE",
                        help="exit 1 unless FILE's table is these results'")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless every binary run on Loom gave "
                             "results and no sub-test failed there")
    args = parser.parse_args()
    if args.record:
        if not args.into:
            parser.error("--record needs --into")
        record(args.record, args.into, args.run, args.sub_tests, args.list)
        return
    if args.pending:
        if not args.list:
            parser.error("--pending needs --list")
        pending(args.pending, args.list, args.failed_too)
        return
    if not args.logs:
        parser.error("a folder of results is needed")
    text = tables(args.logs)
    if args.doc_matches:
        if doc_table(args.doc_matches) != text:
            sys.exit(f"cts_table: the table in {args.doc_matches} is not "
                     f"the one of {args.logs}: write it again with --doc")
        return
    print(text, end="")
    if args.doc:
        write_doc(args.doc, text)
    if args.check:
        logs = list(result_files(args.logs / "loom").values())
        bad = [log.stem for log in logs
               if not (results := read(log)[0]) or
               count(results)["fail"] or count(results)["cut"]]
        if bad or not logs:
            print("cts_table: failed on Loom: " + (", ".join(bad) or
                                                    "nothing ran"))
            sys.exit(1)


if __name__ == "__main__":
    main()
