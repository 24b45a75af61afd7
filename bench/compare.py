#!/usr/bin/python3
"""Loom against pocl on every kernel case, with this machine's own limits.

Runs every case of ../shared/peer/cases, and of any case folders (or case
files) given on the command line, on Loom (loom-run) and on pocl
(../shared/peer/pocl_run) alternately for R rounds, and prints per case:
the fastest kernel time of each (the drivers' own timers: a mux query pool,
an OpenCL profiling event), pocl/Loom, the compile latency of each (Loom's
build of the case's kernel against pocl's build plus its first launch,
where pocl generates the kernel's code) and its ratio, Loom's bandwidth over the case's
buffers, its share of the ceiling that bounds the case, and whether the
outputs agree (../shared/peer/compare.py; NOT-A-REFERENCE for the cases
whose outputs pocl gets wrong, NOT_A_REFERENCE_ON_POCL); then the
geometric means. The
ceilings are the machine's, measured in the same run by
bench/native_limits.cpp at the start of each round, each figure the best
of the rounds (a shared machine's neighbours make one run's figures
vary by half): peak FMA throughput and OpenBLAS's sgemm for the
compute-bound cases (the matrix products: GFLOP/s over each), STREAM's
triad for the others (GB/s over the case's buffers, over the triad's).

A case may name, as "pocl_kernel", another kernel of its source for pocl
to run: an equivalent written without a feature pocl lacks (a sub-group
reduction's, with local memory and barriers), whose outputs must agree.
A case with image or sampler arguments (loom-run's extension of the
format) runs on pocl through opencl-run, and its output images agree when
their floats do within 1e-4.

The OpenCL columns: every case also runs through opencl-run
(bench/opencl_run.cpp), one host program on Loom's OpenCL platform and on
pocl's, alternating with the runs above, so that the two platforms are
compared through the same API calls, and their outputs against pocl_run's.
Outside --quick, clpeak (Debian's package) runs once on each platform after
the cases, and its figures go in the table too.

Writes the table as JSON (compare.json) and as a picture (compare.png:
pocl/Loom per case, a log scale, the 1.0 line) into --out. Without pocl it
runs Loom alone and says so. Prints figures only; it never fails on time,
only when a run fails or when outputs differ under --check.

The interpreter is Debian's (/usr/bin/python3), where Debian's
python3-matplotlib is importable (scripts/install-deps.sh installs it).

usage: bench/compare.py [--rounds R] [--repeat N] [--out DIR] [--quick]
                        [--check] [CASE-FOLDER-OR-FILE ...]
"""

import argparse
import json
import math
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PEER = ROOT.parent / "shared" / "peer"
BUILD = pathlib.Path(os.environ.get("LOOM_BUILD_DIR", ROOT / "build"))
LOOM_ICD = BUILD / "etc" / "OpenCL" / "vendors" / "loom.icd"

# --quick: two starter cases, small native sizes; a smoke run of the
# command itself, whose figures mean nothing.
QUICK_CASES = ("vadd_float", "reduce")
# The compute-bound cases: their flops from the case (2 n^3 for an n x n
# product of floats; n is the case's int argument). Every other case is set
# against the triad's bandwidth.
MATRIX_PRODUCTS = ("matmul_naive", "matmul_tiled")
# Cases whose outputs pocl gets wrong, so that its outputs are no
# reference for Loom's: their kernel times are compared, and Loom's
# outputs through OpenCL are compared with loom-run's instead.
# varying_trips: a barrier in a loop whose trip count varies per work-item,
# which OpenCL leaves undefined; pocl 3.1's outputs differ from what the
# loop computes on 245,773 of 262,144 elements (each work-item works on its
# own slot, so any meaning of the barrier gives the same result), and at
# other sizes pocl did not finish (doc/performance.md).
NOT_A_REFERENCE_ON_POCL = ("varying_trips",)
ELEMENT_BYTES = {"char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4,
                 "uint": 4, "long": 8, "ulong": 8, "float": 4, "double": 8,
                 "half": 2}


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=10,
                        help="timed launches per run")
    parser.add_argument("--out", default="bench-results",
                        help="folder for compare.json and compare.png")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: two cases, one round, small limits")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when outputs differ")
    parser.add_argument("cases", nargs="*",
                        help="case folders (every *.json) or case files")
    options = parser.parse_args()
    if options.quick:
        options.rounds, options.repeat = 1, 2
    if options.rounds < 1 or options.repeat < 1:
        parser.error("--rounds and --repeat must be positive")
    return options


def collect_cases(options):
    """The case files to run, starter cases first, each name once."""
    starter = sorted((PEER / "cases").glob("*.json"))
    if options.quick:
        starter = [c for c in starter if c.stem in QUICK_CASES]
    paths = list(starter)
    for given in options.cases:
        path = pathlib.Path(given)
        if path.is_dir():
            paths.extend(sorted(path.glob("*.json")))
        elif path.suffix == ".json" and path.is_file():
            paths.append(path)
        else:
            sys.exit(f"compare.py: error: {given}: not a case file or folder")
    seen, unique = set(), []
    for path in paths:
        if path.stem not in seen:
            seen.add(path.stem)
            unique.append(path)
    return unique


def run_json(command, environment=None):
    """Runs a driver's command and returns the JSON object it printed."""
    run = subprocess.run(command, capture_output=True, text=True,
                         env=environment)
    if run.returncode != 0:
        raise RuntimeError(f"{command[0]} failed ({run.returncode}): "
                           f"{run.stderr.strip()[-400:]}")
    return json.loads(run.stdout)


def opencl_available():
    """Whether the OpenCL runner is built (with Loom's OpenCL platform)."""
    return (BUILD / "bin" / "opencl-run").exists()


def pocl_available():
    """Whether pocl runs here: pocl_run built (build.sh builds it when
    Debian's pocl is installed) and pocl's OpenCL driver registered."""
    pocl_run = PEER / "pocl_run"
    if not pocl_run.exists() and (PEER / "build.sh").exists():
        subprocess.run([str(PEER / "build.sh")], capture_output=True)
    return (pocl_run.exists() and
            pathlib.Path("/etc/OpenCL/vendors/pocl.icd").exists())


def build_native_limits():
    """Builds native-limits if needed."""
    build = subprocess.run(["cmake", "--build", str(BUILD), "--target",
                            "native-limits"], capture_output=True, text=True)
    if build.returncode != 0:
        raise RuntimeError("cannot build native-limits: " +
                           build.stdout[-400:] + build.stderr[-400:])


def native_limits(quick, best=None):
    """The machine's limits from native-limits, each figure the best of this
    run's and `best`'s (the earlier rounds'): on a shared machine one
    run of a few milliseconds per figure may fall in a neighbour's busy
    moment (FMA peaks of 273 and 551 GFLOP/s from two runs here), and a
    ceiling below what a kernel reaches is no ceiling."""
    sizes = (["--stream-floats", "1048576", "--gemm-n", "128", "--repeat",
              "2"] if quick else [])
    native = run_json([str(BUILD / "bin" / "native-limits"), *sizes])
    if best:
        for key, value in native.items():
            if key.endswith(("_gflop_s", "_gb_s")):
                native[key] = max(value, best[key])
    return native


IMAGE_CHANNELS = {"R": 1, "RG": 2, "RGBA": 4, "BGRA": 4}
IMAGE_CHANNEL_BYTES = {"UNORM_INT8": 1, "UNSIGNED_INT8": 1, "HALF_FLOAT": 2,
                       "SIGNED_INT32": 4, "UNSIGNED_INT32": 4, "FLOAT": 4}


def image_bytes(arg):
    """Bytes of image argument \p arg's texels."""
    order, channel = arg["format"]
    return (math.prod(arg["size"]) * IMAGE_CHANNELS[order] *
            IMAGE_CHANNEL_BYTES[channel])


def buffer_bytes(case_path):
    """Bytes of all the case's buffers and images: what a streaming kernel
    moves."""
    case = json.loads(case_path.read_text())
    return sum(ELEMENT_BYTES.get(arg["buffer"], 4) * arg["count"]
               if "buffer" in arg else image_bytes(arg)
               for arg in case["args"] if "buffer" in arg or "image" in arg)


def uses_images(case_path):
    """Whether the case has image or sampler arguments, which pocl_run (the
    peer's runner) does not know: pocl runs it through opencl-run."""
    case = json.loads(case_path.read_text())
    return any("image" in arg or "sampler" in arg for arg in case["args"])


def images_agree(case_path, reference_dir, loom_dir):
    """The peer's verdict for an image case: each output image's floats
    within 1e-4 of the reference's (linear filtering's rounding differs
    between platforms), other outputs byte for byte."""
    import array
    case = json.loads(case_path.read_text())
    for index, arg in enumerate(case["args"]):
        if not arg.get("output"):
            continue
        name = f"arg{index}.bin"
        try:
            want = (reference_dir / name).read_bytes()
            got = (loom_dir / name).read_bytes()
        except OSError:
            return "ERROR"
        if "image" in arg and arg["format"][1] == "FLOAT":
            a, b = array.array("f", want), array.array("f", got)
            if len(a) != len(b) or any(abs(x - y) > 1e-4
                                       for x, y in zip(a, b)):
                return "MISMATCH"
        elif want != got:
            return "MISMATCH"
    return "MATCH"


def product_flops(case_path):
    """2 n^3 for a matrix-product case (n: its int argument), else None."""
    if case_path.stem not in MATRIX_PRODUCTS:
        return None
    case = json.loads(case_path.read_text())
    n = next(arg["value"] for arg in case["args"]
             if arg.get("scalar") == "int")
    return 2 * n ** 3


def ceiling_shares(case_path, row, native):
    """The case's share of the ceiling that bounds it: GFLOP/s over the
    FMA peak and over OpenBLAS's sgemm for a matrix product, else GB/s over
    the triad's."""
    flops = product_flops(case_path)
    loom_us = row["loom_kernel_us"]
    if flops and loom_us > 0:
        gflop_s = flops / loom_us / 1e3
        return {"loom_gflop_s": gflop_s,
                "share_of_peak": gflop_s / native["peak_float_gflop_s"],
                "share_of_sgemm": gflop_s / native["sgemm_gflop_s"]}
    if row["loom_gb_s"]:
        return {"share_of_triad": row["loom_gb_s"] / native["triad_gb_s"]}
    return {}


def describe_share(row):
    if "share_of_peak" in row:
        return (f"{row['share_of_peak']:.0%} peak, "
                f"{row['share_of_sgemm']:.0%} sgemm")
    if "share_of_triad" in row:
        return f"{row['share_of_triad']:.0%} triad"
    return ""


def outputs_agree(case_path, pocl_dir, loom_dir):
    if uses_images(case_path):
        return images_agree(case_path, pocl_dir, loom_dir)
    run = subprocess.run([str(PEER / "compare.py"), str(case_path),
                          str(pocl_dir), str(loom_dir)],
                         capture_output=True, text=True)
    lines = run.stdout.strip().splitlines()
    return lines[-1].split()[0] if lines else "ERROR"


def run_opencl(platform, case, out, options):
    """One case through opencl-run on the platform named \p platform."""
    environment = dict(os.environ)
    if platform == "Loom":
        environment["OCL_ICD_VENDORS"] = str(LOOM_ICD)
    return run_json([str(BUILD / "bin" / "opencl-run"), str(case),
                     "--platform", platform, "--out", str(out), "--repeat",
                     str(options.repeat), "--json"], environment)


def peer_case(case, scratch):
    """The case pocl runs: \p case, or, where it names one ("pocl_kernel"),
    the same with that kernel of its source, an equivalent written without
    a feature pocl lacks (sub-groups), whose outputs must agree: written
    with a copy of the source into scratch."""
    data = json.loads(case.read_text())
    if "pocl_kernel" not in data:
        return case
    data["kernel"] = data.pop("pocl_kernel")
    folder = scratch / "pocl-cases"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(case.parent / data["source"], folder / data["source"])
    path = folder / case.name
    path.write_text(json.dumps(data))
    return path


def measure(cases, options, with_pocl, with_opencl, scratch):
    """Per case: the runs' figures, Loom and pocl alternating each round;
    and the machine's limits, measured at the start of each round, each
    the best of the rounds."""
    native = None
    figures = {c.stem: {"loom": [], "pocl": [], "loom_opencl": [],
                        "pocl_opencl": []} for c in cases}
    for round_index in range(options.rounds):
        native = native_limits(options.quick, native)
        for case in cases:
            name = case.stem
            loom_out = scratch / "loom" / name
            figures[name]["loom"].append(run_json(
                [str(BUILD / "bin" / "loom-run"), str(case), "--out",
                 str(loom_out), "--repeat", str(options.repeat), "--json"]))
            if with_opencl:
                figures[name]["loom_opencl"].append(run_opencl(
                    "Loom", case, scratch / "loom-opencl" / name, options))
            if with_pocl and uses_images(case):
                figures[name]["pocl"].append(run_opencl(
                    "Portable", case, scratch / "pocl" / name, options))
            elif with_pocl:
                figures[name]["pocl"].append(run_json(
                    [str(PEER / "pocl_run"), str(peer_case(case, scratch)),
                     "--out", str(scratch / "pocl" / name), "--repeat",
                     str(options.repeat), "--json"]))
            if with_pocl and with_opencl:
                figures[name]["pocl_opencl"].append(run_opencl(
                    "Portable", peer_case(case, scratch),
                    scratch / "pocl-opencl" / name, options))
        print(f"round {round_index + 1} of {options.rounds} done",
              file=sys.stderr)
    return figures, native


def parse_clpeak(output):
    """{section: {line: figure}} of one device's clpeak output."""
    figures, section = {}, None
    for line in output.splitlines():
        text = line.strip()
        if not text or text.startswith(("Platform:", "Device:", "Driver",
                                          "Compute units", "Clock")):
            continue
        name, _, value = text.partition(":")
        value = value.strip().split()[0] if value.strip() else ""
        if not value:
            section = text.split("(")[0].strip()
            continue
        try:
            number_value = float(value)
        except ValueError:
            continue
        if not math.isfinite(number_value):
            continue  # a map timed at zero: no figure
        if name.strip() == "Kernel launch latency":
            section = "Kernel launch latency, us"
        figures.setdefault(section, {})[name.strip()] = number_value
    return figures


def run_clpeak(with_pocl):
    """clpeak's figures on Loom's first device and on pocl's, when clpeak
    is installed (scripts/install-deps.sh)."""
    clpeak = "/usr/bin/clpeak"
    if not os.path.exists(clpeak):
        return {}
    platforms = {"Loom": dict(os.environ, OCL_ICD_VENDORS=str(LOOM_ICD))}
    if with_pocl:
        platforms["pocl"] = dict(os.environ,
                                 OCL_ICD_VENDORS="/etc/OpenCL/vendors/pocl.icd")
    results = {}
    for name, environment in platforms.items():
        run = subprocess.run([clpeak, "-d", "0"], capture_output=True,
                             text=True, env=environment, timeout=1800)
        if run.returncode != 0:
            raise RuntimeError(f"clpeak on {name} failed: {run.stderr[-400:]}")
        results[name] = parse_clpeak(run.stdout)
    return results


def geomean(values):
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def summarize(cases, figures, with_pocl, native, scratch):
    rows = []
    for case in cases:
        runs = figures[case.stem]
        loom_us = min(r["kernel_us_min"] for r in runs["loom"])
        row = {"case": case.stem, "source": str(case),
               "loom_kernel_us": loom_us,
               "loom_kernel_us_median": statistics.median(
                   [r["kernel_us_median"] for r in runs["loom"]]),
               "loom_build_ms": statistics.median(
                   [r["build_ms"] for r in runs["loom"]]),
               "loom_gb_s": (buffer_bytes(case) / loom_us / 1e3
                             if loom_us > 0 else None)}
        if with_pocl:
            pocl_us = min(r["kernel_us_min"] for r in runs["pocl"])
            pocl_build = statistics.median(
                [r["build_ms"] + r["warmup_us"] / 1e3 for r in runs["pocl"]])
            row.update({
                "pocl_kernel_us": pocl_us,
                "pocl_kernel_us_median": statistics.median(
                    [r["kernel_us_median"] for r in runs["pocl"]]),
                "pocl_build_warmup_ms": pocl_build,
                "pocl_over_loom": pocl_us / loom_us if loom_us > 0 else None,
                "compile_pocl_over_loom": pocl_build / row["loom_build_ms"],
                "outputs": outputs_agree(case, scratch / "pocl" / case.stem,
                                         scratch / "loom" / case.stem)})
            if case.stem in NOT_A_REFERENCE_ON_POCL:
                row["outputs"] = "NOT-A-REFERENCE"
        if runs["loom_opencl"]:
            row["loom_opencl_kernel_us"] = min(
                r["kernel_us_min"] for r in runs["loom_opencl"])
            reference = "pocl"
            if case.stem in NOT_A_REFERENCE_ON_POCL:
                reference = "loom"
            if with_pocl or reference == "loom":
                row["opencl_outputs"] = outputs_agree(
                    case, scratch / reference / case.stem,
                    scratch / "loom-opencl" / case.stem)
        if runs["pocl_opencl"]:
            row["pocl_opencl_kernel_us"] = min(
                r["kernel_us_min"] for r in runs["pocl_opencl"])
            if row["loom_opencl_kernel_us"] > 0:
                row["opencl_pocl_over_loom"] = (row["pocl_opencl_kernel_us"] /
                                                row["loom_opencl_kernel_us"])
        row.update(ceiling_shares(case, row, native))
        rows.append(row)
    summary = {"pocl": with_pocl, "native": native, "cases": rows}
    if with_pocl:
        summary["geomean_pocl_over_loom"] = geomean(
            [r["pocl_over_loom"] for r in rows])
        summary["geomean_compile_pocl_over_loom"] = geomean(
            [r["compile_pocl_over_loom"] for r in rows])
        summary["geomean_opencl_pocl_over_loom"] = geomean(
            [r.get("opencl_pocl_over_loom") for r in rows])
    return summary


def number(value, digits=2):
    return "n/a" if value is None else f"{value:.{digits}f}"


def describe_native(native):
    mib = 2 ** 20
    return (f"ceilings ({native['threads']} threads, "
            f"{native['vector_bits']}-bit vectors): FMA peak float "
            f"{native['peak_float_gflop_s']:.0f} GFLOP/s, double "
            f"{native['peak_double_gflop_s']:.0f}; OpenBLAS "
            f"{native['gemm_n']}^2 sgemm {native['sgemm_gflop_s']:.0f} GFLOP/s,"
            f" dgemm {native['dgemm_gflop_s']:.0f}; triad "
            f"{native['triad_gb_s']:.1f} GB/s (streaming stores "
            f"{native['triad_streaming_gb_s']:.1f}, plain "
            f"{native['triad_plain_gb_s']:.1f}), copy "
            f"{native['copy_gb_s']:.1f} GB/s, 3 arrays of "
            f"{native['stream_floats'] * 4 / mib:.0f} MiB (last-level cache "
            f"{native['llc_bytes'] / mib:.0f} MiB)")


def print_table(summary, options):
    print(describe_native(summary["native"]))
    if not summary["pocl"]:
        print("pocl is not available here: Loom alone "
              "(../shared/peer/build.sh installs it)")
    header = (f"{'case':<22} {'loom us':>10} {'pocl us':>10} {'pocl/loom':>9} "
              f"{'loom build ms':>13} {'pocl build+wu ms':>16} "
              f"{'compile x':>9} {'loom GB/s':>9} {'of ceiling':>20} "
              f"{'CL loom us':>10} {'CL pocl us':>10} {'CL p/l':>6}  outputs")
    print(header)
    for row in summary["cases"]:
        print(f"{row['case']:<22} {number(row['loom_kernel_us'], 1):>10} "
              f"{number(row.get('pocl_kernel_us'), 1):>10} "
              f"{number(row.get('pocl_over_loom')):>9} "
              f"{number(row['loom_build_ms'], 1):>13} "
              f"{number(row.get('pocl_build_warmup_ms'), 1):>16} "
              f"{number(row.get('compile_pocl_over_loom'), 1):>9} "
              f"{number(row['loom_gb_s'], 1):>9} "
              f"{describe_share(row):>20} "
              f"{number(row.get('loom_opencl_kernel_us'), 1):>10} "
              f"{number(row.get('pocl_opencl_kernel_us'), 1):>10} "
              f"{number(row.get('opencl_pocl_over_loom')):>6}  "
              f"{row.get('outputs', 'n/a')}"
              f"{', OpenCL ' + row['opencl_outputs'] if 'opencl_outputs' in row else ''}")
    if summary["pocl"]:
        print(f"geomean pocl/loom: kernel "
              f"{number(summary['geomean_pocl_over_loom'])}, compile "
              f"{number(summary['geomean_compile_pocl_over_loom'])}, kernel "
              f"through OpenCL (CL, the same host program on both) "
              f"{number(summary['geomean_opencl_pocl_over_loom'])}")
    for platform, figures in summary.get("clpeak", {}).items():
        print(f"clpeak on {platform}: " + "; ".join(
            f"{section}: " + ", ".join(f"{name} {value:g}"
                                       for name, value in lines.items())
            for section, lines in figures.items()))
    print("(goals: matmul_naive at least 70% of sgemm, the streaming cases "
          "at least 90% of the triad)")
    print(f"(fastest kernel time of {options.rounds} alternating rounds of "
          f"{options.repeat} timed launches; build times are medians)")


def draw(summary, path):
    """Two panels: pocl/Loom per case on a log scale with the 1.0 line, and
    each case's share of its ceiling (the FMA peak and sgemm for the matrix
    products, the triad for the rest) with the 100% line."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"no picture: matplotlib is not importable by {sys.executable} "
              "(Debian: python3-matplotlib)", file=sys.stderr)
        return False
    cases = summary["cases"]
    figure, (ratio_axes, share_axes) = plt.subplots(
        2, 1, figsize=(max(6, 0.6 * len(cases) + 2), 8))
    rows = [r for r in cases if r.get("pocl_over_loom")]
    if rows:
        ratios = [r["pocl_over_loom"] for r in rows]
        colours = ["tab:green" if v >= 1 else "tab:red" for v in ratios]
        bars = ratio_axes.bar([r["case"] for r in rows], ratios,
                              color=colours)
        ratio_axes.bar_label(bars, fmt="%.2f", fontsize=8)
        ratio_axes.set_yscale("log")
        ratio_axes.axhline(1.0, color="black", linewidth=1)
        ratio_axes.set_ylabel("pocl kernel time / Loom kernel time")
        ratio_axes.tick_params(axis="x", labelrotation=60)
        title = (f"Loom against pocl: geomean "
                 f"{summary['geomean_pocl_over_loom']:.2f}x")
    else:
        ratio_axes.text(0.5, 0.5, "pocl not available: no ratios",
                        ha="center")
        title = "Loom alone"
    ratio_axes.set_title(title, fontsize=10)
    names, shares, colours = [], [], []
    for row in cases:
        for key, ceiling, colour in (("share_of_peak", "peak", "tab:orange"),
                                     ("share_of_sgemm", "sgemm", "tab:red"),
                                     ("share_of_triad", "triad", "tab:blue")):
            if key in row:
                names.append(f"{row['case']} / {ceiling}")
                shares.append(100 * row[key])
                colours.append(colour)
    bars = share_axes.bar(names, shares, color=colours)
    share_axes.bar_label(bars, fmt="%.0f", fontsize=8)
    share_axes.axhline(100, color="black", linewidth=1)
    share_axes.set_ylabel("% of the ceiling")
    share_axes.tick_params(axis="x", labelrotation=60)
    share_axes.set_title(describe_native(summary["native"]).replace(
        "; ", ";\n"), fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return True


def main():
    options = parse_arguments()
    cases = collect_cases(options)
    with_pocl = pocl_available()
    with_opencl = opencl_available()
    build_native_limits()
    out = pathlib.Path(options.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        try:
            figures, native = measure(cases, options, with_pocl,
                                      with_opencl, pathlib.Path(scratch))
        except RuntimeError as error:
            sys.exit(f"compare.py: error: {error}")
        summary = summarize(cases, figures, with_pocl, native,
                            pathlib.Path(scratch))
    summary.update({"rounds": options.rounds, "repeat": options.repeat})
    if not options.quick:
        summary["clpeak"] = run_clpeak(with_pocl)
    (out / "compare.json").write_text(json.dumps(summary, indent=1) + "\n")
    print_table(summary, options)
    drew = draw(summary, out / "compare.png")
    print(f"wrote {out / 'compare.json'}" +
          (f" and {out / 'compare.png'}" if drew else ""))
    differ = [r["case"] for r in summary["cases"]
              if r.get("outputs", "EQUAL") not in ("EQUAL",
                                                    "NOT-A-REFERENCE") or
              r.get("opencl_outputs", "EQUAL") != "EQUAL"]
    if differ:
        print("outputs differ: " + ", ".join(differ))
    return 1 if options.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
