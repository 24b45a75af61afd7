#!/usr/bin/env python3
"""compare.py: Loom's OpenMP against clang-15 -fopenmp with libomp.

Runs every kernel case of a folder (default bench/openmp/cases) both ways:
with loom-run on the reference driver (LOOM_NUM_THREADS workers) and with
openmp-native-run, the same C source built by clang-15 -fopenmp and run on
libomp (OMP_NUM_THREADS threads); for each team size, the two alternate in
each round. The outputs of every run must agree with the native build's
(../shared/peer/compare.py, with the case's tolerance); the table gives the
fastest launch of each side in each round and Loom's speed-up (native time
over Loom's; above 1 Loom is faster), the mean of the rounds' ratios.

usage: bench/openmp/compare.py [--cases DIR] [--threads 1,2] [--rounds R]
                               [--repeat N] [--quick] [--check]
                               [--target T] [--out DIR]

--quick runs one round of one launch; --check exits 1 when outputs differ
(the figures are never checked). LOOM_BUILD_DIR names the build (default
./build).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BUILD = Path(os.environ.get("LOOM_BUILD_DIR", ROOT / "build"))
PEER_COMPARE = ROOT.parent / "shared" / "peer" / "compare.py"


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=HERE / "cases")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--target", default="reference")
    parser.add_argument("--out", type=Path)
    options = parser.parse_args()
    if options.quick:
        options.rounds, options.repeat = 1, 1
    options.threads = [int(t) for t in options.threads.split(",")]
    return options


def run_json(command, environment):
    """Runs \p command, which prints one JSON object; returns it."""
    run = subprocess.run(command, capture_output=True, text=True,
                         env=environment)
    if run.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed "
                           f"({run.returncode}):\n{run.stderr}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def run_native(case, threads, out, repeat):
    environment = dict(os.environ, OMP_NUM_THREADS=str(threads))
    return run_json([BUILD / "bin" / "openmp-native-run", case, "--out", out,
                     "--repeat", str(repeat), "--json"], environment)


def run_loom(case, threads, out, repeat, target):
    environment = dict(os.environ, LOOM_NUM_THREADS=str(threads))
    return run_json([BUILD / "bin" / "loom-run", f"--target={target}", case,
                     "--out", out, "--repeat", str(repeat), "--json"],
                    environment)


def outputs_agree(case, native_dir, loom_dir):
    """The peer comparer's verdict (EQUAL: within the case's tolerance, or
    DIFFERENT) and its line."""
    run = subprocess.run([sys.executable, PEER_COMPARE, case, native_dir,
                          loom_dir], capture_output=True, text=True)
    lines = run.stdout.strip().splitlines()
    last = lines[-1] if lines else run.stderr.strip() or "ERROR"
    return last.split()[0], last


def measure(case, threads, options, scratch):
    """One case at one team size: rounds of native then Loom."""
    ratios, native_ms, loom_ms, verdicts = [], [], [], []
    for round_index in range(options.rounds):
        base = scratch / f"{case.stem}-t{threads}-r{round_index}"
        native = run_native(case, threads, base / "native", options.repeat)
        loom = run_loom(case, threads, base / "loom", options.repeat,
                        options.target)
        native_ms.append(native["kernel_us_min"] / 1000)
        loom_ms.append(loom["kernel_us_min"] / 1000)
        ratios.append(native["kernel_us_min"] / loom["kernel_us_min"])
        verdicts.append(outputs_agree(case, base / "native", base / "loom"))
    return {"case": case.stem, "threads": threads, "native_ms": native_ms,
            "loom_ms": loom_ms, "speedup": statistics.mean(ratios),
            "verdicts": [v for v, _ in verdicts],
            "details": [line for v, line in verdicts if v == "DIFFERENT"]}


def print_table(rows):
    print(f"{'case':<18} {'threads':>7} {'native ms':>24} {'Loom ms':>24} "
          f"{'speed-up':>8}  outputs")
    for row in rows:
        native = " ".join(f"{t:.1f}" for t in row["native_ms"])
        loom = " ".join(f"{t:.1f}" for t in row["loom_ms"])
        verdict = "/".join(sorted(set(row["verdicts"])))
        print(f"{row['case']:<18} {row['threads']:>7} {native:>24} "
              f"{loom:>24} {row['speedup']:>7.2f}x  {verdict}")
        for detail in row["details"]:
            print(f"    {detail}")


def main():
    options = parse_arguments()
    cases = sorted(options.cases.glob("*.json"))
    if not cases:
        sys.exit(f"compare.py: no cases in {options.cases}")
    with tempfile.TemporaryDirectory() as temporary:
        scratch = options.out or Path(temporary)
        rows = [measure(case, threads, options, scratch)
                for case in cases for threads in options.threads]
    print_table(rows)
    if options.out:
        (options.out / "openmp.json").write_text(json.dumps(rows, indent=1))
    differ = any(v != "EQUAL" for row in rows for v in row["verdicts"])
    sys.exit(1 if options.check and differ else 0)


if __name__ == "__main__":
    main()
