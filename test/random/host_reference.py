#!/usr/bin/env python3
"""Runs a CLsmith kernel as C on the host: a reference independent of
Loom and of pocl.

usage: host_reference.py --runtime DIR [--runtime DIR] [--cc CLANG]
                         [--no-sanitize] [--out DIR] KERNEL.cl

CLsmith's kernels outside its --vectors modes are C with OpenCL's
work-item functions, barriers and atomics. host_reference.h gives those
their meaning on the host, host_reference_main.c runs each work-group in
turn with a thread per work-item, and Clang compiles the kernel as C, with
UndefinedBehaviorSanitizer and AddressSanitizer: a kernel whose run has
undefined behaviour (CLsmith means to make none, and a reduction can
introduce some) or a barrier some work-items miss is reported as such, not
as a result. The kernel's `__local` variables become `static`, shared by
a group's threads. Prints the result buffer as loom-clsmith-run does, so
differential.py compares it with Loom's and pocl's (it runs it when pocl
and Loom disagree: doc/testing.md).

Exit status 0 with the result printed; 2 when the kernel does not compile
as C (a --vectors kernel, an argument this file does not know); otherwise
the run's: 1 for undefined behaviour the sanitizers saw, 4 for barrier
divergence.
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).absolute().parent
# What the sanitizers check. Csmith's own safe arithmetic shifts a signed 1
# into the sign bit to make INT64_MIN (safe_sub_func_int64_t_s_s), which
# every compiler folds as two's complement: not a reason to set a kernel
# apart.
SANITIZE = ["-fsanitize=undefined,address", "-fno-sanitize=shift-base",
            "-fno-sanitize-recover=all"]
# What the run's exit status means (see host_reference_main.c).
EXIT_STATUS = {1: "undefined", 4: "divergent-barrier", 5: "no-thread"}
# The environment of the run: AddressSanitizer's leak check would report
# nothing of the kernel's.
ENVIRONMENT = {"ASAN_OPTIONS": "detect_leaks=0"}


class Unsupported(Exception):
    """The kernel cannot run on the host: the message says why."""


def launch_sizes(first_line):
    """The global and local sizes of the kernel's first line (`// ... -g
    X,Y,Z -l X,Y,Z`), three each."""
    words = first_line.split()

    def sizes(flag):
        if flag not in words:
            raise Unsupported(f"no {flag} in the kernel's first line")
        values = [int(v) for v in words[words.index(flag) + 1].split(",")]
        return values + [1] * (3 - len(values))
    return sizes("-g"), sizes("-l"), words


def arguments(signature, words, global_size, local_size):
    """The C definitions of the kernel's arguments and the statements that
    fill them, made as loom-clsmith-run and cl_launcher make them; the
    result buffer first, named HostResult."""
    items = global_size[0] * global_size[1] * global_size[2]
    groups = items // (local_size[0] * local_size[1] * local_size[2])
    definitions, fills, names = [f"static ulong HostResult[{items}];"], [], []
    for parameter in signature.split(",")[1:]:
        name = parameter.split()[-1].lstrip("*")
        if name in ("g_atomic_input", "g_special_values"):
            counters = int(words[words.index("--atomics") + 1])
            definitions.append(f"static uint {name}[{counters * groups}];")
        elif name == "g_atomic_reduction":
            definitions.append(f"static int {name}[{groups}];")
        elif name == "emi_input":
            definitions.append(f"static int {name}[1024];")
            fills.append(f"for (int I = 0; I < 1024; ++I) {name}[I] = 1024 - I;")
        elif name == "sequence_input":
            largest = max(global_size)
            definitions.append(f"static int {name}[{largest}];")
            fills.append(f"for (int I = 0; I < {largest}; ++I) "
                         f"{name}[I] = 10 + I;")
        elif name == "g_comm_values":
            definitions.append(f"static long {name}[{items}];")
            fills.append(f"for (int I = 0; I < {items}; ++I) {name}[I] = 1;")
        else:
            raise Unsupported(f"an argument it does not know: {name}")
        names.append(name)
    return definitions, fills, ["HostResult"] + names


def shared_locals(text):
    """The kernel with the `__local` variables of its entry point's body
    made `static`, one copy for all the threads of a group."""
    entry = text.find("__kernel void entry(")
    if entry < 0:
        raise Unsupported("no entry point")
    body = re.sub(r"^(\s*)__local\b", r"\1static __local", text[entry:],
                  flags=re.M)
    return text[:entry] + body


def compile_kernel(kernel, runtime, out, cc="clang-15", sanitize=True,
                   timeout=None):
    """Writes the kernel as C in the folder out and compiles it there;
    returns the executable's path, or raises Unsupported."""
    text = kernel.read_text()
    global_size, local_size, words = launch_sizes(text.split("\n", 1)[0])
    signature = re.search(r"__kernel void entry\(([^)]*)\)", text)
    if not signature:
        raise Unsupported("no entry point")
    definitions, fills, names = arguments(signature.group(1), words,
                                          global_size, local_size)
    out.mkdir(parents=True, exist_ok=True)
    source = out / "kernel.c"
    source.write_text(shared_locals(text))
    executable = out / "kernel"
    defines = [f"-DHOST_{name}_{axis}={size}"
               for name, sizes in (("GLOBAL", global_size),
                                   ("LOCAL", local_size))
               for axis, size in zip("XYZ", sizes)]
    defines += [f"-DHOST_KERNEL=\"{source}\"",
                f"-DHOST_ARGUMENTS={' '.join(definitions)}",
                f"-DHOST_SET_ARGUMENTS={' '.join(fills) or ';'}",
                f"-DHOST_CALL=entry({', '.join(names)})"]
    # Unoptimized: a 1,700-line kernel compiles in a third of the time it
    # takes at -O1 with the sanitizers, and the host reference runs only
    # where the references disagree.
    command = [cc, "-std=gnu99", "-fgnu89-inline", "-w", "-g", "-O0",
               *(SANITIZE if sanitize else []),
               *[f"-I{d}" for d in [HERE, *runtime]], *defines,
               str(HERE / "host_reference_main.c"), "-o", str(executable),
               "-lpthread"]
    try:
        built = subprocess.run(command, capture_output=True, text=True,
                               timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Unsupported(f"{cc} took more than {timeout} s")
    if built.returncode != 0:
        # The linker's own lines name the missing symbol; Clang's last
        # line only says that the linker failed.
        first_error = next((line for line in built.stderr.splitlines()
                            if "error:" in line or
                            "undefined reference" in line),
                           built.stderr.strip())
        raise Unsupported(f"it does not compile as C: {first_error}")
    return executable


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0])
    parser.add_argument("kernel", type=pathlib.Path)
    parser.add_argument("--runtime", action="append", required=True,
                        help="CLsmith's runtime headers")
    parser.add_argument("--cc", default="clang-15")
    parser.add_argument("--no-sanitize", action="store_true")
    parser.add_argument("--out", type=pathlib.Path,
                        help="where the C kernel and its executable go "
                             "(default: host-<kernel's folder name>)")
    args = parser.parse_args()
    out = args.out or pathlib.Path(f"host-{args.kernel.parent.name}")
    try:
        executable = compile_kernel(args.kernel, args.runtime, out, args.cc,
                                    not args.no_sanitize)
    except Unsupported as reason:
        print(f"host_reference.py: {args.kernel}: {reason}", file=sys.stderr)
        return 2
    return subprocess.run([str(executable)],
                          env=dict(os.environ, **ENVIRONMENT)).returncode


if __name__ == "__main__":
    sys.exit(main())
