#!/usr/bin/env python3
"""Reduces a finding of differential.py to a small kernel with C-Vise.

usage: reduce.py --runner BIN --runtime DIR [--runtime DIR] KERNEL.cl
                 --config 'TARGET OPTIONS' [--reference 'TARGET OPTIONS']
                 [--pocl CL_LAUNCHER] [--hang-after SECONDS] [--match REGEX]
                 [--out DIR]
                 [--jobs N] [--setup-only]
       reduce.py --check DIR

KERNEL.cl is a kernel differential.py wrote (its first line is the
launch). The finding is what the configuration (a target and build
options, as differential.py names them: 'reference -cl-wfv=always
-vecz-width=4', or 'pocl' and 'pocl ---disable_opts' for CLsmith's
cl_launcher on pocl, given with --pocl, to reduce a kernel where pocl alone
differs) does where the reference configuration ('reference
-cl-wfv=never' unless --reference says otherwise) runs: it hangs (runs
past --hang-after seconds), it fails with the status differential.py
gives (a crash by signal, "compile", "run"), or it gives another result
buffer. reduce.py runs both once to learn which, then writes in DIR
(default: reduce-<kernel's folder name>):
  - kernel.cl, the kernel without its launch line (C-Vise removes
    comments; the test puts the launch back);
  - finding.json, what the test checks;
  - interesting.sh, the interestingness test: `reduce.py --check DIR` run
    in C-Vise's copy of the folder;
and runs `cvise --n JOBS interesting.sh kernel.cl` in DIR, unless
--setup-only. The reduced kernel, launch line restored, is DIR/reduced.cl.

The test keeps a candidate when:
  - clang-15 finds nothing undefined in it (an uninitialized variable, a
    missing return, a division by zero it can see...): a reduction that
    leans on those ends in a kernel with no defined result;
  - the configuration still shows the finding, run first, since most
    candidates fail there (with --match, its messages must match REGEX);
  - the reference still runs, within twice its first run's time plus a
    second, so that a hang does not reduce to a kernel that never ends.
All runs have bounds-checked buffers (LOOM_CHECK_BOUNDS=1) and one worker
thread. Exits 0 when the check (--check) or the reduction holds; 1 when
the finding is not there to reduce, or the candidate fails the test.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from differential import (LoomRun, result_values, run_on_loom,  # noqa: E402
                          run_on_pocl, POCL_ICD)

# Warnings that make a candidate undefined, as errors.
UNDEFINED = ["uninitialized", "sometimes-uninitialized",
             "conditional-uninitialized", "return-type",
             "implicit-function-declaration", "int-conversion",
             "incompatible-pointer-types", "array-bounds",
             "shift-count-overflow", "shift-count-negative",
             "division-by-zero", "implicit-int", "return-stack-address"]
COMPILE_LIMIT = 600


def runner_args(finding):
    env = dict(os.environ, LOOM_CHECK_BOUNDS="1", LOOM_NUM_THREADS="1",
               POCL_MAX_PTHREAD_COUNT="1")
    return types.SimpleNamespace(runner=finding["runner"],
                                 runtime=finding["runtime"], env=env,
                                 pocl=finding.get("pocl"), pocl_icd=POCL_ICD)


def run(finding, kernel, config, run_limit):
    target, _, options = config.partition(" ")
    if target == "pocl":
        # pocl's limit holds its compile too; its failures are "run"s.
        status, output, seconds = run_on_pocl(
            runner_args(finding), kernel, COMPILE_LIMIT + run_limit,
            unoptimized=options == "---disable_opts")
        return LoomRun("run" if status == "error" else status, output, 0.0,
                       seconds)
    return run_on_loom(runner_args(finding), kernel, target, options,
                       COMPILE_LIMIT, run_limit)


def describe(run_result, reference_output=None):
    """The finding a configuration's run shows against the reference's
    output: "hang", a status, "mismatch", or None."""
    if run_result.status == "timeout":
        return "hang"
    if run_result.status != "ok":
        return run_result.status
    if reference_output is not None and (result_values(run_result.output)
                                         != result_values(reference_output)):
        return "mismatch"
    return None


def is_defined(finding, kernel):
    # Not -w: it would silence the warnings -Werror= turns on again.
    command = [finding["clang"], "-x", "cl", "-cl-std=CL1.2",
               "-fsyntax-only"]
    command += ["-I" + d for d in finding["runtime"]]
    command += ["-Werror=" + w for w in UNDEFINED] + [str(kernel)]
    return subprocess.run(command, capture_output=True).returncode == 0


def check(folder):
    """Whether ./kernel.cl, with the launch put back, shows the finding
    described in folder/finding.json."""
    finding = json.loads((pathlib.Path(folder) / "finding.json").read_text())
    kernel = pathlib.Path("candidate.cl").absolute()
    kernel.write_text(finding["launch"] + "\n" +
                      pathlib.Path("kernel.cl").read_text())
    if not is_defined(finding, kernel):
        return False
    kind = finding["kind"]
    shown = run(finding, kernel, finding["config"], finding["hang_after"])
    if kind != "mismatch":
        if describe(shown) != kind:
            return False
        if finding["match"] and not re.search(finding["match"],
                                              shown.output):
            return False
    elif shown.status != "ok":
        return False
    reference = run(finding, kernel, finding["reference"],
                    finding["run_limit"])
    if reference.status != "ok":
        return False
    return kind != "mismatch" or describe(shown, reference.output) == kind


def set_up(args):
    kernel = pathlib.Path(args.kernel).absolute()
    lines = kernel.read_text().splitlines(keepends=True)
    if not lines or not lines[0].startswith("//"):
        sys.exit(f"reduce.py: {kernel}: the first line is not a launch "
                 "('// -g ... -l ...')")
    clang = shutil.which("clang-15") or shutil.which("clang")
    if not clang:
        sys.exit("reduce.py: no clang-15 to check candidates with")
    finding = {
        "runner": os.path.abspath(args.runner),
        "runtime": [os.path.abspath(d) for d in args.runtime],
        "clang": clang, "launch": lines[0].rstrip("\n"),
        "config": args.config, "reference": args.reference,
        "hang_after": args.hang_after, "match": args.match,
        "pocl": os.path.abspath(args.pocl) if args.pocl else None,
    }
    if "pocl" in (args.config.split()[0], args.reference.split()[0]) and \
            not args.pocl:
        sys.exit("reduce.py: a pocl configuration needs --pocl CL_LAUNCHER")
    reference = run(finding, kernel, args.reference, args.hang_after)
    if reference.status != "ok":
        sys.exit(f"reduce.py: the reference ({args.reference}) does not "
                 f"run: {reference.status}")
    finding["run_limit"] = 2 * reference.run_seconds + 1
    shown = run(finding, kernel, args.config, args.hang_after)
    finding["kind"] = describe(shown, reference.output)
    if not finding["kind"]:
        sys.exit(f"reduce.py: {args.config} agrees with the reference: "
                 "nothing to reduce")
    print(f"reduce.py: {args.config}: {finding['kind']}", flush=True)
    out = pathlib.Path(args.out or f"reduce-{kernel.parent.name}").absolute()
    out.mkdir(parents=True, exist_ok=True)
    (out / "kernel.cl").write_text("".join(lines[1:]))
    (out / "finding.json").write_text(json.dumps(finding, indent=2) + "\n")
    test = out / "interesting.sh"
    test.write_text("#!/bin/sh\n"
                    f"exec {sys.executable} {os.path.abspath(__file__)} "
                    f"--check {out}\n")
    test.chmod(0o755)
    return out, finding


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernel", nargs="?")
    parser.add_argument("--check", metavar="DIR",
                        help="test ./kernel.cl against DIR/finding.json")
    parser.add_argument("--runner")
    parser.add_argument("--runtime", action="append")
    parser.add_argument("--config")
    parser.add_argument("--reference", default="reference -cl-wfv=never")
    parser.add_argument("--pocl", help="CLsmith's cl_launcher, for the "
                        "'pocl' configurations")
    parser.add_argument("--hang-after", type=float, default=10,
                        help="seconds of run that make a hang")
    parser.add_argument("--match", help="a regular expression the failing "
                        "configuration's messages must match")
    parser.add_argument("--out")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--setup-only", action="store_true")
    args = parser.parse_args()
    if args.check:
        return 0 if check(args.check) else 1
    if not (args.kernel and args.runner and args.runtime and args.config):
        parser.error("give KERNEL.cl, --runner, --runtime and --config "
                     "(or --check DIR)")
    out, finding = set_up(args)
    if args.setup_only:
        print(f"reduce.py: set up in {out}; run: cd {out} && cvise "
              f"--n {args.jobs} ./interesting.sh kernel.cl")
        return 0
    if not shutil.which("cvise"):
        sys.exit("reduce.py: cvise is not installed (apt-get install cvise)")
    if subprocess.run(["cvise", "--n", str(args.jobs), "--timeout",
                       str(int(2 * COMPILE_LIMIT + args.hang_after)),
                       "./interesting.sh", "kernel.cl"], cwd=out).returncode:
        return 1
    (out / "reduced.cl").write_text(finding["launch"] + "\n" +
                                    (out / "kernel.cl").read_text())
    print(f"reduce.py: {out / 'reduced.cl'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
