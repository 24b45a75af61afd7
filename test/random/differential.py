#!/usr/bin/env python3
"""Random differential testing of Loom with CLsmith kernels.

usage: differential.py --clsmith BIN --runtime DIR --runner BIN
                       (--seeds FIRST:END|S,S,... [--modes M,...]
                        | --kernels MODE:SEED,...)
                       [--pocl CL_LAUNCHER] [--host CC] [--out DIR]
                       [--timeout SECONDS]
                       [--slowdown FACTOR] [--unoptimized-slowdown FACTOR]
                       [--reference-timeout SECONDS]
                       [--compile-timeout SECONDS] [--compile-slowdown FACTOR]
                       [--no-check-bounds] [--variants] [--jobs N]

For each mode and seed, CLsmith generates a kernel (written as kernel.cl:
it is OpenCL C, whatever CLsmith names it), and loom-clsmith-run runs it in
a process of its own in every configuration: each target, scalar
(-cl-wfv=never), with the default options, with Vecz forced at 4, 8 and 16,
and at -cl-opt-disable (with --variants, also with Vecz's jammed, wide and
scalarized variants forced), with bounds-checked buffers unless
--no-check-bounds. The scalar run on the first target is the
reference; with --pocl, CLsmith's own host program runs the kernel on pocl
as a second reference. With --host, when pocl disagrees with Loom or is
not given, the kernel also runs as C on the host (host_reference.py,
compiled by CC with sanitizers; not for the --vectors modes), a reference
independent of both.

A finding is a Loom configuration that crashes, does not compile where the
reference did, runs more than --slowdown times as long as the reference
(and past --timeout seconds; at -cl-opt-disable, --unoptimized-slowdown
times that), or gives another result buffer. Runs are timed without their
compile, which may take --compile-timeout seconds besides: a compile
--compile-slowdown times as long as the reference's is listed, and one
past --compile-timeout leaves its configuration unchecked and counted,
neither a finding (compile time is no soundness matter). Limits count
the CPU time a run uses, all its threads, so that a campaign beside a build
is not cut short by it; the wall clock stops only a run that waits without
computing, at four times its limit. Set apart,
not findings: a kernel the reference cannot compile (CLsmith emits some
that no compiler takes, e.g. `emi_input` without --emi), a kernel whose
reference's run takes longer than --reference-timeout (Csmith's programs need not end
soon: such kernels ran as long on pocl), a kernel where every Loom
configuration agrees and pocl alone differs or fails (listed, to be looked
at: see doc/testing.md; "pocl-wrong" when the host reference agrees with
Loom), one whose only findings are -cl-opt-disable runs past their
limit, or crashing, when pocl, unoptimized too (cl_launcher's
---disable_opts), does the same (listed: slow unoptimized on both, not
shown wrong; or a crash of code that unoptimized code evaluates, such as a
discarded load through a null pointer), and one whose only findings are
results that differ with Vecz when pocl agrees with the reference, in an
`--atomics` kernel with an atomic section that writes its work-item's
state, which makes the result depend on how the work-items' atomics
interleave (listed). Where every Loom configuration
agrees but the host reference agrees with pocl against them, or differs
from Loom when there is no pocl, that is a finding. A mode CLsmith refuses, a seed it crashes on,
or one it does not finish generating in two minutes, makes no kernel. With --jobs N, N
kernels are checked at a time, and every run (Loom's and pocl's) has one
worker thread, so that runs do not compete for cores and each is timed as
fairly against the reference as alone. Prints a line per kernel and a
table per mode, and exits 1 if there was any finding.
"""
import argparse
import concurrent.futures
import dataclasses
import os
import pathlib
import re
import signal
import subprocess
import sys
import threading
import time

import host_reference

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
UNOPTIMIZED = "-cl-opt-disable"
OPTIONS = ["-cl-wfv=never", "", "-cl-wfv=always -vecz-width=4",
           "-cl-wfv=always -vecz-width=8", "-cl-wfv=always -vecz-width=16",
           UNOPTIMIZED]
# Vecz's other variants, forced (--variants): rows jammed, vectors side by
# side, both (a wide jammed variant beside the jammed one), the scalarized
# layout, and the tail variant (a row's last work-items as one masked
# vector).
VARIANTS = ["-cl-wfv=always -vecz-width=8 -vecz-rows=2",
            "-cl-wfv=always -vecz-width=4 -vecz-interleave=2",
            "-cl-wfv=always -vecz-width=4 -vecz-rows=4 -vecz-interleave=2",
            "-cl-wfv=always -vecz-width=8 -vecz-layout=scalarized",
            "-cl-wfv=always -vecz-width=16 -vecz-tail=always"]
# Kernels set apart, each counted in a column of its own.
SET_APART = ["reference-compile", "reference-timeout", "pocl-differs",
             "pocl-fails", "pocl-wrong", "unoptimized-slow-on-pocl-too",
             "unoptimized-crashes-on-pocl-too", "atomic-section-writes-state"]
# An atomic section of CLsmith's --atomics mode: the block run by the
# work-item whose increment returns the given count.
ATOMIC_SECTION = re.compile(r"if \(\(atomic_inc\(&p_\d+->[lg]_atomic_input"
                            r"\[[^\]]*\]\) == \d+\)\)")
# A write to a field of the work-item's state (CLsmith's globals, in the
# struct p_N points to): an assignment, compound or not, or ++/--.
STATE_WRITE = re.compile(
    r"p_\d+->g_\d+(?:\[[^\]]*\])*\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)"
    r"|(?:\+\+|--)\s*p_\d+->g_\d+"
    r"|p_\d+->g_\d+(?:\[[^\]]*\])*\s*(?:\+\+|--)")
# The modes whose kernels use vector types, which the host reference
# (host_reference.py) does not run.
VECTOR_MODES = {"vectors", "vectors_barriers"}
POCL_ICD = "/etc/OpenCL/vendors/pocl.icd"
# What loom-clsmith-run prints on standard error once the kernel compiled.
COMPILED = re.compile(r"compiled in ([0-9.]+) s")
# A fault the driver caught in kernel code (a trap, an arithmetic
# exception, an invalid access) ends the launch with a message naming the
# kernel and the signal (doc/overview.md, "A kernel that faults"): a crash,
# as much as one that takes the process down. A bounds fault names no
# signal and stays a failed run.
CAUGHT_FAULT = re.compile(r"kernel '[^']*' [^\n]*?\((SIG[A-Z]+)\)")


@dataclasses.dataclass
class LoomRun:
    status: str
    output: str
    compile_seconds: float
    run_seconds: float


# Limits count the CPU time a run uses, so that a campaign sharing the
# machine with a build is not cut short by it; the wall clock bounds only a
# run that waits without computing (a deadlock), at this many times its
# limit.
WALL_FACTOR = 4
POLL_SECONDS = 0.2
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """The CPU time the process has used so far, all its threads counted,
    or None once it has ended."""
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The fields after the command's closing parenthesis start at the
    # third, the state; utime and stime are the 14th and 15th (proc(5)).
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def ended_within(pid, cpu_limit, wait):
    """Calls wait(seconds), which says whether what is awaited happened,
    until it does (True) or the process has used cpu_limit CPU seconds more
    than when the call began, or WALL_FACTOR times that on the wall clock
    (False)."""
    start_cpu, start = cpu_seconds(pid) or 0.0, time.monotonic()
    while not wait(POLL_SECONDS):
        used = cpu_seconds(pid)
        if used is not None and used - start_cpu > cpu_limit:
            return False
        if time.monotonic() - start > WALL_FACTOR * cpu_limit:
            return False
    return True


def process_ended(p):
    def wait(seconds):
        try:
            p.wait(seconds)
            return True
        except subprocess.TimeoutExpired:
            return False
    return wait


def run_on_loom(args, kernel, target, options, compile_limit, run_limit):
    """A configuration's run, its compile and its run timed apart:
    loom-clsmith-run says when the compile ended; the compile may use
    compile_limit CPU seconds and the run then run_limit, past which it is
    a "timeout"."""
    include = " ".join("-I" + d for d in args.runtime)
    command = [args.runner, str(kernel), target,
               f"-w {include} {options}".strip()]
    start = time.monotonic()
    with subprocess.Popen(command, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True,
                          env=args.env) as p:
        printed, output = [], []
        compiled = threading.Event()  # or the process ended

        def read_printed():
            for line in p.stderr:
                printed.append(line)
                if COMPILED.search(line):
                    compiled.set()
            compiled.set()

        readers = [threading.Thread(target=read_printed),
                   threading.Thread(target=lambda: output.append(
                       p.stdout.read()))]
        for reader in readers:
            reader.start()
        compile_timed_out = not ended_within(p.pid, compile_limit,
                                             compiled.wait)
        timed_out = compile_timed_out
        ran_from = time.monotonic()
        if not timed_out:
            timed_out = not ended_within(p.pid, run_limit, process_ended(p))
        if timed_out:
            p.kill()
        p.wait()
        for reader in readers:
            reader.join()
    end = time.monotonic()
    text = "".join(printed)
    match = COMPILED.search(text)
    compile_seconds = float(match.group(1)) if match else end - start
    run_seconds = end - ran_from if match else 0.0
    if timed_out:
        return LoomRun("compile-timeout" if compile_timed_out else "timeout",
                       "", compile_seconds, run_seconds)
    if p.returncode == 0:
        return LoomRun("ok", output[0], compile_seconds, run_seconds)
    return LoomRun(loom_status(p.returncode, text), text, compile_seconds,
                   run_seconds)


def loom_status(returncode, text):
    """What a loom-clsmith-run that exited with RETURNCODE (negative: killed
    by a signal) after printing TEXT failed of: crash:SIGNAL, compile, run
    or error."""
    if returncode < 0:
        return "crash:" + signal.Signals(-returncode).name
    fault = CAUGHT_FAULT.search(text) if returncode == 3 else None
    if fault:
        return "crash:" + fault.group(1)
    return {2: "compile", 3: "run"}.get(returncode, "error")


def result_values(text):
    """The result buffer's values, whichever runner printed them: Loom's
    prints one a line, cl_launcher separates them with commas."""
    return [int(word, 16) for word in text.replace(",", " ").split()]


def generate(clsmith, mode, seed, folder):
    folder.mkdir(parents=True, exist_ok=True)
    generated = folder / "CLProg.c"
    generated.unlink(missing_ok=True)
    try:
        made = subprocess.run([clsmith, "--seed", str(seed)] + MODES[mode],
                              cwd=folder, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None  # CLsmith itself loops on a few seeds.
    # It crashes on a few others (inter_thread_comm seed 1233: SIGSEGV),
    # leaving the kernel half written, without its entry point.
    if made.returncode != 0 or not generated.exists():
        return None
    kernel = folder / "kernel.cl"
    kernel.write_text(generated.read_text())
    return kernel


def run_limited(command, cpu_limit, env, cwd=None):
    """Runs command until it ends or has used cpu_limit CPU seconds (all
    its threads); returns whether it ran past the limit, its exit status
    and what it printed on standard output and standard error."""
    with subprocess.Popen(command, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=env,
                          cwd=cwd) as p:
        printed = {}
        readers = [threading.Thread(target=lambda name=name, stream=stream:
                                    printed.__setitem__(name, stream.read()))
                   for name, stream in (("out", p.stdout),
                                        ("err", p.stderr))]
        for reader in readers:
            reader.start()
        timed_out = not ended_within(p.pid, cpu_limit, process_ended(p))
        if timed_out:
            p.kill()
        p.wait()
        for reader in readers:
            reader.join()
    return timed_out, p.returncode, printed["out"], printed["err"]


def run_on_pocl(args, kernel, cpu_limit, unoptimized=False):
    """cl_launcher on pocl alone (OCL_ICD_VENDORS names its ICD), with the
    launch of the kernel's first line, unoptimized (cl_launcher's
    ---disable_opts) if asked; past cpu_limit CPU seconds (all its
    threads, as Loom's runs are timed) it is a "timeout"."""
    launch = kernel.read_text().splitlines()[0].lstrip("/ ").split()
    if unoptimized:
        launch.append("---disable_opts")
    env = dict(args.env, OCL_ICD_VENDORS=args.pocl_icd,
               POCL_KERNEL_CACHE="0")
    command = [args.pocl, "-f", kernel.name, "-p", "0", "-d", "0",
               "-i", args.runtime[0]] + launch
    start = time.monotonic()
    timed_out, returncode, out, err = run_limited(command, cpu_limit, env,
                                                  kernel.parent)
    seconds = time.monotonic() - start
    if timed_out:
        return "timeout", "", seconds
    if returncode < 0:
        return "crash", err, seconds
    if returncode != 0 or not out.strip():
        return "error", err, seconds
    return "ok", out, seconds


def run_on_host(args, kernel, cpu_limit):
    """The kernel compiled as C for the host, with sanitizers, and run
    (host_reference.py): ("ok", its output), or a status that says why
    there is none: "unsupported: ..." (it is no C), "undefined" (the
    sanitizers saw undefined behaviour), "divergent-barrier", "timeout"."""
    try:
        executable = host_reference.compile_kernel(
            kernel, args.runtime, kernel.parent / "host", args.host,
            timeout=args.compile_timeout)
    except host_reference.Unsupported as reason:
        return f"unsupported: {reason}", ""
    timed_out, returncode, out, err = run_limited(
        [str(executable)], cpu_limit,
        dict(args.env, **host_reference.ENVIRONMENT))
    if timed_out:
        return "timeout", ""
    if returncode != 0:
        (kernel.parent / "host.err").write_text(err)
        if returncode < 0:
            return "crash:" + signal.Signals(-returncode).name, ""
        return host_reference.EXIT_STATUS.get(returncode,
                                              f"error {returncode}"), ""
    return "ok", out


@dataclasses.dataclass
class Check:
    """A kernel's verdict: "agree", a set-apart verdict, or the findings,
    '; '-joined; the reference's times, and the slowest compile of the
    other configurations (name, seconds)."""
    verdict: str
    reference: LoomRun
    slowest_compile: tuple = ("", 0.0)
    # The configurations whose compile outlasted --compile-timeout: a
    # matter of compile time, and those configurations went unchecked.
    uncompiled: list = dataclasses.field(default_factory=list)
    # What the host reference gave, when it ran.
    host: str = ""

    def describe(self):
        text = (f"{self.verdict} (reference: compile "
                f"{self.reference.compile_seconds:.1f} s, run "
                f"{self.reference.run_seconds:.1f} s")
        name, seconds = self.slowest_compile
        if name:
            text += f"; slowest compile: {name}, {seconds:.1f} s"
        if self.uncompiled:
            text += "; not compiled in time: " + ", ".join(self.uncompiled)
        if self.host:
            text += f"; host: {self.host}"
        return text + ")"


def check_kernel(args, mode, kernel):
    reference = run_on_loom(args, kernel, TARGETS[0], OPTIONS[0],
                            args.compile_timeout, args.reference_timeout)
    if reference.status == "compile":
        return Check("reference-compile", reference)
    if reference.status in ("timeout", "compile-timeout"):
        return Check("reference-timeout", reference)
    if reference.status != "ok":
        return Check(f"{TARGETS[0]} {OPTIONS[0]}: {reference.status}",
                     reference)
    expected = result_values(reference.output)
    (kernel.parent / "reference.txt").write_text(reference.output)
    limit = max(args.timeout, args.slowdown * reference.run_seconds)
    findings, slowest, uncompiled = run_configurations(args, kernel,
                                                       expected, limit)
    shared = unoptimized_failure_shared_with_pocl(args, kernel, findings,
                                                  limit)
    if shared:
        return Check(shared, reference, slowest, uncompiled)
    pocl, pocl_values = run_second_reference(args, kernel, expected, limit)
    if (findings and args.pocl and not pocl
            and only_vector_mismatches(findings)
            and atomic_sections_write_state(kernel.read_text())):
        return Check("atomic-section-writes-state", reference, slowest,
                     uncompiled)
    if findings:
        findings.append(pocl or "pocl agrees with the reference")
        return Check("; ".join(findings), reference, slowest, uncompiled)
    # Every Loom configuration agrees. A reference independent of both
    # Loom and pocl, when there is no pocl or it disagrees: the kernel run
    # as C on the host.
    host = None
    if args.host and mode not in VECTOR_MODES and (pocl or not args.pocl):
        host = run_host_reference(args, kernel, expected, pocl_values, limit)
    order_dependent = atomic_sections_write_state(kernel.read_text())
    return Check(judge(args, pocl, host, order_dependent), reference,
                 slowest, uncompiled, host or "")


def run_configurations(args, kernel, expected, limit):
    """Runs every configuration but the reference; returns the findings,
    the slowest compile (name, seconds) and the configurations that did
    not compile in time."""
    findings, slowest, uncompiled = [], ("", 0.0), []
    for target in TARGETS:
        for options in args.options:
            if (target, options) == (TARGETS[0], OPTIONS[0]):
                continue
            # Unoptimized, Csmith's code (a call per safe arithmetic
            # operation, its globals in a struct on the stack) runs tens to
            # hundreds of times as long, on pocl as on Loom.
            name = f"{target} {options or 'default'}"
            result = run_on_loom(
                args, kernel, target, options, args.compile_timeout,
                limit * (args.unoptimized_slowdown
                         if options == UNOPTIMIZED else 1))
            slowest = max(slowest, (name, result.compile_seconds),
                          key=lambda named: named[1])
            if result.status == "compile-timeout":
                uncompiled.append(name)
            elif result.status != "ok":
                findings.append(f"{name}: {result.status}")
            elif result_values(result.output) != expected:
                findings.append(f"{name}: MISMATCH")
    return findings, slowest, uncompiled


def unoptimized_failure_shared_with_pocl(args, kernel, findings, limit):
    """The set-apart verdict when the only findings are -cl-opt-disable
    runs past their limit, or crashing, and pocl unoptimized (cl_launcher's
    ---disable_opts) does the same; None otherwise. Unoptimized CLsmith
    code can run for hours (doc/testing.md), and it evaluates what
    optimized code drops, such as a load through a null pointer whose
    value is discarded: the kernel's doing, not Loom's."""
    if not args.pocl or not findings or any(
            f" {UNOPTIMIZED}: " not in finding for finding in findings):
        return None
    statuses = {finding.rsplit(": ", 1)[1] for finding in findings}
    if statuses == {"timeout"}:
        shared, verdict = "timeout", "unoptimized-slow-on-pocl-too"
    elif all(status.startswith("crash:") for status in statuses):
        shared, verdict = "crash", "unoptimized-crashes-on-pocl-too"
    else:
        return None
    status, _, _ = run_on_pocl(
        args, kernel, args.compile_timeout +
        limit * args.unoptimized_slowdown, unoptimized=True)
    return verdict if status == shared else None


def atomic_sections(text):
    """The bodies of the atomic sections of CLsmith kernel \p text."""
    for section in ATOMIC_SECTION.finditer(text):
        start = text.find("{", section.end())
        depth = 0
        for end in range(start, len(text) if start >= 0 else 0):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                yield text[start:end + 1]
                break


def atomic_sections_write_state(text):
    """Whether an atomic section of kernel \p text writes its work-item's
    state (a field of CLsmith's globals). CLsmith's sections must touch only
    their own variables: the work-item that runs one is whichever's
    increment returns the count, which OpenCL leaves to how the
    work-items' atomics interleave, and a write to its state makes the
    result depend on that (`atomics` 2076, doc/testing.md)."""
    return any(STATE_WRITE.search(body) for body in atomic_sections(text))


def only_vector_mismatches(findings):
    """Whether every finding is a result that differs in a configuration
    that may vectorize: one whose work-items' atomics may interleave
    otherwise than the scalar kernel's (the reference's, and pocl's)."""
    return all(finding.endswith(": MISMATCH") and "-cl-wfv=never" not in
               finding and UNOPTIMIZED not in finding for finding in findings)


def run_second_reference(args, kernel, expected, limit):
    """pocl's run when there is pocl: what was wrong with it ("pocl:
    MISMATCH", "pocl: error"...) or None, and its result values when it
    ran."""
    if not args.pocl:
        return None, None
    status, output, _ = run_on_pocl(args, kernel,
                                    args.compile_timeout + limit)
    if status != "ok":
        return f"pocl: {status}", None
    values = result_values(output)
    if values == expected:
        return None, values
    (kernel.parent / "pocl.txt").write_text(output)
    return "pocl: MISMATCH", values


def run_host_reference(args, kernel, expected, pocl_values, limit):
    """The host reference's word: whom it agrees with, "MISMATCH", or why
    it gave no result. Sanitized code runs a few times slower: it has the
    time of an unoptimized configuration."""
    status, output = run_on_host(args, kernel,
                                 limit * args.unoptimized_slowdown)
    if status != "ok":
        return status
    (kernel.parent / "host.txt").write_text(output)
    values = result_values(output)
    if values == expected:
        return "agrees with Loom"
    if values == pocl_values:
        return "agrees with pocl"
    return "MISMATCH"


def judge(args, pocl, host, order_dependent):
    """The verdict on a kernel whose Loom configurations all agree, from
    what pocl and the host reference said; \p order_dependent where an
    atomic section writes the work-items' state, so that the result depends
    on the order in which their atomics meet (the host reference runs the
    work-items one after another: `atomics` 5301, doc/testing.md)."""
    host_differs = host == "agrees with pocl" or host == "MISMATCH"
    if host_differs and order_dependent:
        return "atomic-section-writes-state"
    if host == "agrees with pocl" or (host == "MISMATCH" and not args.pocl):
        # Loom differs from both references: a bug every configuration
        # shares (the front end, a built-in), unless the host reference
        # misreads the kernel; a finding either way, to be looked at.
        others = "pocl and the host" if args.pocl else "the host"
        return f"every Loom configuration differs from {others}"
    if not pocl:
        return "agree"
    if host == "agrees with Loom":
        return "pocl-wrong"
    return "pocl-differs" if pocl == "pocl: MISMATCH" else "pocl-fails"


def parse_seeds(text):
    if ":" in text:
        first, end = (int(s) for s in text.split(":"))
        return list(range(first, end))
    return [int(s) for s in text.split(",")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clsmith", required=True)
    parser.add_argument("--runtime", action="append", required=True,
                        help="CLsmith's runtime headers (the first is "
                             "cl_launcher's)")
    parser.add_argument("--runner", required=True)
    parser.add_argument("--pocl", help="cl_launcher, to run on pocl too")
    parser.add_argument("--host", metavar="CC",
                        help="Clang, to run kernels as C on the host "
                             "(host_reference.py) when pocl disagrees with "
                             "Loom or is not given")
    parser.add_argument("--pocl-icd", default=POCL_ICD)
    parser.add_argument("--seeds", help="FIRST:END or S,S,...: each seed "
                        "in each of --modes")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--kernels", help="MODE:SEED,...: these kernels "
                        "instead of --seeds")
    parser.add_argument("--out", default="random-differential")
    parser.add_argument("--timeout", type=float, default=60,
                        help="no configuration is cut short before this")
    parser.add_argument("--slowdown", type=float, default=10,
                        help="times the reference's run a configuration "
                             "may take")
    parser.add_argument("--unoptimized-slowdown", type=float, default=10,
                        help="and -cl-opt-disable this many times more")
    parser.add_argument("--reference-timeout", type=float, default=60,
                        help="the reference's run (its compile aside) past "
                             "this many CPU seconds sets the kernel apart")
    parser.add_argument("--compile-timeout", type=float, default=600,
                        help="CPU seconds any configuration may compile, beside "
                             "its run's limit; one that compiles longer goes "
                             "unchecked, and is counted")
    parser.add_argument("--compile-slowdown", type=float, default=10,
                        help="a compile this many times as long as the "
                             "reference's is listed (not a finding)")
    parser.add_argument("--no-check-bounds", action="store_true",
                        help="run Loom without bounds-checked buffers")
    parser.add_argument("--variants", action="store_true",
                        help="also force Vecz's jammed, wide and scalarized "
                             "variants")
    parser.add_argument("--jobs", type=int, default=1,
                        help="kernels checked at a time, each run with one "
                             "worker thread")
    args = parser.parse_args()
    args.options = OPTIONS + (VARIANTS if args.variants else [])
    # Bounds-checked buffers (doc/overview.md): a configuration that
    # touches memory outside the kernel's buffers fails to run, with the
    # kernel, argument and byte in its message, even when its result
    # buffer comes out right.
    args.env = dict(os.environ)
    if not args.no_check_bounds:
        args.env["LOOM_CHECK_BOUNDS"] = "1"
    if args.jobs > 1:
        args.env.update(LOOM_NUM_THREADS="1", POCL_MAX_PTHREAD_COUNT="1")
    # CLsmith and cl_launcher run in the kernel's folder.
    args.clsmith = os.path.abspath(args.clsmith)
    args.runtime = [os.path.abspath(d) for d in args.runtime]
    if args.pocl:
        args.pocl = os.path.abspath(args.pocl)
    if bool(args.seeds) == bool(args.kernels):
        parser.error("give --seeds or --kernels")
    if args.kernels:
        kernels = [(m, int(s)) for m, s in
                   (k.split(":") for k in args.kernels.split(","))]
    else:
        kernels = [(m, s) for m in args.modes.split(",")
                   for s in parse_seeds(args.seeds)]
    unknown = sorted({m for m, _ in kernels if m not in MODES})
    if unknown:
        parser.error(f"unknown modes {unknown}; the modes: {', '.join(MODES)}")
    if args.pocl and not os.path.exists(args.pocl_icd):
        parser.error(f"pocl's ICD {args.pocl_icd} is not installed")

    def check(mode, seed):
        kernel = generate(args.clsmith, mode, seed,
                          pathlib.Path(args.out) / mode / str(seed))
        return (kernel, check_kernel(args, mode, kernel)) if kernel else None

    table, findings, set_apart, slow_compiles = {}, [], [], []
    for mode, _ in kernels:
        table.setdefault(mode, dict.fromkeys(["kernels", "agree", *SET_APART,
                                              "findings", "uncompiled"], 0))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        checks = {pool.submit(check, mode, seed): (mode, seed)
                  for mode, seed in kernels}
        for done in concurrent.futures.as_completed(checks):
            mode, seed = checks[done]
            if done.result() is None:
                continue
            kernel, result = done.result()
            counts = table[mode]
            counts["kernels"] += 1
            counts["uncompiled"] += len(result.uncompiled)
            if result.verdict in counts:
                counts[result.verdict] += 1
                if result.verdict not in ("agree", "reference-compile",
                                          "reference-timeout"):
                    set_apart.append(f"{kernel}: {result.verdict}")
            else:
                counts["findings"] += 1
                findings.append(f"{kernel}: {result.verdict}")
            name, seconds = result.slowest_compile
            if seconds > max(1.0, args.compile_slowdown *
                             result.reference.compile_seconds):
                slow_compiles.append(f"{kernel}: {name}, {seconds:.1f} s "
                                     "against the reference's "
                                     f"{result.reference.compile_seconds:.1f}")
            print(f"{mode} seed {seed}: {result.describe()}", flush=True)
    columns = ["mode", "kernels", "agree", "reference does not compile",
               "reference past its time", "pocl alone differs",
               "pocl alone fails", "pocl alone wrong (the host agrees with "
               "Loom)", "unoptimized, as slow on pocl",
               "unoptimized, crashes on pocl too",
               "an atomic section writes its work-item's state", "findings",
               "configurations not compiled in time"]
    print("\n| " + " | ".join(columns) + " |\n|---|" +
          "---:|" * (len(columns) - 1))
    for mode, c in table.items():
        print(f"| {mode} | " + " | ".join(str(v) for v in c.values()) + " |")
    for kernel in set_apart:
        print("set apart:", kernel)
    for kernel in slow_compiles:
        print("slow compile:", kernel)
    for finding in findings:
        print("finding:", finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
