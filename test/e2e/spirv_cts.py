#!/usr/bin/env python3
"""SPIR-V from the wild: every module of the OpenCL CTS's spirv_new folder.

Each module (../shared/spirv-cts/spv/*.spv) must either compile with loomc
or be refused with a clear message (exit status 1 and a line
`<file>: error: ...`); nothing may take loomc down (a signal, another exit
status, an error with no message, LLVM's crash report). Every kernel of a
module that compiles, unless it takes images or samplers, then runs once
through the driver (loom-run, 64 work-items, zeroed 64 KiB buffers, scalar
arguments 0), which must not crash either: the CTS modules alone do not say
what their outputs should be, so only that they run is checked.

Which modules compile is held to the list in spirv-cts-expected.txt, so a
module that stops compiling (or starts) fails the test until the list says
so; `--update` rewrites the list. Prints the counts, and why each refused
module was refused.

usage: spirv_cts.py LOOMC LOOM_RUN CTS_DIR EXPECTED WORK_DIR [--update]
"""

import json
import pathlib
import re
import sys

from kernel_descriptors import parse_kernels, run

WORK_ITEMS = 64
BUFFER_BYTES = 65536
SCALARS = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
           "float", "double"}
CRASH_SIGNS = ("PLEASE submit a bug report", "Stack dump", "LLVM ERROR")


def crashed(status, output):
    """Why \\p output and \\p status show a crash, or None."""
    if status is None:
        return output
    if status < 0:
        return "killed by signal %d" % -status
    if status not in (0, 1):
        return "exit status %d" % status
    for sign in CRASH_SIGNS:
        if sign in output:
            return "printed '%s'" % sign
    if status == 1 and not re.search(r"(^|: )error: ", output, re.M):
        return "failed without an error message"
    return None


def case_argument(description):
    """The kernel-case argument for one --print-kernels argument, or None
    when the driver cannot be given one (an image, a sampler, a struct)."""
    if description.startswith(("global buffer", "constant buffer")):
        return {"buffer": "uchar", "count": BUFFER_BYTES}
    if description.startswith("local buffer"):
        return {"local": BUFFER_BYTES}
    if m := re.fullmatch(r"scalar (\w+)", description):
        if m.group(1) in SCALARS:
            return {"scalar": m.group(1), "value": 0}
    return None


def run_kernels(loom_run, module, kernels, work):
    """Runs each kernel it can; returns (kernels run, skipped, failures)."""
    ran, skipped, failures = 0, 0, []
    for name, kernel in kernels.items():
        args = [case_argument(d) for d in kernel.args]
        if None in args:
            skipped += 1
            continue
        case = {"name": name, "source": str(module), "kernel": name,
                "global": [WORK_ITEMS], "args": args, "repeat": 1}
        case_file = work / ("%s.%s.json" % (module.stem, name))
        case_file.write_text(json.dumps(case))
        status, output = run([loom_run, str(case_file),
                              "--out", str(work / "out")])
        if status != 0:
            failures.append("%s: kernel %s did not run: %s" % (
                module.name, name,
                crashed(status, output) or output.strip().splitlines()[-1]))
        else:
            ran += 1
    return ran, skipped, failures


def main(argv):
    update = "--update" in argv
    argv = [a for a in argv if a != "--update"]
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    loomc, loom_run = argv[1], argv[2]
    modules = sorted(pathlib.Path(argv[3]).glob("*.spv"))
    expected_file, work = pathlib.Path(argv[4]), pathlib.Path(argv[5])
    work.mkdir(parents=True, exist_ok=True)
    if not modules:
        print("spirv-cts: no modules in %s" % argv[3], file=sys.stderr)
        return 1

    outcomes, failures, refusals = {}, [], []
    ran = skipped = 0
    for module in modules:
        status, output = run([loomc, "--target=reference", "--print-kernels",
                              str(module), "-o", str(work / "module.o")])
        if why := crashed(status, output):
            failures.append("%s: loomc crashed: %s" % (module.name, why))
            outcomes[module.stem] = "crashes"
            continue
        if status == 1:
            outcomes[module.stem] = "refused"
            first = next(l for l in output.splitlines()
                         if re.search(r"(^|: )error: ", l))
            reason = first[first.find("error: ") + 7:]
            refusals.append(re.sub(r" \(word \d+\)", "", reason)[:160])
            continue
        outcomes[module.stem] = "compiles"
        r, s, f = run_kernels(loom_run, module, parse_kernels(output), work)
        ran, skipped = ran + r, skipped + s
        failures += f

    listed = "".join("%s %s\n" % item for item in sorted(outcomes.items()))
    if update:
        expected_file.write_text(listed)
    expected = dict(line.split() for line in
                    expected_file.read_text().splitlines() if line.strip())
    for name, outcome in sorted(outcomes.items()):
        if name in expected and expected[name] != outcome:
            failures.append("%s: %s, the list says it %s" % (
                name, outcome, expected[name]))
    for name in sorted(set(expected) - set(outcomes)):
        failures.append("%s: listed, but not in the folder" % name)

    count = lambda what: sum(o == what for o in outcomes.values())
    print("spirv-cts: %d modules: %d compile, %d refused with a message, "
          "%d crash; %d kernels ran through the driver, %d not run (images, "
          "samplers or arguments a kernel case cannot give)" % (
              len(outcomes), count("compiles"), count("refused"),
              count("crashes"), ran, skipped))
    for reason in sorted(set(refusals)):
        print("  refused %dx: %s" % (refusals.count(reason), reason))
    for failure in failures:
        print("FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
