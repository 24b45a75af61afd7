#!/usr/bin/env python3
"""Prints the coefficients of the polynomial fits in math_float.inc and
math_double.inc, as the Horner lines those files hold.

Not run by the build: the coefficients are checked in. Needs mpmath
(Debian: python3-mpmath). Each fit is mpmath's Chebyshev interpolation
(near-minimax) of:
  - float, atan_poly: atan(a) / a as a polynomial in z = a^2, a in [0, 1],
    degree 15;
  - float, atan_ratio_f (relaxed math): the same, degree 10, with its
    coefficients rounded to float (the constant term, 1, is folded into
    the last step);
  - float, tanh_small_f (relaxed math): tanh(a) / a as a polynomial in
    z = a^2, a in [0, 0.55], degree 5, coefficients in float;
  - float, sinpi_kernel_f (relaxed math): (sin(pi a) / a - pi) / z, the
    part of sin(pi a) / a after its constant term, as a polynomial in
    z = a^2, a in [0, 1/4], degree 3, coefficients in float (every one
    printed: pi is added in two parts by the caller);
  - float, cospi_kernel_f (relaxed math): (cos(pi a) - 1) / z in the same
    z, degree 3, coefficients in float (1 is added by the caller);
  - float, sin_kernel_f and cos_kernel_f (relaxed math): (sin(a) / a - 1)
    / z and (cos(a) - 1) / z, z = a^2, a in [0, pi/4] (and 0.01% beyond),
    degree 3, coefficients in float, every one printed;
  - float, erf_small: erf(a) / a as a polynomial in z = a^2, a in [0, 1],
    degree 7;
  - float, erfc_large: a sqrt(pi) erfcx(a), erfcx(a) = e^(a^2) erfc(a), as
    a polynomial in z = (a - 3) / (a + 3), a in [1, 10.5], degree 10;
  - double, erfc_large_d: the same in z = (a - 4) / (a + 4), a in [1, 28],
    degree 21;
  - double, atan_relaxed_d (relaxed math): (atan(t) / t - 1) / z, the part
    of atan(t) / t after its constant term, as a polynomial in z = t^2, t in
    [0, tan(pi/8)] (and 0.01% beyond), degree 10;
  - double, asin_small_relaxed_d (relaxed math): (asin(s) / s - 1) / z in
    z = s^2, s in [0, 1/2] (z to 0.01% beyond 1/4), degree 12;
  - double, log_relaxed_d (relaxed math): (2 atanh(s) / s - 2) / z in z =
    s^2, |s| up to (sqrt(2) - 1) / (sqrt(2) + 1) (z to 0.01% beyond),
    degree 6;
  - double, exp2 and exp10 (relaxed math): (2^r - 1) / r on |r| <= 1/2 and
    (10^r - 1) / r on |r| <= log10(2) / 2 (both 0.01% beyond), degree 10
    (the polynomial's variable is printed as z);
  - double, tanh (relaxed math): (tanh(a) / a - 1) / z in z = a^2, a in
    [0, 0.55] (z to 0.01% beyond), degree 10, and (e^r - 1) / r on |r| <=
    ln(2) / 2 (0.01% beyond), degree 10;
  - float, erf_small_f and erfc_large_f (relaxed math): erf_small's and
    erfc_large's functions, degrees 5 and 8, coefficients in float;
  - double, sinpi_kernel_d and cospi_kernel_d (relaxed math): the float
    kernels' functions in double, degree 6 (every coefficient printed).
And, not a fit, lanczos_sum's two polynomials: Lanczos' sum (g = 7, nine
terms) c0 + sum of c_k / (x + k), k = 1..8, over one denominator, N(x) /
D(x) with D(x) the product of the (x + k).
For each fit, it also prints the worst relative error of the polynomial with
its coefficients rounded to double (to float for the float fits), over 2001 points, and the ratio of
sum |c_k z^k| to the value (how much Horner's rounding can grow).
"""

import struct

import mpmath as mp

mp.mp.dps = 60


def atan_over_a(z):
    a = mp.sqrt(z)
    return mp.atan(a) / a if z > 0 else mp.mpf(1)


def atan_tail(z):
    a = mp.sqrt(z)
    return (mp.atan(a) / a - 1) / z if z > 0 else -mp.mpf(1) / 3


def asin_tail(z):
    a = mp.sqrt(z)
    return (mp.asin(a) / a - 1) / z if z > 0 else mp.mpf(1) / 6


def log_tail(z):
    s = mp.sqrt(z)
    return (2 * mp.atanh(s) / s - 2) / z if z > 0 else mp.mpf(2) / 3


def power_minus_one_over_r(base):
    def f(r):
        return (mp.power(base, r) - 1) / r if r != 0 else mp.log(base)
    return f


def tanh_tail(z):
    a = mp.sqrt(z)
    return (mp.tanh(a) / a - 1) / z if z > 0 else -mp.mpf(1) / 3


def tanh_over_a(z):
    a = mp.sqrt(z)
    return mp.tanh(a) / a if z > 0 else mp.mpf(1)


def sinpi_tail(z):
    a = mp.sqrt(z)
    return (mp.sin(mp.pi * a) / a - mp.pi) / z if z > 0 else -mp.pi**3 / 6


def cospi_tail(z):
    a = mp.sqrt(z)
    return (mp.cos(mp.pi * a) - 1) / z if z > 0 else -mp.pi**2 / 2


def sin_tail(z):
    a = mp.sqrt(z)
    return (mp.sin(a) / a - 1) / z if z > 0 else -mp.mpf(1) / 6


def cos_tail(z):
    a = mp.sqrt(z)
    return (mp.cos(a) - 1) / z if z > 0 else -mp.mpf(1) / 2


def erf_over_a(z):
    a = mp.sqrt(z)
    return mp.erf(a) / a if z > 0 else 2 / mp.sqrt(mp.pi)


def scaled_erfcx(k):
    def f(z):
        a = k * (1 + z) / (1 - z)
        return mp.exp(a * a) * mp.erfc(a) * a * mp.sqrt(mp.pi)
    return f


def to_float(c):
    return struct.unpack("f", struct.pack("f", float(c)))[0]


def float_literal(c):
    """c as a hexadecimal float literal without trailing zeros."""
    mantissa, exponent = c.hex().split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent + "f"


def fit(name, f, lo, hi, degree, single=False, whole=False):
    rounded = to_float if single else float
    coefficients = [rounded(c) for c in mp.chebyfit(f, [lo, hi], degree + 1)]
    worst = growth = 0
    for i in range(2001):
        z = lo + (hi - lo) * i / 2000
        value = magnitude = mp.mpf(0)
        for c in coefficients:
            value = value * z + c
            magnitude = magnitude * abs(z) + abs(c)
        worst = max(worst, abs(value / f(z) - 1))
        growth = max(growth, magnitude / abs(f(z)))
    print(f"// {name}: relative error {mp.nstr(worst, 3)}, "
          f"growth {mp.nstr(growth, 3)}")
    if single:
        print(f"  F p = {float_literal(coefficients[0])};")
        for c in coefficients[1:] if whole else coefficients[1:-1]:
            print(f"  p = FMA_F(p, z, {float_literal(c)});")
        return
    print(f"  D p = {coefficients[0].hex()};")
    for c in coefficients[1:]:
        print(f"  p = FMA_D(p, z, {c.hex()});")


LANCZOS = ["0.99999999999980993", "676.5203681218851", "-1259.1392167224028",
           "771.32342877765313", "-176.61502916214059", "12.507343278686905",
           "-0.13857109526572012", "9.9843695780195716e-6",
           "1.5056327351493116e-7"]


def times(p, q):
    """The product of two polynomials given lowest coefficient first."""
    r = [mp.mpf(0)] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            r[i + j] += a * b
    return r


def lanczos_rational():
    c = [mp.mpf(v) for v in LANCZOS]
    denominator = [mp.mpf(1)]
    for k in range(1, 9):
        denominator = times(denominator, [mp.mpf(k), mp.mpf(1)])
    numerator = [c[0] * d for d in denominator]
    for k in range(1, 9):
        others = [mp.mpf(1)]
        for j in range(1, 9):
            if j != k:
                others = times(others, [mp.mpf(j), mp.mpf(1)])
        for i, a in enumerate(others):
            numerator[i] += c[k] * a
    print("// lanczos_sum: N and D, highest coefficient first")
    for name, poly in (("n", numerator), ("d", denominator)):
        coefficients = [float(v) for v in reversed(poly)]
        print(f"  D {name} = {coefficients[0].hex()};")
        for v in coefficients[1:]:
            print(f"  {name} = FMA_D({name}, x, {v.hex()});")


def mapped(k, a):
    return (a - k) / (a + k)


def main():
    fit("atan_poly", atan_over_a, 0, 1, 15)
    fit("atan_ratio_f", atan_over_a, 0, 1, 10, single=True)
    fit("tanh_small_f", tanh_over_a, 0, mp.mpf("0.3025"), 5, single=True)
    fit("sinpi_kernel_f", sinpi_tail, 0, mp.mpf(1) / 16, 3, single=True,
        whole=True)
    fit("cospi_kernel_f", cospi_tail, 0, mp.mpf(1) / 16, 3, single=True,
        whole=True)
    quarter_turn = (mp.pi / 4 * mp.mpf("1.0001"))**2
    fit("sin_kernel_f", sin_tail, 0, quarter_turn, 3, single=True, whole=True)
    fit("cos_kernel_f", cos_tail, 0, quarter_turn, 3, single=True, whole=True)
    fit("erf_small", erf_over_a, 0, 1, 7)
    k = mp.mpf(3)
    fit("erfc_large", scaled_erfcx(k), mapped(k, 1), mapped(k, mp.mpf(10.5)),
        10)
    lanczos_rational()
    k = mp.mpf(4)
    fit("erfc_large_d", scaled_erfcx(k), mapped(k, 1), mapped(k, 28), 21)
    margin = mp.mpf("1.0001")
    fit("atan_relaxed_d", atan_tail, 0, (mp.tan(mp.pi / 8) * margin)**2, 10)
    fit("asin_small_relaxed_d", asin_tail, 0, margin / 4, 12)
    root2 = mp.sqrt(2)
    fit("log_relaxed_d", log_tail, 0, ((root2 - 1) / (root2 + 1))**2 * margin,
        6)
    fit("exp2_relaxed_d", power_minus_one_over_r(2), -margin / 2, margin / 2,
        10)
    half = mp.log10(2) / 2 * margin
    fit("exp10_relaxed_d", power_minus_one_over_r(10), -half, half, 10)
    fit("tanh_relaxed_d", tanh_tail, 0, mp.mpf("0.3025") * margin, 10)
    half = mp.log(2) / 2 * margin
    fit("tanh_relaxed_d, e^r", power_minus_one_over_r(mp.e), -half, half, 10)
    fit("erf_small_f", erf_over_a, 0, 1, 5, single=True, whole=True)
    k = mp.mpf(3)
    fit("erfc_large_f", scaled_erfcx(k), mapped(k, 1),
        mapped(k, mp.mpf(10.5)), 8, single=True, whole=True)
    fit("sinpi_kernel_d", sinpi_tail, 0, mp.mpf(1) / 16, 6)
    fit("cospi_kernel_d", cospi_tail, 0, mp.mpf(1) / 16, 6)


if __name__ == "__main__":
    main()
