#!/usr/bin/env python3
"""Which starter cases Vecz vectorizes, at which widths, against a list kept
in the repository, so that a silent loss (or gain) of vectorization fails.

usage: vecz_coverage.py LOOMC PEER_DIR EXPECTED [--update]

Compiles each starter case of PEER_DIR/cases with its own build options and
`-cl-wfv=always -vecz-width=W` for W in 4, 8, 16, then with `-cl-wfv=auto`
(the default: the width Vecz chooses, kept if the cost model says it pays),
all for one CPU (CPU below),
reads loomc's `vecz` remarks (-Rpass=vecz, -Rpass-missed=vecz) for the
case's kernel (vectorized or why not, the rows per call of a jammed
variant, the vectors per call of a wide variant, the vectors and rows of a
wide jammed one), and compares one line per case and setting with EXPECTED. --update rewrites
EXPECTED instead (review the diff before committing it).
"""

import difflib
import json
import pathlib
import re
import subprocess
import sys
import tempfile

SETTINGS = {"w4": ["-cl-wfv=always", "-vecz-width=4"],
            "w8": ["-cl-wfv=always", "-vecz-width=8"],
            "w16": ["-cl-wfv=always", "-vecz-width=16"],
            "auto": ["-cl-wfv=auto"]}
# The widths Vecz chooses follow the code generator's costs, which follow
# the CPU: the list was made for Zen 3 (AVX2), and every compile names that
# CPU, so that the check means the same on any x86-64 host.
CPU = "-mcpu=znver3"
REMARK = re.compile(r"remark: kernel '([^']+)' (.*) \[-Rpass(?:-missed)?=vecz\]")


def remark_for(loomc, case, source, options, out):
    """What Vecz said about the case's kernel with `options`."""
    command = [loomc, CPU, *case.get("build_options", "").split(), *options,
               "-Rpass=vecz", "-Rpass-missed=vecz", str(source), "-o", out]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        return f"does not compile: {run.stderr.strip().splitlines()[-1:]}"
    remarks = [match.group(2) for match in map(REMARK.search,
                                               run.stderr.splitlines())
               if match and match.group(1) == case["kernel"]]
    wide = ""
    for said in remarks:
        rows = re.match(r"runs (\d+) rows per vector call", said)
        wide_rows = re.match(r"runs (\d+) vectors side by side in each of "
                             r"(\d+) rows", said)
        vectors = re.match(r"runs (\d+) vectors side by side per call", said)
        if rows:
            wide += f", {rows.group(1)} rows per call"
        elif wide_rows:
            wide += (f", {wide_rows.group(1)} vectors in each of "
                     f"{wide_rows.group(2)} rows")
        elif vectors:
            wide += f", {vectors.group(1)} vectors per call"
    vectorized = [said for said in remarks
                  if said.startswith("vectorized at width")]
    if vectorized:
        # The width is in the setting's name but for auto's choice.
        return "vectorized" + ("" if "-vecz-width" in " ".join(options)
                               else vectorized[0][len("vectorized"):]) + wide
    if remarks:
        # The cost model's figures move with any change to the IR; the
        # list keeps its verdict.
        said = re.sub(r" a vector run costs .*", " not worth it", remarks[0])
        return said if said.startswith("not vectorized") else \
            "not vectorized: " + said
    return "no vecz remark"


def survey(loomc, peer):
    lines = []
    with tempfile.TemporaryDirectory() as scratch:
        out = str(pathlib.Path(scratch) / "kernel.o")
        for path in sorted((peer / "cases").glob("*.json")):
            case = json.loads(path.read_text())
            source = path.parent / case["source"]
            for setting, options in SETTINGS.items():
                said = remark_for(loomc, case, source, options, out)
                lines.append(f"{path.stem} {setting}: {said}")
    return lines


def main(argv):
    if len(argv) not in (4, 5) or (len(argv) == 5 and argv[4] != "--update"):
        print(__doc__, file=sys.stderr)
        return 2
    loomc, peer, expected = argv[1], pathlib.Path(argv[2]), pathlib.Path(argv[3])
    got = survey(loomc, peer)
    if len(argv) == 5:
        expected.write_text("\n".join(got) + "\n")
        return 0
    want = expected.read_text().splitlines()
    vectorized = sum(": vectorized" in line for line in got)
    print(f"{vectorized} of {len(got)} case-widths vectorized")
    if got == want:
        return 0
    print(f"vectorization differs from {expected} (expected, then got):")
    sys.stdout.writelines(difflib.unified_diff(
        [line + "\n" for line in want], [line + "\n" for line in got],
        "expected", "got"))
    print("if the change is intended, run with --update and commit the list")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
