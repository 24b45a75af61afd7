#!/usr/bin/env python3
"""Writes the LLVM intrinsics the builtins library needs on every vector width.

usage: gen_math_intrinsics.py OUTPUT.ll

Clang 15's OpenCL C has no element-wise builtin for fma, copysign, rint or
round on vectors, and a vector function written as a loop over its lanes is
what the library must not be. So each intrinsic gets a tiny always-inline
wrapper, `__loom_<op>_<suffix>`, declared in math.h: suffix f/d for a scalar
float/double, f2..f16/d2..d16 for a vector. Once inlined, the kernel holds
the intrinsic itself (`llvm.fma.v8f32`), which the backend turns into one
vector instruction where the CPU has it.

The integer functions get the same treatment, named by bit width
(`__loom_clz_i32x4`): clz, ctz, popcount, rotate (a funnel shift of x with
itself), and mul_hi / mad_sat, which need a product twice as wide (i128 for
long, which OpenCL C cannot spell).
"""
import sys

OPS = {  # name -> (intrinsic, arity)
    "fma": ("fma", 3),
    "copysign": ("copysign", 2),
    "rint": ("rint", 1),
    "round": ("round", 1),
    "floor": ("floor", 1),
    "ceil": ("ceil", 1),
    "trunc": ("trunc", 1),
    "fabs": ("fabs", 1),
    "sqrt": ("sqrt", 1),
}
ELEMENTS = {"f": ("float", "f32"), "d": ("double", "f64")}
WIDTHS = (1, 2, 3, 4, 8, 16)


def wrapper(op, intrinsic, arity, suffix, ir_type, mangled):
    params = ", ".join(f"{ir_type} %a{i}" for i in range(arity))
    args = ", ".join(f"{ir_type} %a{i}" for i in range(arity))
    return (f"define spir_func {ir_type} @__loom_{op}_{suffix}({params}) #0 {{\n"
            f"  %r = call {ir_type} @llvm.{intrinsic}.{mangled}({args})\n"
            f"  ret {ir_type} %r\n}}\n"
            f"declare {ir_type} @llvm.{intrinsic}.{mangled}"
            f"({', '.join([ir_type] * arity)})\n")


INT_BITS = (8, 16, 32, 64)


def int_type(bits, width):
    return f"i{bits}" if width == 1 else f"<{width} x i{bits}>"


def int_suffix(bits, width, sign=""):
    return f"{sign}{bits}" if width == 1 else f"{sign}{bits}x{width}"


def int_mangle(bits, width):
    return f"i{bits}" if width == 1 else f"v{width}i{bits}"


def splat(value, bits, width):
    if width == 1:
        return str(value)
    return "<" + ", ".join([f"i{bits} {value}"] * width) + ">"


def integer_wrappers():
    out = []
    for bits in INT_BITS:
        for width in WIDTHS:
            t, m = int_type(bits, width), int_mangle(bits, width)
            sfx = int_suffix(bits, width, "i")
            for op, intr in (("clz", "ctlz"), ("ctz", "cttz")):
                out.append(f"define spir_func {t} @__loom_{op}_{sfx}({t} %x) #0 {{\n"
                           f"  %r = call {t} @llvm.{intr}.{m}({t} %x, i1 false)\n"
                           f"  ret {t} %r\n}}\n"
                           f"declare {t} @llvm.{intr}.{m}({t}, i1)\n")
            out.append(f"define spir_func {t} @__loom_popcount_{sfx}({t} %x) #0 {{\n"
                       f"  %r = call {t} @llvm.ctpop.{m}({t} %x)\n"
                       f"  ret {t} %r\n}}\n"
                       f"declare {t} @llvm.ctpop.{m}({t})\n")
            out.append(f"define spir_func {t} @__loom_rotate_{sfx}({t} %x, {t} %n) #0 {{\n"
                       f"  %r = call {t} @llvm.fshl.{m}({t} %x, {t} %x, {t} %n)\n"
                       f"  ret {t} %r\n}}\n"
                       f"declare {t} @llvm.fshl.{m}({t}, {t}, {t})\n")
            w = int_type(2 * bits, width)
            for sign, ext in (("s", "sext"), ("u", "zext")):
                sfx2 = int_suffix(bits, width, sign)
                shift = splat(bits, 2 * bits, width)
                out.append(f"define spir_func {t} @__loom_mul_hi_{sfx2}({t} %a, {t} %b) #0 {{\n"
                           f"  %wa = {ext} {t} %a to {w}\n"
                           f"  %wb = {ext} {t} %b to {w}\n"
                           f"  %p = mul {w} %wa, %wb\n"
                           f"  %h = lshr {w} %p, {shift}\n"
                           f"  %r = trunc {w} %h to {t}\n"
                           f"  ret {t} %r\n}}\n")
                # a * b + c saturated: exact in twice the width, which holds
                # any product plus any c (unsigned: below 2^(2 bits)).
                if sign == "s":
                    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
                    cmp_lo, cmp_hi = "slt", "sgt"
                else:
                    lo, hi = 0, (1 << bits) - 1
                    cmp_lo, cmp_hi = "ult", "ugt"
                wide = 2 * bits
                wt = int_type(wide, width)
                out.append(f"define spir_func {t} @__loom_mad_sat_{sfx2}({t} %a, {t} %b, {t} %c) #0 {{\n"
                           f"  %wa = {ext} {t} %a to {wt}\n"
                           f"  %wb = {ext} {t} %b to {wt}\n"
                           f"  %wc = {ext} {t} %c to {wt}\n"
                           f"  %p = mul {wt} %wa, %wb\n"
                           f"  %s = add {wt} %p, %wc\n"
                           f"  %below = icmp {cmp_lo} {wt} %s, {splat(lo, wide, width)}\n"
                           f"  %above = icmp {cmp_hi} {wt} %s, {splat(hi, wide, width)}\n"
                           f"  %s1 = select {'i1' if width == 1 else f'<{width} x i1>'} %below, {wt} {splat(lo, wide, width)}, {wt} %s\n"
                           f"  %s2 = select {'i1' if width == 1 else f'<{width} x i1>'} %above, {wt} {splat(hi, wide, width)}, {wt} %s1\n"
                           f"  %r = trunc {wt} %s2 to {t}\n"
                           f"  ret {t} %r\n}}\n")
    return out


def main():
    out = [
        "; Generated by gen_math_intrinsics.py: do not edit.",
        'target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-'
        'v192:256-v256:256-v512:512-v1024:1024"',
        'target triple = "spir64-unknown-unknown"',
        "",
    ]
    for op, (intrinsic, arity) in OPS.items():
        for letter, (scalar, mangled_scalar) in ELEMENTS.items():
            for width in WIDTHS:
                if width == 1:
                    suffix, ir_type, mangled = letter, scalar, mangled_scalar
                else:
                    suffix = f"{letter}{width}"
                    ir_type = f"<{width} x {scalar}>"
                    mangled = f"v{width}{mangled_scalar}"
                out.append(wrapper(op, intrinsic, arity, suffix, ir_type,
                                   mangled))
    out.extend(integer_wrappers())
    out.append("attributes #0 = { alwaysinline nounwind readnone willreturn }")
    with open(sys.argv[1], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
