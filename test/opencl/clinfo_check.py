#!/usr/bin/env python3
"""clinfo on Loom's platform alone: clinfo_check.py CLINFO LOOM_ICD

Runs Debian's clinfo with OCL_ICD_VENDORS naming Loom's .icd file and checks
that it lists the Loom platform, a device per built-in target (reference
first, then csa), and that every query clinfo makes is answered, the
contexts it creates included: clinfo prints `<... error N>` for a query
that failed. Exits 1 with the offending lines otherwise.
"""
import os
import re
import subprocess
import sys

def main():
    clinfo, icd = sys.argv[1:3]
    env = dict(os.environ, OCL_ICD_VENDORS=icd)
    raw = subprocess.run([clinfo, "--raw"], env=env, capture_output=True,
                         text=True, timeout=120).stdout
    problems = []
    if not re.search(r"^\s*CL_PLATFORM_NAME\s+Loom$", raw, re.M):
        problems.append("no platform named Loom")
    names = re.findall(r"^\[LOOM/\d+\]\s+CL_DEVICE_NAME\s+(\S+)$", raw, re.M)
    if names[:1] != ["reference"] or "csa" not in names:
        problems.append(f"devices {names}: expected reference first, and csa")
    for line in raw.splitlines():
        if re.search(r"<.*error.*>", line):
            problems.append(f"unanswered: {line.strip()}")
    for problem in problems:
        print("clinfo_check:", problem)
    print(f"clinfo_check: {len(names)} devices: {', '.join(names)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
