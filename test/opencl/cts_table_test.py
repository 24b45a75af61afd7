#!/usr/bin/env python3
"""Tests scripts/cts_table.py on logs written here: each sub-test's result
from the harness's lines, a sub-test a crash left without a result counted
as failed and one the time limit stopped (exit 124) as cut, the table's
cells and the list of sub-tests that failed, were cut or that the
platforms disagree on, and --check's exit status; then results kept
across runs (--record): a second run's results added to the first's, a
cut that does not replace a result, --pending naming what is left (and
what failed, with --failed-too), only the listed sub-tests recorded
with --list, a binary that skipped everything read back, test_conversions'
sub-tests read from its own lines, and the table of kept results counting
the sub-tests never run.

    cts_table_test.py WORK
"""
import pathlib
import shutil
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts/cts_table.py"

LOGS = {
    # Two sub-tests pass, one skipped, the third cut by the time limit.
    "loom/test_cut.log": "a...\na passed\nb...\nb test not supported\n"
                         "c...\n\tTesting global [1 x 62] local [1 x 1]...\n"
                         "\t\tTest reqexit 124\n",
    # A crash in the second sub-test.
    "pocl/test_cut.log": "a...\na passed\nb...\nexit 139\n",
    "loom/test_whole.log": "x...\nwarning without a newline x passed\n"
                           "y...\ny FAILED\nexit 1\n",
}


def run(work, *extra):
    return subprocess.run([sys.executable, str(SCRIPT), str(work), *extra],
                          capture_output=True, text=True)


def check_kept_results(work):
    """Two runs of one binary recorded, the first cut by the time limit."""
    failures = []
    shutil.rmtree(work, ignore_errors=True)
    logs = work / "logs"
    logs.mkdir(parents=True)
    store = work / "results/loom/test_parts.results"
    listing = work / "list.txt"
    listing.write_text("\ta\n\tb\n\tc\n\td\n")
    (logs / "first.log").write_text("a...\na passed\nb...\nexit 124\n")
    (logs / "second.log").write_text("b...\nb FAILED\nc...\nexit 124\n")
    for log, label in (("first.log", "run one"), ("second.log", "run two")):
        recorded = subprocess.run(
            [sys.executable, str(SCRIPT), "--record", str(logs / log),
             "--into", str(store), "--run", label, "--sub-tests", "4"],
            capture_output=True, text=True)
        if recorded.returncode:
            failures.append(f"--record {log} failed: {recorded.stderr}")
    left = subprocess.run([sys.executable, str(SCRIPT), "--pending",
                           str(store), "--list", str(listing)],
                          capture_output=True, text=True).stdout.split()
    if left != ["c", "d"]:
        failures.append(f"--pending gave {left}, not ['c', 'd']")
    again = subprocess.run([sys.executable, str(SCRIPT), "--pending",
                            str(store), "--list", str(listing),
                            "--failed-too"],
                           capture_output=True, text=True).stdout.split()
    if again != ["b", "c", "d"]:
        failures.append(f"--pending --failed-too gave {again}, not "
                        "['b', 'c', 'd']")
    table = run(work / "results").stdout.splitlines()
    for line in ["| `test_parts` | 1 / 1 / 0, 1 cut by the time limit, "
                 "1 of 4 not run (exit 124) | not run |",
                 "- `test_parts` on loom: run one; run two"]:
        if line not in table:
            failures.append(f"no line {line!r} in the kept results' table")
    # A binary stopped by a SIGTERM from outside is cut, not failed.
    (logs / "stopped.log").write_text("d...\nexit 143\n")
    subprocess.run([sys.executable, str(SCRIPT), "--record",
                    str(logs / "stopped.log"), "--into", str(store)])
    if "d cut" not in store.read_text().splitlines():
        failures.append("a sub-test stopped by SIGTERM is not cut")
    # A cut does not replace the result of a sub-test that finished.
    (logs / "third.log").write_text("a...\nexit 124\n")
    subprocess.run([sys.executable, str(SCRIPT), "--record",
                    str(logs / "third.log"), "--into", str(store)])
    if "a pass" not in store.read_text().splitlines():
        failures.append("a cut replaced a sub-test's pass")
    # With the binary's list, a line of a sub-test's own that ends like a
    # result is not a sub-test.
    (logs / "fourth.log").write_text("c...\nvector size 1 passed\n"
                                     "FP '+' 'float' test passed\n"
                                     "c passed\nexit 0\n")
    subprocess.run([sys.executable, str(SCRIPT), "--record",
                    str(logs / "fourth.log"), "--into", str(store), "--list",
                    str(listing)])
    kept = store.read_text().splitlines()
    if "c pass" not in kept or any(line.split()[0] in ("1", "test")
                                   for line in kept):
        failures.append(f"--record --list kept {kept}")
    # A binary that skipped everything at once: its kept results name the
    # sub-tests `(skipped N)`, which the table reads back.
    (logs / "skipped.log").write_text("SKIPPED 2 of 2 tests.\nexit 0\n")
    skipped = work / "results/pocl/test_parts.results"
    subprocess.run([sys.executable, str(SCRIPT), "--record",
                    str(logs / "skipped.log"), "--into", str(skipped)])
    table = run(work / "results")
    if "| 0 / 0 / 2 |" not in table.stdout:
        failures.append(f"a binary that skipped all: {table.stdout!r} "
                        f"{table.stderr!r}")
    failures += check_conversions(logs, work / "results/loom")
    return failures


def check_conversions(logs, results):
    """test_conversions' own lines: a pass, a failure, a skip (nothing
    printed) between them and one at the end, and one the time limit cut."""
    (logs / "conversions.log").write_text(
        "conversions...\n"
        "0) Testing convert_ucharn( ucharn ):\nBuilding convert_uchar( uchar )"
        " test\nTesting... .done.\n\tWimp pass\n\n"
        "1) Testing convert_halfn( ucharn ):\n"
        "2) Testing convert_ucharn_sat_rte( floatn ):\n"
        "\t *** 2) convert_ucharn_sat_rte( floatn ) FAILED ** \n"
        "3) Testing convert_floatn( halfn ):\n"
        "conversions FAILED\nexit 1\n")
    (logs / "conversions-cut.log").write_text(
        "conversions...\n4) Testing convert_longn_rtz( doublen ):\n"
        "Building convert_long_rtz( double ) test\nexit 124\n")
    (logs / "conversions.list").write_text(
        "uchar_uchar\nhalf_uchar\nuchar_sat_rte_float\nfloat_half\n"
        "long_rtz_double\n")
    store = results / "test_conversions.results"
    for log in ("conversions.log", "conversions-cut.log"):
        subprocess.run([sys.executable, str(SCRIPT), "--record",
                        str(logs / log), "--into", str(store), "--list",
                        str(logs / "conversions.list")])
    kept = sorted(line for line in store.read_text().splitlines()
                  if not line.startswith("#"))
    wanted = ["float_half skip", "half_uchar skip", "long_rtz_double cut",
              "uchar_sat_rte_float fail", "uchar_uchar pass"]
    return [] if kept == wanted else [f"test_conversions kept {kept}"]


def main():
    work = pathlib.Path(sys.argv[1])
    for name, text in LOGS.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    failures = []
    done = run(work, "--check")
    wanted_lines = [
        "| `test_cut` | 1 / 0 / 1, 1 cut by the time limit (exit 124) "
        "| 1 / 1 / 0 (exit 139) |",
        "| `test_whole` | 1 / 1 / 0 | not run |",
        "- `test_cut`: `b` (Loom skip, pocl fail), `c` (Loom cut, pocl "
        "not run)",
        "- `test_whole`: `y` (Loom fail, pocl not run)",
        "cts_table: failed on Loom: test_cut, test_whole"]
    for line in wanted_lines:
        if line not in done.stdout.splitlines():
            failures.append(f"no line {line!r}")
    if done.returncode != 1:
        failures.append(f"--check exited {done.returncode}, not 1")
    (work / "loom/test_cut.log").write_text("a...\na passed\nexit 0\n")
    (work / "loom/test_whole.log").write_text("x...\nx passed\nexit 0\n")
    if (code := run(work, "--check").returncode) != 0:
        failures.append(f"--check exited {code} on passing logs, not 0")
    failures += check_kept_results(work / "kept")
    for failure in failures:
        print("FAIL:", failure)
    print(done.stdout, end="")
    print("cts_table_test:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
