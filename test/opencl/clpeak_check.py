#!/usr/bin/env python3
"""clpeak on Loom's platform alone: clpeak_check.py CLPEAK LOOM_ICD

Runs Debian's clpeak with OCL_ICD_VENDORS naming Loom's .icd file, on every
device of the platform, with its global-memory bandwidth, single-precision
compute and kernel-latency tests (its others run the same kernels' kind
longer), and checks that it finished and printed a finite positive figure
for every line of each test on each device. The figures themselves are the
bench's business (doc/conformance.md has one run's, against pocl's): this
test holds only that a real client builds and runs its kernels on Loom.
Exits 1 with what is missing otherwise.
"""
import math
import os
import re
import subprocess
import sys

TESTS = ["--global-bandwidth", "--compute-sp", "--kernel-latency"]
# The lines each device must print, with a figure after the colon.
EXPECTED = ["float", "float2", "float4", "float8", "float16",
            "Kernel launch latency"]


def device_sections(output):
    """{device name: the lines clpeak printed for it}."""
    sections, current = {}, None
    for line in output.splitlines():
        match = re.match(r"^\s*Device: (.+)$", line)
        if match:
            current = match.group(1).strip()
            sections[current] = []
        elif current:
            sections[current].append(line.strip())
    return sections


def missing_figures(lines):
    """The expected lines without a finite positive figure."""
    figures = {}
    for line in lines:
        match = re.match(r"^(.+?)\s*:\s*([0-9.eE+-]+|inf|nan)(\s*us)?$", line)
        if match:
            figures.setdefault(match.group(1), []).append(float(match.group(2)))
    missing = []
    for name in EXPECTED:
        values = figures.get(name, [])
        # The float lines appear once per test that has them (bandwidth
        # and compute): each must hold.
        wanted = 2 if name.startswith("float") else 1
        good = [v for v in values if math.isfinite(v) and v > 0]
        if len(good) < wanted:
            missing.append(f"{name}: {values or 'not printed'}")
    return missing


def main():
    clpeak, icd = sys.argv[1:3]
    env = dict(os.environ, OCL_ICD_VENDORS=icd)
    run = subprocess.run([clpeak, *TESTS], env=env, capture_output=True,
                         text=True, timeout=900)
    problems = []
    if run.returncode != 0:
        problems.append(f"exit status {run.returncode}: {run.stderr.strip()}")
    if not re.search(r"^Platform: Loom$", run.stdout, re.M):
        problems.append("no platform named Loom")
    sections = device_sections(run.stdout)
    if list(sections)[:1] != ["reference"] or "csa" not in sections:
        problems.append(f"devices {list(sections)}: expected reference "
                        "first, and csa")
    for device, lines in sections.items():
        for missing in missing_figures(lines):
            problems.append(f"{device}: {missing}")
    for problem in problems:
        print("clpeak_check:", problem)
    print(run.stdout)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
