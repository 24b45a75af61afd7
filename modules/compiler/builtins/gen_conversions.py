#!/usr/bin/env python3
"""Writes OpenCL C's explicit conversions as LLVM IR.

usage: gen_conversions.py OUTPUT.ll

convert_<dst>[n][_sat][_rte|_rtz|_rtp|_rtn](src) (OpenCL C 1.2 section
6.2.3) for every pair of the ten scalar types, scalars and n = 2, 3, 4, 8,
16: 5,400 functions, each a few instructions on whole vectors.

- integer to integer: truncation or extension; with _sat, a clamp first to
  the bounds of the destination that the source can exceed.
- floating to integer: the rounding (trunc by default, rint, ceil, floor),
  then llvm.fpto[su]i.sat, which saturates and maps NaN to 0: OpenCL's _sat
  behaviour, and a defined one for the plain conversions, whose out-of-range
  results OpenCL leaves to the implementation (a plain fptosi would make them
  poison).
- integer to floating: [su]itofp rounds to nearest even; the directed modes
  convert the result back (saturating, exact when it fits) to see on which
  side of the source it fell, and step one ulp when it fell on the wrong one.
  Sources the destination holds exactly skip that.
- double to float: fptrunc, then the same one-ulp correction from comparing
  the result widened back with the source; float to double is exact.

Names are Itanium-mangled as Clang mangles opencl-c.h's declarations.
"""
import sys

INTS = {  # name -> (bits, signed, mangled)
    "char": (8, True, "c"), "uchar": (8, False, "h"),
    "short": (16, True, "s"), "ushort": (16, False, "t"),
    "int": (32, True, "i"), "uint": (32, False, "j"),
    "long": (64, True, "l"), "ulong": (64, False, "m"),
}
FLOATS = {"float": (32, "f", 24), "double": (64, "d", 53)}  # bits, mangled, digits
WIDTHS = (1, 2, 3, 4, 8, 16)
ROUNDINGS = ("", "_rte", "_rtz", "_rtp", "_rtn")


def ir_scalar(t):
    if t in INTS:
        return f"i{INTS[t][0]}"
    return "float" if t == "float" else "double"


def ir_type(t, n):
    s = ir_scalar(t)
    return s if n == 1 else f"<{n} x {s}>"


def mangled_type(t, n):
    m = INTS[t][2] if t in INTS else FLOATS[t][1]
    return m if n == 1 else f"Dv{n}_{m}"


def intrinsic_suffix(t, n):
    s = f"i{INTS[t][0]}" if t in INTS else ("f32" if t == "float" else "f64")
    return s if n == 1 else f"v{n}{s}"


def splat(t, n, value):
    """A constant of type t x n with every lane `value` (an IR literal)."""
    if n == 1:
        return value
    s = ir_scalar(t)
    return "<" + ", ".join(f"{s} {value}" for _ in range(n)) + ">"


def bool_type(n):
    return "i1" if n == 1 else f"<{n} x i1>"


def bounds(t):
    bits, signed, _ = INTS[t]
    if signed:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


class Body:
    def __init__(self):
        self.lines = []
        self.count = 0
        self.declares = set()

    def value(self, text):
        self.count += 1
        name = f"%v{self.count}"
        self.lines.append(f"  {name} = {text}")
        return name

    def call(self, ret, name, args):
        types = ", ".join(a.rsplit(" ", 1)[0] for a in args)
        self.declares.add(f"declare {ret} @{name}({types})")
        return self.value(f"call {ret} @{name}({', '.join(args)})")


def int_to_int(b, src, dst, n, sat, x):
    sbits, ssigned, _ = INTS[src]
    dbits, _, _ = INTS[dst]
    st, dt = ir_type(src, n), ir_type(dst, n)
    if sat:
        smin, smax = bounds(src)
        dmin, dmax = bounds(dst)
        lt, gt = ("slt", "sgt") if ssigned else ("ult", "ugt")
        if dmin > smin:
            below = b.value(f"icmp {lt} {st} {x}, {splat(src, n, dmin)}")
            x = b.value(f"select {bool_type(n)} {below}, {st} {splat(src, n, dmin)}, {st} {x}")
        if dmax < smax:
            above = b.value(f"icmp {gt} {st} {x}, {splat(src, n, dmax)}")
            x = b.value(f"select {bool_type(n)} {above}, {st} {splat(src, n, dmax)}, {st} {x}")
    if dbits < sbits:
        return b.value(f"trunc {st} {x} to {dt}")
    if dbits > sbits:
        return b.value(f"{'sext' if ssigned else 'zext'} {st} {x} to {dt}")
    return x


def float_to_int(b, src, dst, n, rounding, x):
    st, dt = ir_type(src, n), ir_type(dst, n)
    op = {"": "trunc", "_rtz": "trunc", "_rte": "rint", "_rtp": "ceil",
          "_rtn": "floor"}[rounding]
    r = b.call(st, f"llvm.{op}.{intrinsic_suffix(src, n)}", [f"{st} {x}"])
    sat = "fptosi" if INTS[dst][1] else "fptoui"
    return b.call(dt, f"llvm.{sat}.sat.{intrinsic_suffix(dst, n)}.{intrinsic_suffix(src, n)}",
                  [f"{st} {r}"])


def step(b, dst, n, r, up):
    """r moved one ulp toward +inf (up) or -inf, through its bits."""
    bits = FLOATS[dst][0]
    it = f"i{bits}" if n == 1 else f"<{n} x i{bits}>"
    ft = ir_type(dst, n)
    raw = b.value(f"bitcast {ft} {r} to {it}")
    negative = b.value(f"icmp slt {it} {raw}, {splat_int(bits, n, 0)}")
    # Up moves a non-negative value away from zero (+1 on its bits) and a
    # negative one toward zero (-1); down the reverse.
    plus = b.value(f"add {it} {raw}, {splat_int(bits, n, 1)}")
    minus = b.value(f"sub {it} {raw}, {splat_int(bits, n, 1)}")
    if up:
        moved = b.value(f"select {bool_type(n)} {negative}, {it} {minus}, {it} {plus}")
    else:
        moved = b.value(f"select {bool_type(n)} {negative}, {it} {plus}, {it} {minus}")
    return b.value(f"bitcast {it} {moved} to {ft}")


def splat_int(bits, n, value):
    if n == 1:
        return str(value)
    return "<" + ", ".join(f"i{bits} {value}" for _ in range(n)) + ">"


def directed(b, dst, n, rounding, r, above, below, source_negative):
    """Applies a directed rounding to r, the nearest value, given whether r
    lies above or below the exact source (i1 masks)."""
    ft = ir_type(dst, n)
    bt = bool_type(n)
    if rounding == "_rtp":
        fix = below
        moved = step(b, dst, n, r, up=True)
    elif rounding == "_rtn":
        fix = above
        moved = step(b, dst, n, r, up=False)
    else:  # _rtz: down for positive sources, up for negative ones
        down = step(b, dst, n, r, up=False)
        up = step(b, dst, n, r, up=True)
        positive_fix = b.value(f"and {bt} {above}, {b.value(f'xor {bt} {source_negative}, {splat_bool(n)}')}")
        negative_fix = b.value(f"and {bt} {below}, {source_negative}")
        r = b.value(f"select {bt} {positive_fix}, {ft} {down}, {ft} {r}")
        return b.value(f"select {bt} {negative_fix}, {ft} {up}, {ft} {r}")
    return b.value(f"select {bt} {fix}, {ft} {moved}, {ft} {r}")


def splat_bool(n):
    return "true" if n == 1 else "<" + ", ".join("i1 true" for _ in range(n)) + ">"


def int_to_float(b, src, dst, n, rounding, x):
    sbits, ssigned, _ = INTS[src]
    st, dt = ir_type(src, n), ir_type(dst, n)
    r = b.value(f"{'sitofp' if ssigned else 'uitofp'} {st} {x} to {dt}")
    exact = sbits - (1 if ssigned else 0) <= FLOATS[dst][2]
    if rounding in ("", "_rte") or exact:
        return r
    # r converted back, saturating: exact whenever r is in the source's
    # range; r = 2^bits (or 2^(bits-1)) saturates to the maximum, still above
    # every source.
    sat = "fptosi" if ssigned else "fptoui"
    back = b.call(st, f"llvm.{sat}.sat.{intrinsic_suffix(src, n)}.{intrinsic_suffix(dst, n)}",
                  [f"{dt} {r}"])
    lt, gt = ("slt", "sgt") if ssigned else ("ult", "ugt")
    # Saturation hides r = 2^k above the maximum: compare r itself there.
    limit = float(bounds(src)[1] + 1)
    over = b.value(f"fcmp oge {dt} {r}, {splat(dst, n, float_literal(dst, limit))}")
    greater = b.value(f"icmp {gt} {st} {back}, {x}")
    above = b.value(f"or {bool_type(n)} {over}, {greater}")
    below = b.value(f"icmp {lt} {st} {back}, {x}")
    if ssigned:
        negative = b.value(f"icmp slt {st} {x}, {splat(src, n, 0)}")
    else:
        negative = splat_bool(n).replace("true", "false")
    return directed(b, dst, n, rounding, r, above, below, negative)


def float_literal(t, value):
    # LLVM IR takes doubles in hex for exactness, for float too.
    import struct
    return "0x%016X" % struct.unpack("<Q", struct.pack("<d", value))[0]


def float_to_float(b, src, dst, n, rounding, x):
    st, dt = ir_type(src, n), ir_type(dst, n)
    if src == dst:
        return x
    if src == "float":
        return b.value(f"fpext {st} {x} to {dt}")
    r = b.value(f"fptrunc {st} {x} to {dt}")
    if rounding in ("", "_rte"):
        return r
    back = b.value(f"fpext {dt} {r} to {st}")
    above = b.value(f"fcmp ogt {st} {back}, {x}")
    below = b.value(f"fcmp olt {st} {back}, {x}")
    negative = b.value(f"fcmp olt {st} {x}, {splat(src, n, float_literal(src, 0.0))}")
    return directed(b, dst, n, rounding, r, above, below, negative)


def function(src, dst, n, sat, rounding):
    name = f"convert_{dst}{'' if n == 1 else n}{'_sat' if sat else ''}{rounding}"
    mangled = f"_Z{len(name)}{name}{mangled_type(src, n)}"
    b = Body()
    x = "%x"
    if src in INTS and dst in INTS:
        r = int_to_int(b, src, dst, n, sat, x)
    elif src in FLOATS and dst in INTS:
        r = float_to_int(b, src, dst, n, rounding, x)
    elif src in INTS:
        r = int_to_float(b, src, dst, n, rounding, x)
    else:
        r = float_to_float(b, src, dst, n, rounding, x)
    text = (f"define spir_func {ir_type(dst, n)} @{mangled}({ir_type(src, n)} %x) #0 {{\n"
            + "\n".join(b.lines + [f"  ret {ir_type(dst, n)} {r}"]) + "\n}\n")
    return text, b.declares


def main():
    out = [
        "; Generated by gen_conversions.py: do not edit.",
        'target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-'
        'v192:256-v256:256-v512:512-v1024:1024"',
        'target triple = "spir64-unknown-unknown"',
        "",
    ]
    declares = set()
    types = list(INTS) + list(FLOATS)
    for src in types:
        for dst in types:
            for n in WIDTHS:
                for sat in ((False, True) if dst in INTS else (False,)):
                    for rounding in ROUNDINGS:
                        text, decl = function(src, dst, n, sat, rounding)
                        out.append(text)
                        declares |= decl
    out.extend(sorted(declares))
    out.append("attributes #0 = { alwaysinline nounwind readnone willreturn }")
    with open(sys.argv[1], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
