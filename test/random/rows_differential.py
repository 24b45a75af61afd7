#!/usr/bin/env python3
"""Random differential testing of Vecz's jammed and wide variants.

usage: rows_differential.py --runner LOOM_RUN --seeds FIRST:END|S,S,...
                            [--loomc LOOMC] [--pocl POCL_RUN] [--out DIR]
                            [--timeout SECONDS] [--jobs N]
                            [--require-jammed N]

CLsmith's kernels never reach Vecz's jammed variants (several rows of
work-items per call) nor the wide jammed ones: every one of them asks for
its linear id and most have barriers, and Vecz keeps such kernels to one
row. This tool writes kernels that do: two-dimensional, without barriers,
over unsigned integers only (every operation defined, so any two correct
implementations agree bit for bit), a loop over k whose loads of `a` depend
on the row and k and whose loads of `b` on the column and k (a matrix
product's pattern, which the cost model jams by default), branches on
uniform, column, data and, rarely, row conditions (rows that go different
ways, which Vecz must decline to jam), inner loops whose trip count may
vary by column or by row, and an accumulator read and written in memory
by each work-item. Each seed gives one kernel and a kernel case
(../shared/peer/CASES.md): random inputs, a two-dimensional launch with a
random work-group size (odd sizes included, so that rows and columns are
left over), and two output buffers.

loom-run runs each kernel on each target (reference, csa) with
bounds-checked buffers, scalar (-cl-wfv=never, on the reference target:
the reference), with the default options, and with Vecz's variants forced:
rows jammed at widths 4, 8 and 16, vectors side by side, both (a wide
jammed variant beside the jammed one), and each row's leftover work-items
as one masked vector (the tail variant, -vecz-tail=always); with --pocl, pocl_run runs it too,
a second reference. A finding is a configuration that does not compile,
fails or crashes, runs past --timeout seconds, or writes other outputs
than the reference. With --loomc, each kernel's Vecz remarks under every
configuration are counted, so that the table says how many kernels were
jammed, and how many got a wide jammed variant, rather than assuming it;
--require-jammed N then fails a campaign in which fewer than N kernels got
both (a Vecz that stopped jamming would otherwise pass it untested).
Prints a line per kernel and the totals, and exits 1 if there was any
finding or too few kernels were jammed.
"""
import argparse
import concurrent.futures
import dataclasses
import json
import pathlib
import random
import re
import subprocess
import sys

TARGETS = ["reference", "csa"]
REFERENCE = ("reference", "-cl-wfv=never")
OPTIONS = ["", "-cl-wfv=always -vecz-width=4 -vecz-rows=2",
           "-cl-wfv=always -vecz-width=8 -vecz-rows=4",
           "-cl-wfv=always -vecz-width=16 -vecz-rows=2",
           "-cl-wfv=always -vecz-width=4 -vecz-interleave=2",
           "-cl-wfv=always -vecz-width=4 -vecz-rows=4 -vecz-interleave=2",
           "-cl-wfv=always -vecz-width=8 -vecz-rows=8 -vecz-interleave=2",
           "-cl-wfv=always -vecz-width=8 -vecz-rows=2 -vecz-tail=always"]
# Elements of each input buffer; loads index them modulo this.
INPUT_COUNT = 4096
# Vecz's remarks for the variants (doc/passes.md, vecz).
JAMMED = re.compile(r"runs \d+ rows per vector call")
WIDE_JAMMED = re.compile(r"side by side in each of \d+ rows")


class KernelWriter:
    """One random kernel: OpenCL C over uint, every operation defined."""

    def __init__(self, seed):
        self.random = random.Random(seed)
        self.seed = seed

    def constant(self):
        r = self.random
        return r.choice(["0u", "1u", "2u", "3u", "7u", "31u", "255u",
                         "0x80000000u", "0xffffffffu",
                         f"{r.randrange(1 << 32):#x}u"])

    def expression(self, names, depth):
        """A random uint expression over names, at most depth deep."""
        r = self.random
        if depth == 0 or r.random() < 0.25:
            return r.choice(names) if r.random() < 0.8 else self.constant()
        a = self.expression(names, depth - 1)
        b = self.expression(names, depth - 1)
        kind = r.randrange(20)
        if kind < 6:
            return f"({a} {r.choice(['+', '-', '*', '^', '&', '|'])} {b})"
        if kind == 6:
            return f"({a} << ({b} & 31u))"
        if kind == 7:
            return f"({a} >> ({b} & 31u))"
        if kind == 8:
            return f"({a} / ({b} | 1u))"
        if kind == 9:
            return f"({a} % ({b} | 1u))"
        if kind == 10:
            c = self.expression(names, depth - 1)
            d = self.expression(names, depth - 1)
            return f"({a} > {b} ? {c} : {d})"
        if kind == 11:
            return f"{r.choice(['popcount', 'clz'])}({a})"
        if kind == 12:
            return f"(uint)({r.choice(['uchar', 'ushort'])}){a}"
        function = r.choice(["rotate", "min", "max", "mul_hi", "abs_diff",
                             "add_sat", "sub_sat", "hadd", "rhadd"])
        return f"{function}({a}, {b})"

    def condition(self, names, in_loop):
        """A branch condition: uniform, by column, on a column's data, or
        (rarely) on values of the row, which keeps Vecz from jamming."""
        r = self.random
        mask = r.choice(["1u", "3u", "7u"])
        kind = r.choice(["uniform", "column", "column data", "column data"])
        if r.random() < 0.08:
            kind = r.choice(["row", "any data"])
        if kind == "uniform":
            value = "k" if in_loop else "s"
            return f"(({value} >> {r.randrange(4)}u) & {mask}) == 0u"
        if kind == "column":
            return f"((x + {'k' if in_loop else 's'}) & {mask}) == 1u"
        if kind == "row":
            return f"(y & {mask}) == 0u"
        if kind == "column data":
            names = ["x", "lx", "s", "w"] + (["q", "k"] if in_loop else [])
        return f"{self.expression(names, 1)} > {self.expression(names, 1)}"

    def statements(self, names, state, indent, in_loop, depth):
        r = self.random
        lines = []
        for _ in range(r.randint(1, 4)):
            target = r.choice(state)
            kind = r.randrange(8)
            if kind < 3:
                lines.append(f"{indent}{target} = "
                             f"{self.expression(names, 3)};")
            elif kind < 5:
                other = r.choice(state)
                lines.append(f"{indent}if ({self.condition(names, in_loop)})"
                             f" {{\n{indent}  {target} = "
                             f"{self.expression(names, 2)};\n{indent}}}"
                             f" else {{\n{indent}  {other} = "
                             f"{self.expression(names, 2)};\n{indent}}}")
            elif kind == 5:
                lines.append(f"{indent}acc[me] += "
                             f"{self.expression(names, 2)};")
            elif depth > 0:
                trip = r.choice(["2u", "3u", "(x & 3u)", "(x % 5u)",
                                 "(s & 3u)", "(y & 1u) + 1u"])
                inner = self.statements(names + ["j"], state, indent + "  ",
                                        in_loop, depth - 1)
                lines.append(f"{indent}for (uint j = 0u; j < {trip}; ++j) "
                             f"{{\n{inner}\n{indent}}}")
        if not lines:
            lines.append(f"{indent}{r.choice(state)} ^= "
                         f"{self.expression(names, 2)};")
        return "\n".join(lines)

    def source(self):
        r = self.random
        state = ["v0", "v1", "v2"]
        base = ["x", "y", "s", "lx", "ly", "w"]
        lines = [
            f"// rows_differential.py, seed {self.seed}.",
            "__kernel void rows(__global const uint *a, __global const uint *b,",
            "                   __global uint *out, __global uint *acc, uint n,",
            "                   uint s) {",
            "  uint x = (uint)get_global_id(0);",
            "  uint y = (uint)get_global_id(1);",
            "  uint w = (uint)get_global_size(0);",
            "  uint lx = (uint)get_local_id(0);",
            "  uint ly = (uint)get_local_id(1);",
            "  uint me = y * w + x;"]
        for v in state:
            lines.append(f"  uint {v} = {self.expression(base, 2)};")
        if r.random() < 0.85:
            trip = "n"
            extra = r.random()
            if extra < 0.2:
                trip = "n + (x & 3u)"
            elif extra < 0.25:
                trip = "n + (y & 1u)"
            row = r.choice(["y", "y * 3u", "y * w"])
            column = r.choice(["x", "x * 2u", "x + w"])
            lines += [
                f"  for (uint k = 0u; k < {trip}; ++k) {{",
                f"    uint p = a[({row} * 17u + k) & {INPUT_COUNT - 1}u];",
                f"    uint q = b[(k * w + {column}) & {INPUT_COUNT - 1}u];",
                self.statements(state + base + ["p", "q", "k"], state,
                                "    ", True, 1),
                "  }"]
        lines.append(self.statements(state + base, state, "  ", False, 1))
        lines += ["  out[me] = v0 ^ (v1 * 3u) ^ (v2 * 7u);", "}"]
        return "\n".join(lines) + "\n"

    def case(self, source_name):
        r = self.random
        local = [r.choice([1, 2, 3, 4, 5, 7, 8, 12, 16, 20, 32, 33]),
                 r.choice([1, 2, 3, 4, 5, 7, 8, 9])]
        groups = [r.randint(1, 4), r.randint(1, 3)]
        size = [local[0] * groups[0], local[1] * groups[1]]
        items = size[0] * size[1]

        def random_buffer(count, seed, output=False):
            return {"buffer": "uint", "count": count, "init": "random",
                    "seed": seed, "range": [0, (1 << 32) - 1],
                    "output": output}
        return {
            "name": f"rows-{self.seed}", "source": source_name,
            "kernel": "rows",
            "global": size, "local": local,
            "args": [random_buffer(INPUT_COUNT, self.seed * 4 + 1),
                     random_buffer(INPUT_COUNT, self.seed * 4 + 2),
                     {"buffer": "uint", "count": items, "init": "zero",
                      "output": True},
                     random_buffer(items, self.seed * 4 + 3, output=True),
                     {"scalar": "uint", "value": r.randint(0, 24)},
                     {"scalar": "uint", "value": r.randrange(1 << 32)}]}


@dataclasses.dataclass
class Result:
    seed: int
    findings: list
    jammed: int = 0
    wide_jammed: int = 0
    pocl: str = ""


def run_loom(args, case, target, options, out):
    """The outputs of one loom-run, or a string saying why there are none."""
    command = [args.runner, str(case), "--repeat", "1", "--check-bounds",
               f"--target={target}", f"--build-options={options}",
               f"--out={out}"]
    try:
        run = subprocess.run(command, capture_output=True, text=True,
                             timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        return f"exit {run.returncode}: {last}"
    return read_outputs(out)


def read_outputs(out):
    return {p.name: p.read_bytes() for p in sorted(pathlib.Path(out).glob(
        "arg*.bin")) if not p.name.endswith(".in.bin")}


def count_variants(args, source, options):
    """Whether Vecz jammed the kernel, and gave it a wide jammed variant."""
    run = subprocess.run([args.loomc, str(source), "-Rpass=vecz", "-o",
                          "/dev/null"] + options.split(),
                         capture_output=True, text=True, timeout=args.timeout)
    return (bool(JAMMED.search(run.stderr)),
            bool(WIDE_JAMMED.search(run.stderr)))


def check(args, seed):
    directory = pathlib.Path(args.out) / f"seed-{seed}"
    directory.mkdir(parents=True, exist_ok=True)
    writer = KernelWriter(seed)
    source = directory / "kernel.cl"
    source.write_text(writer.source())
    case = directory / "case.json"
    case.write_text(json.dumps(writer.case(source.name), indent=1))
    result = Result(seed, [])
    reference = run_loom(args, case, *REFERENCE, directory / "reference")
    if isinstance(reference, str):
        result.findings.append(f"reference: {reference}")
        return result
    for target in TARGETS:
        for index, options in enumerate(OPTIONS):
            label = f"{target} '{options}'"
            got = run_loom(args, case, target, options,
                           directory / f"{target}-{index}")
            if isinstance(got, str):
                result.findings.append(f"{label}: {got}")
            elif got != reference:
                differing = [name for name in reference
                             if got.get(name) != reference[name]]
                result.findings.append(f"{label}: other outputs "
                                       f"({', '.join(differing)})")
    if args.loomc:
        for options in OPTIONS:
            jammed, wide = count_variants(args, source, options)
            result.jammed += jammed
            result.wide_jammed += wide
    if args.pocl:
        run = subprocess.run([args.pocl, str(case), "--repeat", "1",
                              "--out", str(directory / "pocl")],
                             capture_output=True, text=True,
                             timeout=args.timeout * 4)
        if run.returncode != 0:
            result.pocl = "pocl fails"
        elif read_outputs(directory / "pocl") != reference:
            result.pocl = "pocl differs"
            result.findings.append("pocl differs from the reference")
        else:
            result.pocl = "pocl agrees"
    return result


def parse_seeds(text):
    if ":" in text:
        first, end = text.split(":")
        return list(range(int(first), int(end)))
    return [int(s) for s in text.split(",")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runner", required=True, help="loom-run")
    parser.add_argument("--seeds", required=True)
    parser.add_argument("--loomc", help="loomc, to count the variants made")
    parser.add_argument("--pocl", help="pocl_run, a second reference")
    parser.add_argument("--out", default="rows-differential")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--require-jammed", type=int, default=0,
                        help="fail unless at least this many kernels were "
                        "jammed and given a wide jammed variant (needs "
                        "--loomc)")
    args = parser.parse_args()
    if args.require_jammed and not args.loomc:
        parser.error("--require-jammed needs --loomc")
    seeds = parse_seeds(args.seeds)
    findings = jammed = wide = both = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for result in pool.map(lambda s: check(args, s), seeds):
            counts = (f", jammed under {result.jammed} and wide jammed "
                      f"under {result.wide_jammed} of {len(OPTIONS)} "
                      f"options" if args.loomc else "")
            status = "FINDING" if result.findings else "agrees"
            pocl = f", {result.pocl}" if result.pocl else ""
            print(f"seed {result.seed}: {status}{counts}{pocl}", flush=True)
            for finding in result.findings:
                print(f"  {finding}", flush=True)
            findings += bool(result.findings)
            jammed += result.jammed > 0
            wide += result.wide_jammed > 0
            both += result.jammed > 0 and result.wide_jammed > 0
    coverage = (f"; {jammed} jammed and {wide} with a wide jammed variant "
                f"under some option" if args.loomc else "")
    print(f"{len(seeds)} kernels, {findings} with findings{coverage}")
    if both < args.require_jammed:
        print(f"only {both} kernels jammed with a wide jammed variant, "
              f"below --require-jammed {args.require_jammed}")
        return 1
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
