//===- MathReference.cpp - MPFR references and ulp errors -----------------===//

#include "MathReference.h"

#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace loom {
namespace math {

namespace {

constexpr mpfr_rnd_t Near = MPFR_RNDN;

using Unary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using Binary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

RefFunction unary(Unary F) {
  return [F](mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
    F(Out, Args.A, Near);
  };
}
RefFunction binary(Binary F) {
  return [F](mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
    F(Out, Args.A, Args.B, Near);
  };
}
// MPFR's exact rounding functions take no rounding mode.
RefFunction rounding(int (*F)(mpfr_ptr, mpfr_srcptr)) {
  return [F](mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
    F(Out, Args.A);
  };
}

// 1 / sqrt(x) with IEEE's sign for -0 (MPFR's rec_sqrt gives +inf there).
void rsqrt(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  mpfr_sqrt(Out, Args.A, Near);
  mpfr_ui_div(Out, 1, Out, Near);
}

void lgamma(mpfr_ptr Out, mpfr_ptr, long *Sign, const RefArgs &Args) {
  int S = 0;
  mpfr_lgamma(Out, &S, Args.A, Near);
  if (Sign)
    *Sign = S;
}

void sincos(mpfr_ptr Out, mpfr_ptr Cos, long *, const RefArgs &Args) {
  mpfr_sin_cos(Out, Cos, Args.A, Near);
}

void frexp(mpfr_ptr Out, mpfr_ptr, long *Exponent, const RefArgs &Args) {
  mpfr_exp_t E = 0;
  mpfr_frexp(&E, Out, Args.A, Near);
  *Exponent = mpfr_regular_p(Args.A) ? E : 0;
}

void modf(mpfr_ptr Out, mpfr_ptr Integral, long *, const RefArgs &Args) {
  mpfr_modf(Integral, Out, Args.A, Near);
  // C's modf gives a zero fraction the sign of x, and infinities a zero.
  if (mpfr_inf_p(Args.A))
    mpfr_set_zero(Out, mpfr_signbit(Args.A) ? -1 : 1);
}

// fract(x) = min(x - floor(x), 0x1.fffffep-1f), floor(x) through the pointer.
void fract(mpfr_ptr Out, mpfr_ptr Floor, long *, const RefArgs &Args) {
  mpfr_floor(Floor, Args.A);
  if (mpfr_nan_p(Args.A)) {
    mpfr_set_nan(Out);
    return;
  }
  if (mpfr_inf_p(Args.A)) {
    mpfr_set_zero(Out, mpfr_signbit(Args.A) ? -1 : 1);
    return;
  }
  mpfr_sub(Out, Args.A, Floor, Near);
  double Below1 = Args.IsDouble ? 0x1.fffffffffffffp-1 : 0x1.fffffep-1;
  if (mpfr_cmp_d(Out, Below1) > 0)
    mpfr_set_d(Out, Below1, Near);
  if (mpfr_zero_p(Out))
    mpfr_set_zero(Out, mpfr_signbit(Args.A) ? -1 : 1);
}

void remquo(mpfr_ptr Out, mpfr_ptr, long *Quotient, const RefArgs &Args) {
  long Q = 0;
  mpfr_remquo(Out, &Q, Args.A, Args.B, Near);
  // OpenCL needs the sign of x / y and at least the quotient's low three
  // bits; Loom gives seven, which the conformance tests check.
  long Magnitude = (Q < 0 ? -Q : Q) & 127;
  *Quotient = Q < 0 ? -Magnitude : Magnitude;
}

// maxmag / minmag: the argument of larger / smaller magnitude, else fmax /
// fmin.
RefFunction magnitude(bool Max) {
  return [Max](mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
    int Cmp = mpfr_cmpabs(Args.A, Args.B);
    if (mpfr_nan_p(Args.A) || mpfr_nan_p(Args.B) || Cmp == 0) {
      (Max ? mpfr_max : mpfr_min)(Out, Args.A, Args.B, Near);
      return;
    }
    mpfr_set(Out, (Cmp > 0) == Max ? Args.A : Args.B, Near);
  };
}

void nextafter(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  if (Args.IsDouble)
    mpfr_set_d(Out, std::nextafter(Args.RawA, Args.RawB), Near);
  else
    mpfr_set_flt(Out, std::nextafter(float(Args.RawA), float(Args.RawB)), Near);
}

void ldexp(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  mpfr_mul_2si(Out, Args.A, Args.N, Near);
}
void pown(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  mpfr_pow_si(Out, Args.A, Args.N, Near);
}
void rootn(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  mpfr_rootn_si(Out, Args.A, Args.N, Near);
}

// ilogb, with OpenCL's FP_ILOGB0 = INT_MIN and FP_ILOGBNAN = INT_MAX.
void ilogb(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  if (mpfr_nan_p(Args.A))
    mpfr_set_si(Out, std::numeric_limits<int>::max(), Near);
  else if (mpfr_inf_p(Args.A))
    mpfr_set_si(Out, std::numeric_limits<int>::max(), Near);
  else if (mpfr_zero_p(Args.A))
    mpfr_set_si(Out, std::numeric_limits<int>::min(), Near);
  else
    mpfr_set_si(Out, mpfr_get_exp(Args.A) - 1, Near);
}
void logb(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  if (mpfr_nan_p(Args.A))
    mpfr_set_nan(Out);
  else if (mpfr_inf_p(Args.A))
    mpfr_set_inf(Out, 1);
  else if (mpfr_zero_p(Args.A))
    mpfr_set_inf(Out, -1);
  else
    mpfr_set_si(Out, mpfr_get_exp(Args.A) - 1, Near);
}

// MPFR does not keep the sign of a NaN, which copysign reads.
void copysign(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  mpfr_set_d(Out, std::copysign(Args.RawA, Args.RawB), Near);
}

// OpenCL's powr is NaN for any NaN argument; IEEE 754's (MPFR's) gives
// powr(1, NaN) = 1.
void powr(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  if (mpfr_nan_p(Args.A) || mpfr_nan_p(Args.B))
    mpfr_set_nan(Out);
  else
    mpfr_powr(Out, Args.A, Args.B, Near);
}

void reciprocal(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  mpfr_ui_div(Out, 1, Args.A, Near);
}

void fma(mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
  mpfr_fma(Out, Args.A, Args.B, Args.C, Near);
}

// The relaxed functions of the float list whose double forms have
// relaxed-math evaluations of their own (math_double.inc), held to the
// full-precision bounds: OpenCL C gives double no relaxed ones.
bool hasRelaxedDouble(const std::string &Builtin) {
  static const std::set<std::string> Names = {
      "exp2",    "exp10", "log",    "log2",   "log10",  "asin",
      "acos",    "atan",  "asinpi", "acospi", "atanpi", "atan2",
      "atan2pi", "tanh",  "sinpi",  "cospi",  "tanpi"};
  return Names.count(Builtin) != 0;
}

// The double functions: every float one but the native_ and half_
// variants, which OpenCL C defines for float only, and the relaxed ones
// that have a double form of their own.
bool hasDouble(const MathFunction &F) {
  if (!F.Options.empty())
    return hasRelaxedDouble(F.Builtin);
  return F.Name.rfind("native_", 0) != 0 && F.Name.rfind("half_", 0) != 0;
}

std::vector<MathFunction> makeFloatFunctions() {
  using S = Signature;
  std::vector<MathFunction> Fs = {
      // Exponentials and logarithms.
      {"exp", S::FloatFloat, 3, unary(mpfr_exp), 100},
      {"exp2", S::FloatFloat, 3, unary(mpfr_exp2), 150},
      {"exp10", S::FloatFloat, 3, unary(mpfr_exp10), 45},
      {"expm1", S::FloatFloat, 3, unary(mpfr_expm1), 100},
      {"log", S::FloatFloat, 3, unary(mpfr_log), 1e6},
      {"log2", S::FloatFloat, 3, unary(mpfr_log2), 1e6},
      {"log10", S::FloatFloat, 3, unary(mpfr_log10), 1e6},
      {"log1p", S::FloatFloat, 2, unary(mpfr_log1p), 4},
      {"logb", S::FloatFloat, 0, logb, 1e10},
      {"ilogb", S::IntFloat, 0, ilogb, 1e10},
      // Powers and roots.
      {"pow", S::FloatFloat2, 16, binary(mpfr_pow), 20},
      {"powr", S::FloatFloat2, 16, powr, 20},
      {"pown", S::FloatFloatInt, 16, pown, 20},
      {"rootn", S::FloatFloatInt, 16, rootn, 1e4},
      {"cbrt", S::FloatFloat, 2, unary(mpfr_cbrt), 1e6},
      {"hypot", S::FloatFloat2, 4, binary(mpfr_hypot), 1e6},
      {"rsqrt", S::FloatFloat, 2, rsqrt, 1e6},
      {"sqrt", S::FloatFloat, 0, unary(mpfr_sqrt), 1e6},
      // Trigonometry.
      {"sin", S::FloatFloat, 4, unary(mpfr_sin), 1e4},
      {"cos", S::FloatFloat, 4, unary(mpfr_cos), 1e4},
      {"tan", S::FloatFloat, 5, unary(mpfr_tan), 1e4},
      {"sincos", S::FloatFloatPtrFloat, 4, sincos, 1e4},
      {"sinpi", S::FloatFloat, 4, unary(mpfr_sinpi), 100},
      {"cospi", S::FloatFloat, 4, unary(mpfr_cospi), 100},
      {"tanpi", S::FloatFloat, 6, unary(mpfr_tanpi), 100},
      {"asin", S::FloatFloat, 4, unary(mpfr_asin), 1},
      {"acos", S::FloatFloat, 4, unary(mpfr_acos), 1},
      {"atan", S::FloatFloat, 5, unary(mpfr_atan), 100},
      {"asinpi", S::FloatFloat, 5, unary(mpfr_asinpi), 1},
      {"acospi", S::FloatFloat, 5, unary(mpfr_acospi), 1},
      {"atanpi", S::FloatFloat, 5, unary(mpfr_atanpi), 100},
      {"atan2", S::FloatFloat2, 6, binary(mpfr_atan2), 100},
      {"atan2pi", S::FloatFloat2, 6, binary(mpfr_atan2pi), 100},
      // Hyperbolic functions.
      {"sinh", S::FloatFloat, 4, unary(mpfr_sinh), 90},
      {"cosh", S::FloatFloat, 4, unary(mpfr_cosh), 90},
      {"tanh", S::FloatFloat, 5, unary(mpfr_tanh), 10},
      {"asinh", S::FloatFloat, 4, unary(mpfr_asinh), 1e6},
      {"acosh", S::FloatFloat, 4, unary(mpfr_acosh), 1e6},
      {"atanh", S::FloatFloat, 5, unary(mpfr_atanh), 1},
      // Error and gamma functions. OpenCL gives lgamma no bound; Loom holds
      // it to tgamma's away from the negative zeros of lgamma, where no
      // relative bound is meaningful (see doc/math.md).
      {"erf", S::FloatFloat, 16, unary(mpfr_erf), 5},
      {"erfc", S::FloatFloat, 16, unary(mpfr_erfc), 12},
      {"tgamma", S::FloatFloat, 16, unary(mpfr_gamma), 40},
      {"lgamma", S::FloatFloat, 16,
       [](mpfr_ptr Out, mpfr_ptr, long *, const RefArgs &Args) {
         lgamma(Out, nullptr, nullptr, Args);
       },
       1e3},
      {"lgamma_r", S::FloatFloatPtrInt, 16, lgamma, 1e3},
      // Exact functions.
      {"ceil", S::FloatFloat, 0, rounding(mpfr_ceil), 1e8},
      {"floor", S::FloatFloat, 0, rounding(mpfr_floor), 1e8},
      {"trunc", S::FloatFloat, 0, rounding(mpfr_trunc), 1e8},
      {"round", S::FloatFloat, 0, rounding(mpfr_round), 1e8},
      {"rint", S::FloatFloat, 0, rounding(mpfr_roundeven), 1e8},
      {"copysign", S::FloatFloat2, 0, copysign, 1e3},
      {"fdim", S::FloatFloat2, 0, binary(mpfr_dim), 1e3},
      {"fmod", S::FloatFloat2, 0, binary(mpfr_fmod), 1e3},
      {"remainder", S::FloatFloat2, 0, binary(mpfr_remainder), 1e3},
      {"remquo", S::FloatFloat2PtrInt, 0, remquo, 1e3},
      {"maxmag", S::FloatFloat2, 0, magnitude(true), 1e3},
      {"minmag", S::FloatFloat2, 0, magnitude(false), 1e3},
      {"nextafter", S::FloatFloat2, 0, nextafter, 1e3},
      {"fma", S::FloatFloat3, 0, fma, 1e3},
      {"ldexp", S::FloatFloatInt, 0, ldexp, 1e3},
      {"frexp", S::FloatFloatPtrInt, 0, frexp, 1e10},
      {"modf", S::FloatFloatPtrFloat, 0, modf, 1e8},
      {"fract", S::FloatFloatPtrFloat, 0, fract, 1e8},
  };
  // The reduced-precision variants: half_ must meet 8192 ulp; native_ has
  // no bound, and Loom holds it to half_'s.
  struct Variant {
    const char *Name;
    Signature Sig;
    RefFunction Ref;
    double Range;
  };
  const Variant Variants[] = {
      {"sin", S::FloatFloat, unary(mpfr_sin), 1e4},
      {"cos", S::FloatFloat, unary(mpfr_cos), 1e4},
      {"tan", S::FloatFloat, unary(mpfr_tan), 1e4},
      {"exp", S::FloatFloat, unary(mpfr_exp), 100},
      {"exp2", S::FloatFloat, unary(mpfr_exp2), 150},
      {"exp10", S::FloatFloat, unary(mpfr_exp10), 45},
      {"log", S::FloatFloat, unary(mpfr_log), 1e6},
      {"log2", S::FloatFloat, unary(mpfr_log2), 1e6},
      {"log10", S::FloatFloat, unary(mpfr_log10), 1e6},
      {"powr", S::FloatFloat2, powr, 20},
      {"sqrt", S::FloatFloat, unary(mpfr_sqrt), 1e6},
      {"rsqrt", S::FloatFloat, rsqrt, 1e6},
      {"recip", S::FloatFloat, reciprocal, 1e6},
      {"divide", S::FloatFloat2, binary(mpfr_div), 1e6},
  };
  for (const char *Prefix : {"half_", "native_"})
    for (const Variant &V : Variants)
      Fs.push_back({std::string(Prefix) + V.Name, V.Sig, 8192, V.Ref, V.Range});
  // The functions under relaxed math, whose calls then allow approximate
  // functions (RelaxedMathPass): -cl-unsafe-math-optimizations rather than
  // -cl-fast-relaxed-math, which would also let the kernel assume that no
  // input is infinite or NaN. exp10's bound is exp's, not the derived
  // one the specification allows.
  struct Relaxed {
    const char *Name;
    Signature Sig;
    double Bound;
    RelaxedRule Rule;
    RefFunction Ref;
    double Range;
  };
  const Relaxed RelaxedFunctions[] = {
      {"exp", S::FloatFloat, 3, RelaxedRule::ExpGrowth, unary(mpfr_exp), 100},
      {"exp2", S::FloatFloat, 3, RelaxedRule::ExpGrowth, unary(mpfr_exp2), 150},
      {"exp10", S::FloatFloat, 3, RelaxedRule::ExpGrowth, unary(mpfr_exp10),
       45},
      {"log", S::FloatFloat, 3, RelaxedRule::AbsoluteNearOne, unary(mpfr_log),
       1e6},
      {"log2", S::FloatFloat, 3, RelaxedRule::AbsoluteNearOne, unary(mpfr_log2),
       1e6},
      {"log10", S::FloatFloat, 3, RelaxedRule::AbsoluteNearOne,
       unary(mpfr_log10), 1e6},
      {"asin", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_asin), 1},
      {"acos", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_acos), 1},
      {"atan", S::FloatFloat, 5, RelaxedRule::None, unary(mpfr_atan), 100},
      {"asinpi", S::FloatFloat, 5, RelaxedRule::None, unary(mpfr_asinpi), 1},
      {"acospi", S::FloatFloat, 5, RelaxedRule::None, unary(mpfr_acospi), 1},
      {"atanpi", S::FloatFloat, 5, RelaxedRule::None, unary(mpfr_atanpi), 100},
      {"atan2", S::FloatFloat2, 6, RelaxedRule::None, binary(mpfr_atan2), 100},
      {"tanh", S::FloatFloat, 5, RelaxedRule::None, unary(mpfr_tanh), 10},
      {"atan2pi", S::FloatFloat2, 6, RelaxedRule::None, binary(mpfr_atan2pi),
       100},
      {"sinpi", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_sinpi), 100},
      {"cospi", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_cospi), 100},
      {"tanpi", S::FloatFloat, 6, RelaxedRule::None, unary(mpfr_tanpi), 100},
      {"log1p", S::FloatFloat, 2, RelaxedRule::None, unary(mpfr_log1p), 4},
      {"asinh", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_asinh), 1e6},
      {"acosh", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_acosh), 1e6},
      {"atanh", S::FloatFloat, 5, RelaxedRule::None, unary(mpfr_atanh), 1},
      {"sin", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_sin), 1e4},
      {"cos", S::FloatFloat, 4, RelaxedRule::None, unary(mpfr_cos), 1e4},
      {"tan", S::FloatFloat, 5, RelaxedRule::None, unary(mpfr_tan), 1e4},
      {"cbrt", S::FloatFloat, 2, RelaxedRule::None, unary(mpfr_cbrt), 1e6},
      {"erf", S::FloatFloat, 16, RelaxedRule::None, unary(mpfr_erf), 5},
      {"erfc", S::FloatFloat, 16, RelaxedRule::None, unary(mpfr_erfc), 12},
  };
  for (const Relaxed &R : RelaxedFunctions) {
    MathFunction F{std::string("relaxed_") + R.Name,
                   R.Sig,
                   R.Bound,
                   R.Ref,
                   R.Range,
                   R.Name};
    F.Options = "-cl-unsafe-math-optimizations";
    F.Rule = R.Rule;
    Fs.push_back(F);
  }
  return Fs;
}

// The double functions, with the float entries' bounds (the same for double
// except sqrt, correctly rounded in both) and ranges widened to double's.
std::vector<MathFunction> makeDoubleFunctions() {
  const std::map<std::string, double> Ranges = {
      {"exp", 750},    {"exp2", 1100},   {"exp10", 330},   {"expm1", 750},
      {"pow", 40},     {"powr", 40},     {"sinh", 720},    {"cosh", 720},
      {"tanh", 25},    {"log", 1e300},   {"log2", 1e300},  {"log10", 1e300},
      {"cbrt", 1e300}, {"hypot", 1e300}, {"rsqrt", 1e300}, {"sqrt", 1e300},
      {"tgamma", 180}, {"erfc", 28}};
  std::vector<MathFunction> Fs;
  for (const MathFunction &F : makeFloatFunctions()) {
    if (!hasDouble(F))
      continue;
    MathFunction D = F;
    D.IsDouble = true;
    D.Rule = RelaxedRule::None; // float's relaxed bounds only
    auto It = Ranges.find(builtinOf(F));
    if (It != Ranges.end())
      D.Range = It->second;
    Fs.push_back(D);
  }
  // Relaxed evaluations that only the double forms have, held to the
  // full-precision bounds (lgamma to tgamma's, as above).
  for (const MathFunction &F : makeFloatFunctions()) {
    if (F.Name != "lgamma" && F.Name != "tgamma")
      continue;
    MathFunction D = F;
    D.Name = "relaxed_" + F.Name;
    D.Builtin = F.Name;
    D.IsDouble = true;
    D.Options = "-cl-unsafe-math-optimizations";
    auto It = Ranges.find(F.Name);
    if (It != Ranges.end())
      D.Range = It->second;
    Fs.push_back(D);
  }
  return Fs;
}

} // namespace

std::string builtinOf(const MathFunction &F) {
  return F.Builtin.empty() ? F.Name : F.Builtin;
}

const std::vector<MathFunction> &floatFunctions() {
  static const std::vector<MathFunction> Fs = makeFloatFunctions();
  return Fs;
}

const std::vector<MathFunction> &doubleFunctions() {
  static const std::vector<MathFunction> Fs = makeDoubleFunctions();
  return Fs;
}

double ulpError(double Result, mpfr_srcptr Ref, bool IsDouble) {
  const int Digits = IsDouble ? 53 : 24;
  const mpfr_exp_t MinExp = IsDouble ? -1022 : -126;
  const mpfr_exp_t MaxExp = IsDouble ? 1023 : 127;
  constexpr double Infinite = std::numeric_limits<double>::infinity();
  if (mpfr_nan_p(Ref))
    return std::isnan(Result) ? 0 : Infinite;
  if (std::isnan(Result))
    return Infinite;
  if (mpfr_inf_p(Ref))
    return std::isinf(Result) && std::signbit(Result) == bool(mpfr_signbit(Ref))
               ? 0
               : Infinite;
  if (mpfr_zero_p(Ref) && Result == 0)
    return std::signbit(Result) == bool(mpfr_signbit(Ref)) ? 0 : Infinite;
  // Past the largest float by half an ulp or more, the correctly rounded
  // result is an infinity.
  if (std::isinf(Result) && std::signbit(Result) == bool(mpfr_signbit(Ref))) {
    // The largest finite value plus half an ulp: (2^(p+1) - 1) 2^(max - p).
    mpfr_t Overflow;
    mpfr_init2(Overflow, 64);
    mpfr_set_ui_2exp(Overflow, (1UL << (Digits + 1)) - 1, MaxExp - Digits,
                     Near);
    bool Overflows = mpfr_cmpabs(Ref, Overflow) >= 0;
    mpfr_clear(Overflow);
    if (Overflows)
      return 0;
  }

  // The spacing of values around Ref: 2^(e - p + 1) for Ref in [2^e,
  // 2^(e+1)), the denormal spacing below the smallest normal, and an
  // infinite result counted as 2^(max + 1) (one step past the largest).
  mpfr_exp_t E = mpfr_zero_p(Ref) ? MinExp : mpfr_get_exp(Ref) - 1;
  if (E < MinExp)
    E = MinExp;
  if (E > MaxExp)
    E = MaxExp;
  mpfr_t Diff;
  mpfr_init2(Diff, RefPrecision + 64);
  if (std::isinf(Result))
    mpfr_set_si_2exp(Diff, Result > 0 ? 1 : -1, MaxExp + 1, Near);
  else
    mpfr_set_d(Diff, Result, Near);
  mpfr_sub(Diff, Diff, Ref, Near);
  mpfr_abs(Diff, Diff, Near);
  mpfr_mul_2si(Diff, Diff, -(E - (Digits - 1)), Near);
  double Ulps = mpfr_get_d(Diff, Near);
  mpfr_clear(Diff);
  return Ulps;
}

double ulpOfOneError(double Result, mpfr_srcptr Ref, bool IsDouble) {
  if (!std::isfinite(Result) || !mpfr_number_p(Ref))
    return std::numeric_limits<double>::infinity();
  mpfr_t Diff;
  mpfr_init2(Diff, RefPrecision + 64);
  mpfr_set_d(Diff, Result, Near);
  mpfr_sub(Diff, Diff, Ref, Near);
  mpfr_abs(Diff, Diff, Near);
  mpfr_mul_2si(Diff, Diff, IsDouble ? 52 : 23, Near);
  double Ulps = mpfr_get_d(Diff, Near);
  mpfr_clear(Diff);
  return Ulps;
}

} // namespace math
} // namespace loom
