#!/usr/bin/env python3
"""Writes Loom's OpenCL C 1.2 atomic functions as LLVM IR.

usage: gen_atomics.py OUTPUT.ll

atomic_* (OpenCL C 1.2 section 6.12.11) and atom_* (the
cl_khr_{global,local}_int32_base_atomics extensions) on volatile __global and
__local int and uint, plus atomic_xchg on float: each one `atomicrmw` or
`cmpxchg`, sequentially consistent. They are written as IR because Clang 15
emits library calls, not atomic instructions, for the spir64 target these
builtins are compiled for. The read-modify-writes are not volatile: the
`volatile` of their prototypes lets a volatile pointer be passed, and the
OpenCL memory model, not C's volatile, governs them, and a driver may run
additions whose results go unused on private copies (mark-accumulators, doc/passes.md). Atomic loads, stores and
compare-exchanges stay volatile, so a spin-wait keeps its loads. Names are
Itanium-mangled as Clang mangles the
declarations of opencl-c.h for spir64 (address spaces as U3AS<n>).

Also atom_* on long and ulong (the cl_khr_int64_*_atomics extensions), and the
plain-named helpers c11_atomics.cl builds OpenCL C 2.0's atomic_* on.
"""
import sys

ADDRESS_SPACES = {1: "global", 3: "local"}
TYPES = {"i": True, "j": False}  # mangled scalar type -> is signed
BINARY = {"add": "add", "sub": "sub", "xchg": "xchg", "and": "and", "or": "or",
          "xor": "xor", "min": ("min", "umin"), "max": ("max", "umax")}
UNARY = {"inc": "add", "dec": "sub"}


def mangle(name, suffix):
    return f"_Z{len(name)}{name}{suffix}"


def rmw_functions(prefix, space, t, signed, bits):
    """prefix + each operation on a volatile pointer to scalar type t (a
    mangled letter) in address space `space`, as `bits`-bit atomics."""
    ptr = f"ptr addrspace({space})"
    it = f"i{bits}"
    pointer = f"PU3AS{space}V{t}"
    for op, rmw in BINARY.items():
        if isinstance(rmw, tuple):
            rmw = rmw[0] if signed else rmw[1]
        yield (f"define {it} @{mangle(prefix + op, pointer + t)}({ptr} %p, {it} %v) #0 {{\n"
               f"  %old = atomicrmw {rmw} {ptr} %p, {it} %v seq_cst\n"
               f"  ret {it} %old\n}}\n")
    for op, rmw in UNARY.items():
        yield (f"define {it} @{mangle(prefix + op, pointer)}({ptr} %p) #0 {{\n"
               f"  %old = atomicrmw {rmw} {ptr} %p, {it} 1 seq_cst\n"
               f"  ret {it} %old\n}}\n")
    yield (f"define {it} @{mangle(prefix + 'cmpxchg', pointer + t + t)}({ptr} %p, {it} %cmp, {it} %v) #0 {{\n"
           f"  %pair = cmpxchg volatile {ptr} %p, {it} %cmp, {it} %v seq_cst seq_cst\n"
           f"  %old = extractvalue {{ {it}, i1 }} %pair, 0\n"
           f"  ret {it} %old\n}}\n")


def functions():
    for prefix in ("atomic_", "atom_"):
        for space in ADDRESS_SPACES:
            for t, signed in TYPES.items():
                yield from rmw_functions(prefix, space, t, signed, 32)
    for space in ADDRESS_SPACES:
        ptr = f"ptr addrspace({space})"
        yield (f"define float @{mangle('atomic_xchg', f'PU3AS{space}Vff')}({ptr} %p, float %v) #0 {{\n"
               f"  %old = atomicrmw xchg {ptr} %p, float %v seq_cst\n"
               f"  ret float %old\n}}\n")


def atom64():
    """atom_* on long and ulong (cl_khr_int64_base_atomics and
    cl_khr_int64_extended_atomics)."""
    for space in ADDRESS_SPACES:
        for t, signed in (("l", True), ("m", False)):
            yield from rmw_functions("atom_", space, t, signed, 64)


# The operations under OpenCL C 2.0's atomic_* functions (c11_atomics.cl),
# on generic pointers, with plain C names. Every one is sequentially
# consistent: OpenCL lets an implementation give any memory order a
# stronger one, and on x86 only stores pay for it.
C11_TYPES = {"i32": "i32", "i64": "i64", "f32": "float", "f64": "double"}
C11_RMW = ("add", "sub", "and", "or", "xor", "min", "max", "umin", "umax")


def c11_helpers():
    ptr = "ptr addrspace(4)"
    for name, t in C11_TYPES.items():
        yield (f"define spir_func {t} @__loom_atomic_load_{name}({ptr} %p) #0 {{\n"
               f"  %v = load atomic volatile {t}, {ptr} %p seq_cst, align {4 if '32' in name else 8}\n"
               f"  ret {t} %v\n}}\n")
        yield (f"define spir_func void @__loom_atomic_store_{name}({ptr} %p, {t} %v) #0 {{\n"
               f"  store atomic volatile {t} %v, {ptr} %p seq_cst, align {4 if '32' in name else 8}\n"
               f"  ret void\n}}\n")
        yield (f"define spir_func {t} @__loom_atomic_xchg_{name}({ptr} %p, {t} %v) #0 {{\n"
               f"  %old = atomicrmw xchg {ptr} %p, {t} %v seq_cst\n"
               f"  ret {t} %old\n}}\n")
    for name in ("i32", "i64"):
        t = C11_TYPES[name]
        # Compares with *expected; on failure stores what it found there.
        yield (f"define spir_func i1 @__loom_atomic_cmpxchg_{name}({ptr} %p, {ptr} %expected, {t} %v) #0 {{\n"
               f"  %e = load {t}, {ptr} %expected\n"
               f"  %pair = cmpxchg volatile {ptr} %p, {t} %e, {t} %v seq_cst seq_cst\n"
               f"  %old = extractvalue {{ {t}, i1 }} %pair, 0\n"
               f"  %ok = extractvalue {{ {t}, i1 }} %pair, 1\n"
               f"  store {t} %old, {ptr} %expected\n"
               f"  ret i1 %ok\n}}\n")
        for op in C11_RMW:
            yield (f"define spir_func {t} @__loom_atomic_fetch_{op}_{name}({ptr} %p, {t} %v) #0 {{\n"
                   f"  %old = atomicrmw {op} {ptr} %p, {t} %v seq_cst\n"
                   f"  ret {t} %old\n}}\n")
    for name in ("f32", "f64"):
        t = C11_TYPES[name]
        for op in ("fadd", "fsub", "fmin", "fmax"):
            yield (f"define spir_func {t} @__loom_atomic_fetch_{op}_{name}({ptr} %p, {t} %v) #0 {{\n"
                   f"  %old = atomicrmw {op} {ptr} %p, {t} %v seq_cst\n"
                   f"  ret {t} %old\n}}\n")
    yield ("define spir_func void @__loom_atomic_fence() #0 {\n"
           "  fence seq_cst\n"
           "  ret void\n}\n")


def main():
    with open(sys.argv[1], "w") as out:
        out.write("; Generated by gen_atomics.py: OpenCL C 1.2 atomic functions.\n")
        out.write('target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-'
                  'v96:128-v192:256-v256:256-v512:512-v1024:1024"\n')
        out.write('target triple = "spir64-unknown-unknown"\n\n')
        for function in functions():
            out.write(function + "\n")
        for function in atom64():
            out.write(function + "\n")
        for function in c11_helpers():
            out.write(function + "\n")
        out.write("attributes #0 = { nounwind willreturn }\n")


if __name__ == "__main__":
    main()
