#!/usr/bin/env python3
"""Throughput of each OpenCL C builtin on Loom against pocl.

For every builtin of the math, common, geometric and integer families, in
each element type (float and double; int for the integer ones) and in two
forms (scalar, and the widest vector: 16 lanes, 4 for geometric), writes a
kernel case (../shared/peer/CASES.md) that applies it to 256K elements,
then runs all the cases through bench/compare_pocl.sh (Loom and pocl
interleaved, outputs compared) and prints one Markdown table: pocl's kernel
time over Loom's, per builtin and form (above 1: Loom is faster). Prints
figures only; it never fails on time.

usage: bench/builtins.py [--family math|common|geometric|integer] ...
                         [--only NAME ...] [--rounds R] [--repeat N]
                         [--cases-dir DIR] [--build-options OPTIONS]
--build-options builds every kernel, on both platforms, with OPTIONS
(-cl-fast-relaxed-math for the relaxed-math table of doc/math.md).
Builtins that write through a pointer (frexp, modf, sincos, ...) and the
half_/native_ variants are not measured.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ELEMENTS = 262144

# name: (signature, [range of each argument]). Signatures: u f(x), b f(x, y),
# t f(x, y, z), n f(x, int n); a range of None is the default.
MATH = {
    "acos": ("u", [(-1, 1)]), "acosh": ("u", [(1, 100)]),
    "acospi": ("u", [(-1, 1)]), "asin": ("u", [(-1, 1)]),
    "asinh": ("u", [None]), "asinpi": ("u", [(-1, 1)]), "atan": ("u", [None]),
    "atan2": ("b", [None, None]), "atanh": ("u", [(-1, 1)]),
    "atanpi": ("u", [None]), "atan2pi": ("b", [None, None]),
    "cbrt": ("u", [None]), "ceil": ("u", [None]),
    "copysign": ("b", [None, None]), "cos": ("u", [None]),
    "cosh": ("u", [(-20, 20)]), "cospi": ("u", [None]),
    "erfc": ("u", [(-5, 5)]), "erf": ("u", [(-5, 5)]),
    "exp": ("u", [(-20, 20)]), "exp2": ("u", [(-20, 20)]),
    "exp10": ("u", [(-20, 20)]), "expm1": ("u", [(-20, 20)]),
    "fabs": ("u", [None]), "fdim": ("b", [None, None]), "floor": ("u", [None]),
    "fma": ("t", [None, None, None]), "fmax": ("b", [None, None]),
    "fmin": ("b", [None, None]), "fmod": ("b", [None, (1, 10)]),
    "hypot": ("b", [None, None]), "ldexp": ("n", [None, (-10, 10)]),
    "lgamma": ("u", [(0.1, 30)]), "log": ("u", [(0.001, 1000)]),
    "log2": ("u", [(0.001, 1000)]), "log10": ("u", [(0.001, 1000)]),
    "log1p": ("u", [(-0.5, 1000)]), "logb": ("u", [None]),
    "mad": ("t", [None, None, None]), "maxmag": ("b", [None, None]),
    "minmag": ("b", [None, None]), "nextafter": ("b", [None, None]),
    "pow": ("b", [(0.1, 10), (-5, 5)]), "pown": ("n", [(0.1, 10), (-5, 5)]),
    "powr": ("b", [(0.1, 10), (-5, 5)]), "remainder": ("b", [None, (1, 10)]),
    "rint": ("u", [None]), "rootn": ("n", [(0.1, 100), (1, 5)]),
    "round": ("u", [None]), "rsqrt": ("u", [(0.001, 1000)]),
    "sin": ("u", [None]), "sinh": ("u", [(-20, 20)]), "sinpi": ("u", [None]),
    "sqrt": ("u", [(0, 1000)]), "tan": ("u", [None]),
    "tanh": ("u", [(-20, 20)]), "tanpi": ("u", [None]),
    "tgamma": ("u", [(0.1, 30)]), "trunc": ("u", [None]),
}
COMMON = {
    "clamp": ("u", [None]), "degrees": ("u", [None]), "max": ("b", [None] * 2),
    "min": ("b", [None] * 2), "mix": ("t", [None, None, (0, 1)]),
    "radians": ("u", [None]), "sign": ("u", [None]),
    "smoothstep": ("u", [(-2, 2)]), "step": ("b", [None, None]),
}
GEOMETRIC = {
    "dot": "b", "cross": "b", "distance": "b", "length": "u", "normalize": "u",
}
INTEGER = {
    "abs": ("u", [None]), "abs_diff": ("b", [None] * 2),
    "add_sat": ("b", [None] * 2), "hadd": ("b", [None] * 2),
    "rhadd": ("b", [None] * 2), "clamp": ("u", [None]),
    "clz": ("u", [None]), "mad_hi": ("t", [None] * 3),
    "mad_sat": ("t", [None] * 3), "max": ("b", [None] * 2),
    "min": ("b", [None] * 2), "mul_hi": ("b", [None] * 2),
    "rotate": ("b", [None, (0, 31)]), "sub_sat": ("b", [None] * 2),
    "popcount": ("u", [None]), "mad24": ("t", [(-4000, 4000)] * 3),
    "mul24": ("b", [(-4000, 4000)] * 2),
}
# Calls whose extra arguments are constants, so that any input is valid.
FIXED = {
    ("common", "clamp"): "clamp({0}, ({1})-1, ({1})1)",
    ("common", "smoothstep"): "smoothstep(({1})-1, ({1})1, {0})",
    ("integer", "clamp"): "clamp({0}, ({1})-1000, ({1})1000)",
}
ARITY = {"u": 1, "b": 2, "t": 3, "n": 2}


def kernel_source(family, name, sig, scalar, width):
    """A kernel `k` applying the builtin to each element (or vector)."""
    vector = f"{scalar}{width}" if width > 1 else scalar
    params = [f"__global const {scalar} *a{k}" for k in range(ARITY[sig])]
    if sig == "n":
        params[1] = "__global const int *a1"
    load = (lambda k: f"vload{width}(i, a{k})") if width > 1 else (
        lambda k: f"a{k}[i]")
    args = [load(k) for k in range(ARITY[sig])]
    if (family, name) in FIXED:
        call = FIXED[(family, name)].format(args[0], scalar)
    else:
        call = f"{name}({', '.join(args)})"
    scalar_result = family == "geometric" and name in ("dot", "distance",
                                                       "length")
    if width > 1 and not scalar_result:
        store = f"vstore{width}({call}, i, out);"
    else:
        store = f"out[i] = {call};"
    pragma = ("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
              if scalar == "double" else "")
    return (f"{pragma}__kernel void k({', '.join(params)}, "
            f"__global {scalar} *out) {{\n"
            f"  size_t i = get_global_id(0);\n  {store}\n}}\n"), scalar_result


def default_range(scalar):
    return (-100000, 100000) if scalar == "int" else (-100, 100)


def make_case(directory, build_options, family, name, sig, ranges, scalar,
              width):
    source, scalar_result = kernel_source(family, name, sig, scalar, width)
    label = f"{family}.{name}.{scalar}{width if width > 1 else ''}"
    (directory / f"{label}.cl").write_text(source)
    args = []
    for k in range(ARITY[sig]):
        element = "int" if sig == "n" and k == 1 else scalar
        low, high = ranges[k] or default_range(element)
        args.append({"buffer": element, "count": ELEMENTS, "init": "random",
                     "seed": 11 + k, "range": [low, high]})
    args.append({"buffer": scalar,
                 "count": ELEMENTS // width if scalar_result else ELEMENTS,
                 "init": "zero", "output": True})
    case = {"name": label, "source": f"{label}.cl", "kernel": "k",
            "global": [ELEMENTS // width], "local": None, "args": args}
    if build_options:
        case["build_options"] = build_options
    if family == "geometric":
        # pocl sums in float, Loom in double: products that cancel differ.
        case["tolerance"] = {"ulp": 64, "abs": 1e-3}
    elif scalar != "int":
        case["tolerance"] = {"ulp": 64, "abs": 1e-30}
    path = directory / f"{label}.json"
    path.write_text(json.dumps(case, indent=1))
    return path


def all_cases(families, only):
    for family, table, types, widest in (
            ("math", MATH, ("float", "double"), 16),
            ("common", COMMON, ("float", "double"), 16),
            ("geometric", {n: (s, [None] * ARITY[s])
                           for n, s in GEOMETRIC.items()},
             ("float", "double"), 4),
            ("integer", INTEGER, ("int",), 16)):
        if family not in families:
            continue
        for name, (sig, ranges) in table.items():
            if only and name not in only:
                continue
            for scalar in types:
                widths = (widest,) if family == "geometric" else (1, widest)
                for width in widths:
                    yield family, name, sig, ranges, scalar, width


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", action="append",
                        choices=["math", "common", "geometric", "integer"])
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--cases-dir")
    parser.add_argument("--build-options", default="")
    options = parser.parse_args()
    families = options.family or ["math", "common", "geometric", "integer"]
    root = pathlib.Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as scratch:
        directory = pathlib.Path(options.cases_dir or scratch)
        directory.mkdir(parents=True, exist_ok=True)
        paths = [make_case(directory, options.build_options, *c)
                 for c in all_cases(families, set(options.only))]
        env = dict(os.environ, LOOM_CASES=" ".join(map(str, paths)))
        run = subprocess.run(
            [str(root / "bench" / "compare_pocl.sh"), "--repeat",
             str(options.repeat), "--rounds", str(options.rounds)],
            env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stdout + run.stderr)
        return run.returncode
    print_table(run.stdout)
    return 0


def print_table(output):
    """compare_pocl.sh's rows as one line per builtin, a column per form."""
    ratios, columns, rows = {}, [], []
    for line in output.splitlines():
        fields = line.split()
        if len(fields) != 7 or fields[0].count(".") != 2:
            continue
        family, name, form = fields[0].split(".")
        verdict = "" if fields[6] == "EQUAL" else f" ({fields[6]})"
        ratios[(family, name, form)] = fields[5] + verdict
        if form not in columns:
            columns.append(form)
        if (family, name) not in rows:
            rows.append((family, name))
    print("| builtin | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    for family, name in rows:
        cells = [ratios.get((family, name, c), "") for c in columns]
        print(f"| {family} {name} | " + " | ".join(cells) + " |")
    print("\n(pocl's kernel time over Loom's, 256K elements; one run of "
          "bench/builtins.py)")


if __name__ == "__main__":
    sys.exit(main())
