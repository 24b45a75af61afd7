#!/usr/bin/env python3
"""Every .ll of test/lit is one valid module: check_seed_ir.py LLVM_AS LIT_DIR

The compiler's fuzzers take the lit tests' IR, assembled, as seeds
(test/fuzz/CMakeLists.txt), but only the sanitizer job builds them; this
check, in the ordinary build's quick loop, fails as soon as a lit test is
not one module llvm-as reads (a split-file test belongs in a .test file).
The deliberately broken input the IR reader's tests use is left out.
"""
import pathlib
import subprocess
import sys

EXCLUDED = {"broken.ll"}


def main():
    llvm_as, lit_dir = sys.argv[1:3]
    bad = []
    files = sorted(pathlib.Path(lit_dir).rglob("*.ll"))
    for path in files:
        if path.name in EXCLUDED and path.parent.name == "Inputs":
            continue
        result = subprocess.run([llvm_as, "-o", "/dev/null", str(path)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            bad.append(result.stderr.strip().splitlines()[0])
    for line in bad:
        print("check_seed_ir:", line)
    print(f"check_seed_ir: {len(files)} files, {len(bad)} not one valid module")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
