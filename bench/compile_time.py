#!/usr/bin/env python3
"""Compile time against kernel size: does any pass grow faster than the code?

Generates OpenCL C kernels of about 1k, 5k and 20k lines (one kernel whose
body repeats a block of loads, arithmetic, a data-dependent branch, a
builtin call and a short loop, each block with its own constants so that
nothing folds away), compiles each with loomc (Vecz on, as by default, and
off), and prints the time per line; then, for the largest kernel, the
passes that took the most time (loomc --time-passes). Time per line that
stays flat from 1k to 20k lines means linear growth. With --barriers,
every `--barrier-every`th block (default 0: only one, in the middle) also
passes a value through local memory between two work-group barriers, so
the kernel is cut into barrier regions (the region scheduler's case).
Prints figures only; it never fails on time.

usage: bench/compile_time.py [--loomc PATH] [--lines N ...] [--keep DIR]
                             [--barriers [--barrier-every K]]
"""

import argparse
import pathlib
import re
import resource
import subprocess
import sys
import tempfile

BLOCK = """  {{
    float x{k} = in[(i + {k}u) % n] * {a}f + acc;
    if (x{k} > {b}.0f)
      acc += sin(x{k}) * {a}f;
    else
      acc -= x{k} * {c}f;
    for (int j = 0; j < {trip}; ++j)
      acc = acc * {c}f + (float)j;
  }}
"""
BLOCK_LINES = BLOCK.count("\n")

# A neighbour's value through local memory, between two barriers.
BARRIER_BLOCK = """  tile[l] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  acc += tile[(l + {k}u) % m] * 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
"""


def kernel_source(lines, barriers=False, barrier_every=0):
    blocks = max(1, lines // BLOCK_LINES)
    every = barrier_every or max(1, blocks // 2)
    body = ""
    for k in range(blocks):
        body += BLOCK.format(k=k, a=1.0 + k * 1e-4, b=k % 97,
                             c=0.5 + (k % 13) * 0.03, trip=k % 4 + 1)
        if barriers and k % every == every - 1:
            body += BARRIER_BLOCK.format(k=k % 7 + 1)
    if barriers:
        return ("__kernel void big(__global const float *in, __global float "
                "*out, uint n, __local float *tile) {\n"
                "  size_t i = get_global_id(0), l = get_local_id(0),"
                " m = get_local_size(0);\n"
                "  float acc = in[i];\n" + body + "  out[i] = acc;\n}\n")
    return ("__kernel void big(__global const float *in, __global float *out,"
            " uint n) {\n  size_t i = get_global_id(0);\n"
            "  float acc = in[i];\n" + body + "  out[i] = acc;\n}\n")


def compile_seconds(loomc, source, options, repeats):
    """The least CPU time (user and system) of \p repeats compiles: on a
    shared machine, wall time counts the other jobs too."""
    best = float("inf")
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([loomc, str(source), "-o", "/dev/null", *options],
                       check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, (after.ru_utime - before.ru_utime) +
                   (after.ru_stime - before.ru_stime))
    return best


def top_passes(loomc, source, count=6):
    run = subprocess.run([loomc, str(source), "-o", "/dev/null",
                          "--time-passes"], check=True, capture_output=True,
                         text=True)
    rows = []
    for line in run.stderr.splitlines():
        # User, system, user+system and wall time, each "s (share%)", then
        # the pass: user+system is the third pair.
        pairs = re.findall(r"([0-9.]+) \(\s*([0-9.]+)%\)", line)
        name = re.sub(r".*\)\s+", "", line).strip()
        if len(pairs) >= 3 and name and not name.startswith("Total"):
            rows.append((float(pairs[2][0]), pairs[2][1], name))
    rows.sort(reverse=True)
    return rows[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = pathlib.Path(__file__).resolve().parent.parent
    parser.add_argument("--loomc", default=str(root / "build/bin/loomc"))
    parser.add_argument("--lines", type=int, nargs="+",
                        default=[1000, 5000, 20000])
    parser.add_argument("--keep")
    parser.add_argument("--barriers", action="store_true")
    parser.add_argument("--barrier-every", type=int, default=0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        directory = pathlib.Path(options.keep or scratch)
        directory.mkdir(parents=True, exist_ok=True)
        print("CPU seconds (user and system) of a loomc compile, the least "
              "of 3 (1 above 5000 lines)")
        print(f"{'lines':>7} {'vecz on s':>10} {'us/line':>8} "
              f"{'vecz off s':>11} {'us/line':>8}")
        largest = None
        for lines in options.lines:
            source = directory / f"big{lines}.cl"
            text = kernel_source(lines, options.barriers,
                                 options.barrier_every)
            source.write_text(text)
            actual = text.count("\n")
            repeats = 3 if lines <= 5000 else 1
            on = compile_seconds(options.loomc, source, [], repeats)
            off = compile_seconds(options.loomc, source, ["--cl-wfv=never"],
                                  repeats)
            print(f"{actual:>7} {on:>10.2f} {on / actual * 1e6:>8.0f} "
                  f"{off:>11.2f} {off / actual * 1e6:>8.0f}")
            largest = source
        print(f"\nslowest passes on {largest.name} (CPU seconds, share):")
        for seconds, share, name in top_passes(options.loomc, largest):
            print(f"  {seconds:8.3f} {share:>6}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
