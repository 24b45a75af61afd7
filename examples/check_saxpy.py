#!/usr/bin/env python3
"""Checks the output of examples/saxpy.json element by element.

usage: check_saxpy.py CASE.json OUT_DIR
With x[i] = i and y[i] = 1, every y[i] = a * i + 1 is exactly representable
in float for i < 2^23, so the check is exact. Prints one verdict line; exits
0 when every element is right, 1 otherwise.
"""
import json
import os
import struct
import sys


def main():
    case_path, out_dir = sys.argv[1], sys.argv[2]
    with open(case_path) as f:
        case = json.load(f)
    a = case["args"][0]["value"]
    count = case["args"][2]["count"]
    with open(os.path.join(out_dir, "arg2.bin"), "rb") as f:
        data = f.read()
    if len(data) != 4 * count:
        print(f"saxpy: FAIL: expected {4 * count} bytes, got {len(data)}")
        return 1
    got = struct.unpack(f"<{count}f", data)
    wrong = [i for i in range(count) if got[i] != a * i + 1]
    if wrong:
        i = wrong[0]
        print(f"saxpy: FAIL: {len(wrong)} of {count} elements wrong, "
              f"first y[{i}] = {got[i]}, expected {a * i + 1}")
        return 1
    print(f"saxpy: PASS: all {count} elements of y = {a:g} * x + y are right "
          "(compiled by loomc for csa, run by loom-run on the reference driver)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
