#!/usr/bin/env python3
"""SPIR-V as users make it gives what OpenCL C gives, for every kernel.

Every kernel file of test/e2e/kernels and every starter case of
../shared/peer is made into SPIR-V by the usual producer toolchain (Clang
15 with typed pointers, `-O0`, then llvm-spirv-15), which loomc must
compile, with the same kernels as the OpenCL C source. Then each kernel
runs through the driver (loom-run) from both, with the same arguments, and
every buffer must come out byte for byte the same:
- a kernel of test/e2e/kernels gets arguments made from its descriptor
  (`loomc --print-kernels`): buffers of 65536 elements of their own type
  (room for what a work-item writes past its id), filled with small random
  values (integers 0 to 7, so that values used as indices stay inside,
  floating point 0 to 1), scalars 3 or 1.5, local buffers of 16 KiB, 256
  work-items in groups of the required size or the driver's choice (one
  work-item for a kernel that requires groups of one); a
  kernel whose outputs differ between two runs of the OpenCL C build under
  those arguments (atomics racing) is reported, not compared; one with an
  argument a case cannot give (a vector or struct by value) is reported
  too;
- a starter case runs as its case file says.
The e2e tests check the OpenCL C results against models; this checks the
SPIR-V path matches them. Template kernel files get one instance each (the
defines below), as their tests give them several.

usage: spirv_equivalence.py LOOMC LOOM_RUN CLANG LLVM_SPIRV CLANG_INCLUDE
                            CSA_INCLUDE KERNELS_DIR PEER_CASES_DIR WORK_DIR
"""

import json
import pathlib
import re
import sys

from kernel_descriptors import parse_kernels, run

ELEMENTS = 65536
WORK_ITEMS = 256
LOCAL_BYTES = 16384
SCALAR_VALUES = {"char": 3, "uchar": 3, "short": 3, "ushort": 3, "int": 3,
                 "uint": 3, "long": 3, "ulong": 3, "float": 1.5,
                 "double": 1.5}

# Per kernel file: its OpenCL C version, the defines that make a template
# file one program, the target (csa_loops uses the CSA builtins), and the
# launches of kernels made for one shape (a tile size, a 3-D range), with
# the values of their scalar arguments in order.
FILES = {
    "atomics20": {"std": "CL2.0"},
    "barriers": {"launches": {
        "matmul_tiled": {"global": [16, 16], "local": [4, 4],
                         "scalars": [16]},
        "reverse_3d": {"global": [8, 6, 4], "local": [4, 3, 2]},
    }},
    "conversions": {"defines": ["-DSRC=float", "-DDST=int"]},
    "csa_loops": {"target": "csa"},
    "division": {"defines": ["-DT=int"]},
    "half": {"defines": ["-DT=float"]},
    "integer_bits": {"defines": ["-DT=int", "-DT4=int4"]},
    "stack": {"defines": ["-DPRIVATE=64"]},
}
# What the producer itself cannot make into SPIR-V, and why.
NOT_PRODUCED = {
    "atomics20": "llvm-spirv-15 fails an assertion on "
                 "atomic_compare_exchange of floats (SPIR-V 1.0 has only "
                 "integer ones)",
}


class Checker:
    def __init__(self, argv):
        (self.loomc, self.loom_run, self.clang, self.llvm_spirv,
         self.clang_include, self.csa_include) = argv[1:7]
        self.kernels_dir = pathlib.Path(argv[7])
        self.peer_dir = pathlib.Path(argv[8])
        self.work = pathlib.Path(argv[9])
        self.work.mkdir(parents=True, exist_ok=True)
        self.failures, self.notes = [], []
        self.compared = 0

    def fail(self, message):
        self.failures.append(message)

    def produce(self, source, std, defines, target):
        """The producer's SPIR-V of \\p source, or None (failure noted)."""
        bc = self.work / (source.stem + ".bc")
        spv = self.work / (source.stem + ".spv")
        includes = ["-I", self.csa_include] if target == "csa" else []
        status, output = run(
            [self.clang, "-cc1", "-no-opaque-pointers", "-triple",
             "spir64-unknown-unknown", "-emit-llvm-bc", "-O0",
             "-disable-O0-optnone", "-cl-std=" + std,
             "-finclude-default-header", "-fdeclare-opencl-builtins",
             "-internal-isystem", self.clang_include] + includes + defines +
            ["-o", str(bc), str(source)])
        if status != 0:
            self.fail("%s: Clang cannot make bitcode of it: %s" % (
                source.name, output.strip()[:300]))
            return None
        status, output = run([self.llvm_spirv, str(bc), "-o", str(spv)])
        if status != 0:
            why = NOT_PRODUCED.get(source.stem)
            if why:
                self.notes.append("%s: not made into SPIR-V: %s" % (
                    source.name, why))
            else:
                self.fail("%s: llvm-spirv-15 cannot make SPIR-V of it: %s" %
                          (source.name, output.strip()[:300]))
            return None
        if source.stem in NOT_PRODUCED:
            self.fail("%s: listed as not produced, but llvm-spirv-15 made it"
                      % source.name)
        return spv

    def build(self, module, target, options, binary):
        """Compiles \p module to \p binary; kernel name -> (argument
        Kernel), or None (failure noted)."""
        status, output = run([self.loomc, "--target=" + target,
                              "--print-kernels", str(module), "-o",
                              str(binary)] + options)
        if status != 0:
            self.fail("%s: loomc cannot compile it: %s" % (
                module.name, output.strip()[:400]))
            return None
        return parse_kernels(output)

    def run_case(self, case, binary, target, out):
        """Runs \p case on \p binary; the output files' bytes, or None and
        why."""
        case_file = self.work / (out + ".json")
        case_file.write_text(json.dumps(case))
        status, output = run([self.loom_run, str(case_file), "--target=" +
                              target, "--binary=" + str(binary), "--out",
                              str(self.work / out)])
        if status != 0:
            return None, output.strip()[-400:]
        files = sorted((self.work / out).glob("*.bin"))
        return [f.read_bytes() for f in files], None

    def compare(self, what, case, binaries, target, check_repeat):
        """Runs \p case on the OpenCL C and SPIR-V \p binaries."""
        from_source, from_spirv = binaries
        name = re.sub(r"\W", "_", what)
        first, why = self.run_case(case, from_source, target, name + ".cl1")
        if first is None:
            self.fail("%s: the OpenCL C build did not run: %s" % (what, why))
            return
        if check_repeat:
            second, why = self.run_case(case, from_source, target,
                                        name + ".cl2")
            if second != first:
                self.notes.append("%s: not compared, its outputs differ "
                                  "between two runs" % what)
                return
        got, why = self.run_case(case, from_spirv, target, name + ".spv")
        if got is None:
            self.fail("%s: the SPIR-V build did not run: %s" % (what, why))
        elif got != first:
            differs = [i for i, (a, b) in enumerate(zip(got, first)) if a != b]
            self.fail("%s: SPIR-V gives other outputs (output files %s)" % (
                what, differs))
        else:
            self.compared += 1

    def buffer(self, description, seed):
        m = re.search(r"\) (\w*?)(\d*)\*$", description)
        base, width = (m.group(1), int(m.group(2) or 1)) if m else ("", 1)
        arg = {"count": ELEMENTS * width, "init": "random", "seed": seed,
               "output": True}
        if base in ("float", "double"):
            return dict(arg, buffer=base, range=[0, 1])
        if base == "half":  # Positive halves below 1, as their bits.
            return dict(arg, buffer="ushort", range=[0, 0x3BFF])
        if base in SCALAR_VALUES:
            return dict(arg, buffer=base, range=[0, 7])
        return dict(arg, buffer="uchar", range=[0, 7])

    def case_for(self, kernel, described, launches):
        args = []
        for seed, description in enumerate(described.args):
            if description.startswith(("global buffer", "constant buffer")):
                args.append(self.buffer(description, seed))
            elif description.startswith("local buffer"):
                args.append({"local": LOCAL_BYTES})
            elif (m := re.fullmatch(r"scalar (\w+)", description)) and \
                    m.group(1) in SCALAR_VALUES:
                args.append({"scalar": m.group(1),
                             "value": SCALAR_VALUES[m.group(1)]})
            else:
                return None
        case = {"name": kernel, "source": "", "kernel": kernel,
                "global": [WORK_ITEMS], "args": args, "repeat": 1}
        if described.required == [1, 1, 1]:
            # Written for one work-item (the CSA target's loops): more
            # would race on the same elements.
            case["global"], case["local"] = [1], [1]
        elif described.required:
            case["global"] = [WORK_ITEMS] + described.required[1:]
            case["local"] = described.required
        launch = launches.get(kernel, {})
        case.update({k: launch[k] for k in ("global", "local") if k in launch})
        scalars = [a for a in args if "scalar" in a]
        for arg, value in zip(scalars, launch.get("scalars", [])):
            arg["value"] = value
        return case

    def check_kernel_file(self, source):
        settings = FILES.get(source.stem, {})
        std = settings.get("std", "CL3.0")
        defines = settings.get("defines", [])
        target = settings.get("target", "reference")
        spv = self.produce(source, std, defines, target)
        if spv is None:
            return
        binaries = (self.work / (source.stem + ".cl.o"),
                    self.work / (source.stem + ".spv.o"))
        from_source = self.build(source, target, ["-cl-std=" + std] + defines,
                                 binaries[0])
        from_spirv = self.build(spv, target, [], binaries[1])
        if from_source is None or from_spirv is None:
            return
        if sorted(from_source) != sorted(from_spirv):
            self.fail("%s: SPIR-V has kernels %s, OpenCL C %s" % (
                source.name, sorted(from_spirv), sorted(from_source)))
            return
        for kernel, described in sorted(from_source.items()):
            what = "%s:%s" % (source.stem, kernel)
            case = self.case_for(kernel, described,
                                 settings.get("launches", {}))
            if case is None:
                self.notes.append("%s: not run, an argument a case cannot "
                                  "give (%s)" % (what,
                                                  ", ".join(described.args)))
                continue
            case["source"] = str(source)
            self.compare(what, case, binaries, target, True)

    def check_starter_case(self, case_file):
        case = json.loads(case_file.read_text())
        source = (case_file.parent / case["source"]).resolve()
        spv = self.produce(source, "CL3.0", [], "csa")
        if spv is None:
            return
        case.update(source=str(source), repeat=1)
        options = case.get("build_options", "").split()
        binaries = (self.work / (case["name"] + ".case.cl.o"),
                    self.work / (case["name"] + ".case.spv.o"))
        if self.build(source, "csa", options, binaries[0]) is not None and \
                self.build(spv, "csa", options, binaries[1]) is not None:
            self.compare("case " + case["name"], case, binaries, "csa", False)


def main(argv):
    if len(argv) != 10:
        print(__doc__, file=sys.stderr)
        return 2
    checker = Checker(argv)
    files = sorted(checker.kernels_dir.glob("*.cl"))
    cases = sorted(checker.peer_dir.glob("*.json"))
    for source in files:
        checker.check_kernel_file(source)
    for case_file in cases:
        checker.check_starter_case(case_file)
    print("spirv-equivalence: %d kernel files and %d starter cases; %d "
          "kernels gave the same outputs from SPIR-V as from OpenCL C" % (
              len(files), len(cases), checker.compared))
    for note in checker.notes:
        print("  " + note)
    for failure in checker.failures:
        print("FAIL: " + failure)
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
