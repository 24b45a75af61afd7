#!/usr/bin/env python3
"""Random differential testing of Loom with CLsmith kernels.

usage: differential.py --clsmith BIN --runtime DIR [--runtime DIR ...]
                       --runner BIN --seeds FIRST:END [--modes M,...]
                       [--out DIR] [--timeout SECONDS]

For each mode and seed, CLsmith generates a kernel (written as kernel.cl:
it is OpenCL C, whatever CLsmith names it), and loom-clsmith-run runs it in
a process of its own in every configuration: each target, scalar
(-cl-wfv=never), with the default options, with Vecz forced at 4, 8 and 16,
and at -cl-opt-disable. The scalar run on the first target is the
reference. A finding is a configuration that crashes, does not compile
where the reference did, runs past the time limit, or gives another
result buffer. A kernel the reference cannot compile is counted apart
(CLsmith emits some that no compiler takes, e.g. `emi_input` without
--emi); a mode CLsmith refuses makes no kernel. Prints a line per kernel
and a table per mode, and exits 1 if there was any finding.
"""
import argparse
import os
import pathlib
import signal
import subprocess
import sys

MODES = {
    "plain": [],
    "vectors": ["--vectors"],
    "barriers": ["--barriers"],
    "vectors_barriers": ["--vectors", "--barriers"],
    "fake_divergence": ["--fake_divergence"],
    "group_divergence": ["--group_divergence"],
    "message_passing": ["--message_passing"],
    "inter_thread_comm": ["--inter_thread_comm"],
    "atomics": ["--atomics", "--atomic_reductions"],
    "emi": ["--emi"],
}
TARGETS = ["reference", "csa"]
OPTIONS = ["-cl-wfv=never", "", "-cl-wfv=always -vecz-width=4",
           "-cl-wfv=always -vecz-width=8", "-cl-wfv=always -vecz-width=16",
           "-cl-opt-disable"]


def run(runner, kernel, target, options, timeout):
    """(status, output): status "ok", "compile", "run", "crash:SIG" or
    "timeout"."""
    try:
        p = subprocess.run([runner, str(kernel), target, options],
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if p.returncode == 0:
        return "ok", p.stdout
    if p.returncode < 0:
        return "crash:" + signal.Signals(-p.returncode).name, p.stderr
    return {2: "compile", 3: "run"}.get(p.returncode, "error"), p.stderr


def generate(clsmith, mode, seed, folder):
    folder.mkdir(parents=True, exist_ok=True)
    generated = folder / "CLProg.c"
    generated.unlink(missing_ok=True)
    subprocess.run([clsmith, "--seed", str(seed)] + MODES[mode], cwd=folder,
                   capture_output=True, timeout=120)
    if not generated.exists():
        return None
    kernel = folder / "kernel.cl"
    kernel.write_text(generated.read_text())
    return kernel


def check_kernel(args, kernel):
    """"agree", "reference-compile" or the first finding."""
    include = " ".join("-I" + d for d in args.runtime)
    configurations = [(t, o) for t in TARGETS for o in OPTIONS]
    reference = None
    for target, options in configurations:
        status, output = run(args.runner, kernel, target,
                             f"-w {include} {options}".strip(), args.timeout)
        name = f"{target} {options or 'default'}"
        if reference is None:
            if status == "compile":
                return "reference-compile"
            if status != "ok":
                return f"{name}: {status}"
            reference = output
            continue
        if status != "ok":
            return f"{name}: {status}"
        if output != reference:
            return f"{name}: MISMATCH"
    return "agree"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clsmith", required=True)
    parser.add_argument("--runtime", action="append", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--seeds", required=True)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--out", default="random-differential")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    first, end = (int(s) for s in args.seeds.split(":"))
    modes = args.modes.split(",")
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        parser.error(f"unknown modes {unknown}; the modes: {', '.join(MODES)}")
    table, findings = {}, []
    for mode in modes:
        counts = table.setdefault(mode, {"kernels": 0, "agree": 0,
                                         "reference-compile": 0,
                                         "findings": 0})
        for seed in range(first, end):
            kernel = generate(args.clsmith, mode, seed,
                              pathlib.Path(args.out) / mode / str(seed))
            if kernel is None:
                continue
            verdict = check_kernel(args, kernel)
            counts["kernels"] += 1
            if verdict in counts:
                counts[verdict] += 1
            else:
                counts["findings"] += 1
                findings.append(f"{kernel}: {verdict}")
            print(f"{mode} seed {seed}: {verdict}", flush=True)
    print("\n| mode | kernels | agree | reference does not compile "
          "| findings |\n|---|---:|---:|---:|---:|")
    for mode, c in table.items():
        print(f"| {mode} | {c['kernels']} | {c['agree']} | "
              f"{c['reference-compile']} | {c['findings']} |")
    for finding in findings:
        print("finding:", finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
