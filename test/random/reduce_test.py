#!/usr/bin/env python3
"""Tests reduce.py's interestingness check, and with --cvise a whole
reduction (minutes: not in the test command), on a kernel whose "finding"
a macro makes: a build option -D that changes the result or makes the run
spin stands for a bug.

usage: reduce_test.py --runner BIN --runtime DIR [--cvise] WORK_DIR
"""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).absolute().parent
KERNEL = """// -g 8,1,1 -l 4,1,1
__kernel void entry(__global ulong *result) {
  size_t i = get_global_id(0);
  ulong a = i * 3 + 1;
  ulong b = a ^ 0x5a;
  ulong c = b + a * 7;
  for (int k = 0; k < 4; ++k)
    c = c * 31 + k;
#ifdef LOOM_TEST_DIFFERS
  c += 1;
#endif
#ifdef LOOM_TEST_SPINS
  volatile __global ulong *p = result;
  while (p[0] != 12345)
    ;
#endif
  result[i] = c + b;
}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--cvise", action="store_true")
    parser.add_argument("work")
    args = parser.parse_args()
    work = pathlib.Path(args.work).absolute()
    shutil.rmtree(work, ignore_errors=True)
    (work / "k").mkdir(parents=True)
    kernel = work / "k" / "kernel.cl"
    kernel.write_text(KERNEL)
    reduce = [sys.executable, str(HERE / "reduce.py")]
    common = ["--runner", args.runner, "--runtime", args.runtime]
    failures = []

    def expect(what, ok, output=""):
        print(("ok: " if ok else "FAILED: ") + what, flush=True)
        if not ok:
            failures.append(what + "\n" + output)

    def set_up(name, config, *extra):
        p = subprocess.run(reduce + common + [str(kernel), "--config", config,
                           "--out", str(work / name), "--setup-only",
                           *extra], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    def check(name, text):
        """--check of `text` as a candidate, in a folder of its own as
        C-Vise gives it."""
        folder = work / (name + "-candidate")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        (folder / "kernel.cl").write_text(text)
        return subprocess.run(reduce + ["--check", str(work / name)],
                              cwd=folder).returncode

    body = KERNEL.split("\n", 1)[1]
    code, output = set_up("differs",
                          "reference -cl-wfv=never -DLOOM_TEST_DIFFERS")
    expect("a changed result is found as a mismatch",
           code == 0 and "mismatch" in output, output)
    expect("the kernel as given passes the check",
           check("differs", body) == 0)
    expect("a candidate without the finding fails it",
           check("differs", body.replace("c += 1;", "")) == 1)
    expect("an undefined candidate fails it",
           check("differs", body.replace("ulong c = b + a * 7;",
                                         "ulong c; if (a > 3) c = b;")) == 1)
    code, output = set_up("agrees", "reference -cl-wfv=always -vecz-width=4")
    expect("a configuration that agrees is not reduced",
           code == 1 and "nothing to reduce" in output, output)
    code, output = set_up("spins", "csa -cl-wfv=never -DLOOM_TEST_SPINS",
                          "--hang-after", "2")
    expect("a run past --hang-after is found as a hang",
           code == 0 and "hang" in output, output)
    expect("a hanging candidate passes the check",
           check("spins", body) == 0)
    expect("a candidate that ends fails it",
           check("spins", body.replace("!= 12345", "== 12345")) == 1)
    if args.cvise:
        p = subprocess.run(reduce + common + [str(kernel), "--config",
                           "reference -cl-wfv=never -DLOOM_TEST_DIFFERS",
                           "--out", str(work / "reduced")],
                           capture_output=True, text=True)
        reduced = work / "reduced" / "reduced.cl"
        text = reduced.read_text() if reduced.exists() else ""
        expect("C-Vise reduces the kernel, keeping its launch",
               p.returncode == 0 and text.startswith("// -g 8,1,1") and
               len(text) < len(KERNEL), p.stdout + p.stderr + text)
        expect("the reduced kernel still shows the finding",
               check("differs", text.split("\n", 1)[-1]) == 0)
    else:
        print("skipped: the whole reduction (--cvise)")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
