#!/usr/bin/env python3
"""Tests host_reference.py on small kernels whose results are computed
here independently (barriers, fences, shared __local memory, local and
global atomics, every argument CLsmith's modes pass), on kernels it must refuse
(undefined behaviour, a divergent barrier, vector types), and
differential.py's verdicts from what pocl and the host reference say, and
its statuses of failed Loom runs.

usage: host_reference_test.py --runtime DIR [--cc CLANG] WORK_DIR
"""
import argparse
import os
import pathlib
import subprocess
import sys
import types

HERE = pathlib.Path(__file__).absolute().parent
sys.path.insert(0, str(HERE))
import differential  # noqa: E402
import host_reference  # noqa: E402

# Groups of 4x2 work-items: each sums the local ids of its group through a
# __local array after a barrier, counts itself on a __local and a global
# atomic counter, and keeps the largest global id of its group with
# atomic_max; work-item 0 of each group then reads the counters back.
GROUPS = """// --atomics 2 ---atomic_reductions -g 8,4,1 -l 4,2,1
__kernel void entry(__global ulong *result,
                    __global volatile uint *g_atomic_input,
                    __global volatile uint *g_special_values,
                    __global volatile int *g_atomic_reduction) {
  __local uint sums[8];
  __local volatile uint counter[1];
  __local volatile uint largest[1];
  uint lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  uint group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
  uint gid = get_global_id(1) * get_global_size(0) + get_global_id(0);
  if (lid == 0) {
    counter[0] = 0;
    largest[0] = 0;
  }
  sums[lid] = lid * lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong sum = 0;
  for (int i = 0; i < 8; ++i)
    sum += sums[i];
  atomic_inc(&counter[0]);
  atomic_max(&largest[0], gid);
  atomic_add(&g_atomic_input[2 * group], lid + 1);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  result[gid] = sum * 1000000 + counter[0] * 10000 + largest[0] * 10 +
                (lid == 0 ? g_atomic_input[2 * group] % 10 : 0);
}
"""

EVERY_ARGUMENT = """// ---emi ---fake_divergence ---inter_thread_comm -g 4,1,1 -l 2,1,1
__kernel void entry(__global ulong *result, __global int *emi_input,
                    __global int *sequence_input, __global long *g_comm_values) {
  size_t i = get_global_id(0);
  result[i] = emi_input[i] * 100 + sequence_input[i] * 10 + g_comm_values[i];
}
"""

# --message_passing kernels fence their stores: each work-item fences the
# store of its square, and after the barrier reads its neighbour's.
FENCES = """// ---message_passing -g 4,1,1 -l 4,1,1
__kernel void entry(__global ulong *result) {
  __local uint squares[4];
  uint i = get_local_id(0);
  squares[i] = i * i;
  write_mem_fence(CLK_LOCAL_MEM_FENCE);
  mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  result[i] = squares[(i + 1) % 4];
}
"""

UNDEFINED = """// -g 4,1,1 -l 2,1,1
__kernel void entry(__global ulong *result) {
  int big = 2147483647 - 2;
  result[get_global_id(0)] = big + (int)get_global_id(0) + 1;
}
"""

DIVERGENT = """// -g 4,1,1 -l 4,1,1
__kernel void entry(__global ulong *result) {
  if (get_local_id(0) < 2)
    barrier(CLK_LOCAL_MEM_FENCE);
  result[get_global_id(0)] = 1;
}
"""

VECTORS = """// -g 4,1,1 -l 4,1,1
__kernel void entry(__global ulong *result) {
  int4 v = (int4)(1, 2, 3, 4);
  result[get_global_id(0)] = v.x;
}
"""


def expected_groups():
    """GROUPS's result, computed from its description."""
    values = [0] * 32
    for gy in range(2):
        for gx in range(2):
            ids = [(gy * 2 + ly) * 8 + gx * 4 + lx
                   for ly in range(2) for lx in range(4)]
            for lid, gid in enumerate(ids):
                atomic_sum = sum(range(1, 9)) % 10 if lid == 0 else 0
                values[gid] = (sum(i * i for i in range(8)) * 1000000 +
                               8 * 10000 + max(ids) * 10 + atomic_sum)
    return values


def run(args, name, text):
    folder = pathlib.Path(args.work) / name
    folder.mkdir(parents=True, exist_ok=True)
    kernel = folder / "kernel.cl"
    kernel.write_text(text)
    command = [sys.executable, str(HERE / "host_reference.py"), "--runtime",
               args.runtime, "--cc", args.cc, "--out", str(folder / "host"),
               str(kernel)]
    return subprocess.run(command, capture_output=True, text=True)


def check(failures, condition, message):
    if not condition:
        failures.append(message)


def test_runs(args, failures):
    done = run(args, "groups", GROUPS)
    check(failures, done.returncode == 0,
          f"groups: exit {done.returncode}: {done.stderr[-2000:]}")
    values = differential.result_values(done.stdout)
    check(failures, values == expected_groups(),
          f"groups: {values} instead of {expected_groups()}")
    done = run(args, "every-argument", EVERY_ARGUMENT)
    values = differential.result_values(done.stdout)
    wanted = [(1024 - i) * 100 + (10 + i) * 10 + 1 for i in range(4)]
    check(failures, done.returncode == 0 and values == wanted,
          f"every-argument: exit {done.returncode}, {values} instead of "
          f"{wanted}: {done.stderr[-2000:]}")
    done = run(args, "fences", FENCES)
    values = differential.result_values(done.stdout)
    wanted = [((i + 1) % 4) ** 2 for i in range(4)]
    check(failures, done.returncode == 0 and values == wanted,
          f"fences: exit {done.returncode}, {values} instead of "
          f"{wanted}: {done.stderr[-2000:]}")


def test_refusals(args, failures):
    for name, text, status, message in [
            ("undefined", UNDEFINED, 1, "signed integer overflow"),
            ("divergent", DIVERGENT, 4, "barrier divergence"),
            ("vectors", VECTORS, 2, "does not compile as C")]:
        done = run(args, name, text)
        check(failures, done.returncode == status and message in done.stderr,
              f"{name}: exit {done.returncode} (wanted {status}) and "
              f"'{message}' not in: {done.stderr[-2000:]}")
    check(failures, host_reference.EXIT_STATUS[1] == "undefined" and
          host_reference.EXIT_STATUS[4] == "divergent-barrier",
          "host_reference.EXIT_STATUS does not name the statuses tested")


def test_verdicts(failures):
    with_pocl = types.SimpleNamespace(pocl="cl_launcher")
    without_pocl = types.SimpleNamespace(pocl=None)
    order = "atomic-section-writes-state"
    for args, pocl, host, dependent, wanted in [
            (with_pocl, None, None, False, "agree"),
            (with_pocl, "pocl: MISMATCH", "agrees with Loom", False,
             "pocl-wrong"),
            (with_pocl, "pocl: error", "agrees with Loom", False, "pocl-wrong"),
            (with_pocl, "pocl: MISMATCH", "undefined", False, "pocl-differs"),
            (with_pocl, "pocl: MISMATCH", "MISMATCH", False, "pocl-differs"),
            (with_pocl, "pocl: error", None, False, "pocl-fails"),
            (with_pocl, "pocl: MISMATCH", "agrees with pocl", False,
             "every Loom configuration differs from pocl and the host"),
            (without_pocl, None, "agrees with Loom", False, "agree"),
            (without_pocl, None, "undefined", False, "agree"),
            (without_pocl, None, "MISMATCH", False,
             "every Loom configuration differs from the host"),
            # An atomic section that writes state: the host's order of
            # work-items decides its result, so its difference says nothing.
            (without_pocl, None, "MISMATCH", True, order),
            (with_pocl, "pocl: MISMATCH", "agrees with pocl", True, order),
            (with_pocl, "pocl: MISMATCH", "MISMATCH", True, order),
            (without_pocl, None, "agrees with Loom", True, "agree"),
            (with_pocl, "pocl: MISMATCH", "agrees with Loom", True,
             "pocl-wrong")]:
        verdict = differential.judge(args, pocl, host, dependent)
        check(failures, verdict == wanted,
              f"judge(pocl={args.pocl}, {pocl}, {host}, {dependent}) is "
              f"'{verdict}', not '{wanted}'")


def test_atomic_sections(failures):
    section = ("if ((atomic_inc(&p_1156->l_atomic_input[33]) == 5))\n"
               "{ /* block id: 121 */\n  int32_t l_320 = 0;\n"
               "  for (l_320 = 0; l_320 < 7; l_320 += 1)\n"
               "  {\n    %s\n  }\n"
               "  atomic_add(&p_1156->l_special_values[33], result);\n}\n"
               "p_1156->g_195[2][2][0] = 7;\n")
    for body, wanted in [
            ("p_1156->g_195[l_320][0][1] = 0xD35FL;", True),
            ("p_1156->g_17 ^= 3;", True),
            ("++p_1156->g_17;", True),
            ("p_1156->g_17--;", True),
            ("l_320 = (p_1156->g_17 == 3);", False),
            ("result += p_1156->g_195[l_320][0][1];", False)]:
        got = differential.atomic_sections_write_state(section % body)
        check(failures, got == wanted,
              f"atomic_sections_write_state of a section holding '{body}' "
              f"is {got}, not {wanted}")
    vector = "reference -cl-wfv=always -vecz-width=4: MISMATCH"
    for findings, wanted in [
            ([vector, "csa default: MISMATCH"], True),
            ([vector, "csa -cl-wfv=never: MISMATCH"], False),
            ([vector, "reference -cl-opt-disable: MISMATCH"], False),
            (["csa -cl-wfv=always -vecz-width=8: crash: SIGSEGV"], False)]:
        got = differential.only_vector_mismatches(findings)
        check(failures, got == wanted,
              f"only_vector_mismatches({findings}) is {got}, not {wanted}")


def test_loom_statuses(failures):
    for returncode, text, wanted in [
            (-11, "", "crash:SIGSEGV"),
            (3, "muxWaitAll(S.Queue) failed with 12: kernel 'entry' read "
                "address 0, which is none of its memory (SIGSEGV): ...",
             "crash:SIGSEGV"),
            (3, "kernel 'entry' stopped at a trap (SIGILL): it called "
                "__builtin_trap", "crash:SIGILL"),
            (3, "kernel 'entry' wrote past the end of argument 1 (a buffer "
                "of 4000 bytes): byte 4000", "run"),
            (2, "kernel.cl:3:1: error: (SIGSEGV) in a message", "compile"),
            (1, "", "error")]:
        status = differential.loom_status(returncode, text)
        check(failures, status == wanted,
              f"loom_status({returncode}, {text[:40]!r}) is '{status}', "
              f"not '{wanted}'")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--cc", default="clang-15")
    parser.add_argument("work")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    failures = []
    test_runs(args, failures)
    test_refusals(args, failures)
    test_verdicts(failures)
    test_atomic_sections(failures)
    test_loom_statuses(failures)
    for failure in failures:
        print("FAIL:", failure)
    print("host_reference_test:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
