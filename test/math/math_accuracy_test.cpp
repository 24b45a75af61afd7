//===- math_accuracy_test.cpp - The math builtins against MPFR ------------===//
///
/// \file
/// Runs every float math builtin of OpenCL C on the reference driver, compiled
/// by Loom for the CSA target, over a dense sample of its whole input range
/// (a stride through all 2^32 bit patterns, so every binade, the denormals,
/// the infinities and NaNs), random inputs in the function's useful range
/// and a list of edge cases, and compares each result with MPFR at 128 bits.
/// A test fails when one result is further from the true value than the
/// OpenCL C specification's bound in ulps (full profile), or when a special
/// case (NaN, infinity, signed zero, the integer results) differs.
///
/// LOOM_MATH_SAMPLES=N multiplies the number of samples by N for a deeper
/// run; LOOM_MATH_TABLE=FILE writes the table of doc/math.md.
///
//===----------------------------------------------------------------------===//

#include "MathReference.h"

#include "../e2e/KernelRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <map>
#include <random>
#include <sstream>

using namespace loom::math;
using loom::e2e::KernelArg;

namespace {

unsigned sampleScale() {
  const char *Env = std::getenv("LOOM_MATH_SAMPLES");
  int Scale = Env ? std::atoi(Env) : 1;
  return Scale > 0 ? Scale : 1;
}

//===-- Kernels -----------------------------------------------------------===//

std::string kernelFor(const MathFunction &F) {
  std::ostringstream K;
  std::string Call = builtinOf(F);
  K << "kernel void t_" << F.Name << "(";
  switch (F.Sig) {
  case Signature::FloatFloat:
    K << "global const float *a, global float *r) {\n  size_t i = "
         "get_global_id(0);\n  r[i] = "
      << Call << "(a[i]);\n";
    break;
  case Signature::FloatFloat2:
    K << "global const float *a, global const float *b, global float *r) {\n"
         "  size_t i = get_global_id(0);\n  r[i] = "
      << Call << "(a[i], b[i]);\n";
    break;
  case Signature::FloatFloat3:
    K << "global const float *a, global const float *b, global const float "
         "*c, global float *r) {\n  size_t i = get_global_id(0);\n  r[i] = "
      << Call << "(a[i], b[i], c[i]);\n";
    break;
  case Signature::FloatFloatInt:
    K << "global const float *a, global const int *n, global float *r) {\n"
         "  size_t i = get_global_id(0);\n  r[i] = "
      << Call << "(a[i], n[i]);\n";
    break;
  case Signature::IntFloat:
    K << "global const float *a, global int *r) {\n  size_t i = "
         "get_global_id(0);\n  r[i] = "
      << Call << "(a[i]);\n";
    break;
  case Signature::FloatFloatPtrFloat:
    K << "global const float *a, global float *r, global float *r2) {\n"
         "  size_t i = get_global_id(0);\n  float s;\n  r[i] = "
      << Call << "(a[i], &s);\n  r2[i] = s;\n";
    break;
  case Signature::FloatFloatPtrInt:
    K << "global const float *a, global float *r, global int *r2) {\n"
         "  size_t i = get_global_id(0);\n  int s;\n  r[i] = "
      << Call << "(a[i], &s);\n  r2[i] = s;\n";
    break;
  case Signature::FloatFloat2PtrInt:
    K << "global const float *a, global const float *b, global float *r, "
         "global int *r2) {\n  size_t i = get_global_id(0);\n  int s;\n"
         "  r[i] = "
      << Call << "(a[i], b[i], &s);\n  r2[i] = s;\n";
    break;
  }
  K << "}\n";
  if (!F.IsDouble)
    return K.str();
  // The same kernel on doubles, named td_<function>.
  std::string Text = K.str();
  for (size_t At = Text.find("float"); At != std::string::npos;
       At = Text.find("float", At + 6))
    Text.replace(At, 5, "double");
  return "kernel void td_" + Text.substr(std::strlen("kernel void t_"));
}

std::string kernelName(const MathFunction &F) {
  return (F.IsDouble ? "td_" : "t_") + F.Name;
}

/// The function's test kernel, compiled alone: each ctest entry runs one
/// function, and compiling all of them would cost each entry seconds.
std::vector<char> mathBinary(const MathFunction &F, std::string &Error) {
  std::vector<char> Binary;
  std::string Source = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  Source += kernelFor(F);
  Error = loom::e2e::compileKernel(Source, Binary, F.Options, "csa", "math.cl");
  return Binary;
}

//===-- Inputs ------------------------------------------------------------===//

std::vector<float> edgeFloats() {
  const float Inf = INFINITY;
  std::vector<float> E = {0.0f,
                          -0.0f,
                          0x1p-149f,
                          -0x1p-149f,
                          0x1.fffffcp-127f,
                          -0x1.fffffcp-127f,
                          FLT_MIN,
                          -FLT_MIN,
                          FLT_MAX,
                          -FLT_MAX,
                          Inf,
                          -Inf,
                          NAN,
                          1.0f,
                          -1.0f,
                          0.5f,
                          -0.5f,
                          1.5f,
                          -1.5f,
                          2.0f,
                          -2.0f,
                          2.5f,
                          -2.5f,
                          3.0f,
                          -3.0f,
                          0x1p-24f,
                          0x1.fffffep-1f,
                          0x1.000002p+0f,
                          -0x1.fffffep-1f,
                          10.0f,
                          -10.0f,
                          100.0f,
                          0x1.921fb6p+0f,
                          0x1.921fb6p+1f,
                          0x1.921fb6p+2f,
                          0x1.2d97c8p+2f,
                          0x1p24f,
                          0x1.fffffep+24f,
                          0x1p25f,
                          0x1.000002p+25f,
                          1e10f,
                          1e20f,
                          1e30f,
                          -1e30f,
                          88.72f,
                          89.5f,
                          -87.33f,
                          -103.9f,
                          127.99f,
                          128.0f,
                          -149.0f,
                          -150.0f,
                          38.5f,
                          -37.9f,
                          0.7f,
                          -0.3f,
                          0x1p-60f,
                          -0x1p-60f,
                          16367173.0f * 0x1p72f};
  return E;
}

std::vector<double> edgeDoubles() {
  const double Inf = INFINITY;
  std::vector<double> E = {
      0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x0.fffffffffffffp-1022,
      -0x0.fffffffffffffp-1022,
      // Denormals whose scaling by a few halvings
      // rounds (the CTS's test_bruteforce: ldexp of
      // the first by -3 is -2^-1074, not -0).
      -0x0.0000000000005p-1022, 0x0.00000000000b7p-1022,
      0x0.8000000000003p-1022, DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, Inf, -Inf,
      NAN, 0x1.fffffffffffffp-1, 0x1.0000000000001p+0, 0x1.921fb54442d18p+0,
      0x1.921fb54442d18p+1, 0x1p17, 0x1.fffffffffffffp+16, 0x1p20, 0x1p53,
      1e100, 1e300, -1e300, 709.78, 710.5, -745.1, -708.4, 1023.99, 1024.0,
      -1074.0, -1075.0, 6381956970095103.0 * 0x1p797, 0x1p-60, -0x1p-60};
  for (float F : edgeFloats())
    E.push_back(F);
  return E;
}

struct Inputs {
  std::vector<double> A, B, C;
  std::vector<int> N;
};

double randomInRange(std::mt19937_64 &Rng, const MathFunction &F) {
  double V = std::uniform_real_distribution<double>(-F.Range, F.Range)(Rng);
  return F.IsDouble ? V : double(float(V));
}

// Magnitudes spread evenly over binades from 2^-40 to Range, either sign.
double randomLogUniform(std::mt19937_64 &Rng, const MathFunction &F) {
  double Top = std::log2(F.Range) + 1;
  double E = std::uniform_real_distribution<double>(-40, Top)(Rng);
  double V = std::exp2(E);
  V = Rng() & 1 ? -V : V;
  return F.IsDouble ? V : double(float(V));
}

// The K-th of Count bit patterns spread evenly over all of them.
double patternAt(uint64_t K, uint64_t Count, std::mt19937_64 &Rng,
                 bool IsDouble) {
  if (IsDouble) {
    uint64_t Bits = K * (~uint64_t(0) / Count) + (Rng() >> 24);
    double D;
    std::memcpy(&D, &Bits, 8);
    return D;
  }
  uint32_t Bits = uint32_t((K << 32) / Count) + (Rng() & 0xffff);
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

std::vector<double> edges(const MathFunction &F) {
  if (F.IsDouble)
    return edgeDoubles();
  std::vector<double> E;
  for (float V : edgeFloats())
    E.push_back(V);
  return E;
}

std::vector<double> unaryInputs(const MathFunction &F, std::mt19937_64 &Rng) {
  unsigned Scale = sampleScale();
  std::vector<double> V = edges(F);
  uint64_t Patterns = 65536 * Scale;
  for (uint64_t K = 0; K < Patterns; ++K)
    V.push_back(patternAt(K, Patterns, Rng, F.IsDouble));
  for (unsigned K = 0; K < 65536 * Scale; ++K)
    V.push_back(randomInRange(Rng, F));
  for (unsigned K = 0; K < 32768 * Scale; ++K)
    V.push_back(randomLogUniform(Rng, F));
  return V;
}

int randomInt(std::mt19937_64 &Rng, const MathFunction &F) {
  int Limit = F.Name == "ldexp" ? (F.IsDouble ? 2200 : 300) : 40;
  return std::uniform_int_distribution<int>(-Limit, Limit)(Rng);
}

Inputs makeInputs(const MathFunction &F) {
  std::mt19937_64 Rng(std::hash<std::string>()(kernelName(F)));
  Inputs In;
  switch (F.Sig) {
  case Signature::FloatFloat:
  case Signature::IntFloat:
  case Signature::FloatFloatPtrFloat:
  case Signature::FloatFloatPtrInt:
    In.A = unaryInputs(F, Rng);
    break;
  case Signature::FloatFloatInt: {
    In.A = unaryInputs(F, Rng);
    for (size_t I = 0; I < In.A.size(); ++I)
      In.N.push_back(randomInt(Rng, F));
    const int EdgeInts[] = {0,  1,  -1, 2,   -2,      3,
                            -3, -5, 7,  -60, INT_MAX, INT_MIN};
    for (double X : edges(F))
      for (int N : EdgeInts) {
        In.A.push_back(X);
        In.N.push_back(N);
      }
    break;
  }
  case Signature::FloatFloat2:
  case Signature::FloatFloat2PtrInt:
  case Signature::FloatFloat3: {
    bool Three = F.Sig == Signature::FloatFloat3;
    std::vector<double> E = edges(F);
    for (double X : E)
      for (double Y : E) {
        In.A.push_back(X);
        In.B.push_back(Y);
        if (Three)
          In.C.push_back(E[(In.C.size() * 7) % E.size()]);
      }
    unsigned Scale = sampleScale();
    uint64_t Patterns = 32768 * Scale;
    for (uint64_t K = 0; K < Patterns; ++K) {
      In.A.push_back(patternAt(K, Patterns, Rng, F.IsDouble));
      In.B.push_back(
          patternAt((K * 40503) % Patterns, Patterns, Rng, F.IsDouble));
      if (Three)
        In.C.push_back(
            patternAt((K * 9973) % Patterns, Patterns, Rng, F.IsDouble));
    }
    for (unsigned K = 0; K < 65536 * Scale; ++K) {
      In.A.push_back(randomInRange(Rng, F));
      In.B.push_back(randomInRange(Rng, F));
      if (Three)
        In.C.push_back(randomInRange(Rng, F));
    }
    // Integral exponents, which decide the sign of pow of a negative base.
    for (unsigned K = 0; K < 8192 * Scale; ++K) {
      In.A.push_back(randomInRange(Rng, F));
      In.B.push_back(double(std::uniform_int_distribution<int>(-12, 12)(Rng)));
      if (Three)
        In.C.push_back(randomInRange(Rng, F));
    }
    break;
  }
  }
  return In;
}

/// A buffer of the function's floating type holding \p Values.
KernelArg floatingBuffer(const MathFunction &F,
                         const std::vector<double> &Values) {
  if (F.IsDouble)
    return KernelArg::buffer(Values);
  return KernelArg::buffer(std::vector<float>(Values.begin(), Values.end()));
}

std::vector<double> floatingResults(const MathFunction &F,
                                    const KernelArg &Arg) {
  if (F.IsDouble)
    return Arg.as<double>();
  std::vector<float> Floats = Arg.as<float>();
  return std::vector<double>(Floats.begin(), Floats.end());
}

//===-- Checking ----------------------------------------------------------===//

struct Outcome {
  double MaxError = 0;
  std::string WorstInput;
  size_t Failures = 0;
  std::string FirstFailures;
  size_t Count = 0;
};

std::map<std::string, Outcome> &outcomes() {
  static std::map<std::string, Outcome> Results;
  return Results;
}

std::string describe(const Inputs &In, size_t I) {
  std::ostringstream S;
  S << std::hexfloat << "x=" << In.A[I];
  if (!In.B.empty())
    S << " y=" << In.B[I];
  if (!In.C.empty())
    S << " z=" << In.C[I];
  if (!In.N.empty())
    S << std::dec << " n=" << In.N[I];
  return S.str();
}

/// Whether \p Result, \p Error ulps from \p Ref, is within \p F's bound
/// (\p Bound ulps) at input \p X, by the rule of its relaxed variant.
bool withinBound(const MathFunction &F, double X, double Result,
                 mpfr_srcptr Ref, double Error, double Bound) {
  switch (F.Rule) {
  case RelaxedRule::None:
    break;
  case RelaxedRule::ExpGrowth:
    if (std::isfinite(X))
      Bound += std::floor(std::fabs(2 * X));
    break;
  case RelaxedRule::AbsoluteNearOne:
    if (X >= 0.5 && X <= 2)
      return std::fabs(Result - mpfr_get_d(Ref, MPFR_RNDN)) <= 0x1p-21;
    break;
  }
  return Error <= Bound;
}

/// The bound of \p F as doc/math.md's table states it.
std::string describeBound(const MathFunction &F) {
  if (F.BoundUlp == 0)
    return "correctly rounded";
  std::string Bound = std::to_string(int(F.BoundUlp));
  switch (F.Rule) {
  case RelaxedRule::None:
    return Bound;
  case RelaxedRule::ExpGrowth:
    return Bound + " + floor(\\|2x\\|)";
  case RelaxedRule::AbsoluteNearOne:
    return Bound + "; 2^-21 absolute on [0.5, 2]";
  }
  return Bound;
}

class MathAccuracy : public testing::TestWithParam<MathFunction> {};

} // namespace

namespace loom {
namespace math {
// gtest prints parameters of failed tests: the name says it all.
void PrintTo(const MathFunction &F, std::ostream *OS) { *OS << F.Name; }
} // namespace math
} // namespace loom

namespace {

TEST_P(MathAccuracy, WithinBound) {
  const MathFunction &F = GetParam();
  std::string CompileError;
  std::vector<char> Binary = mathBinary(F, CompileError);
  ASSERT_EQ(CompileError, "");
  Inputs In = makeInputs(F);
  size_t Count = In.A.size();

  std::vector<KernelArg> Args = {floatingBuffer(F, In.A)};
  if (!In.B.empty())
    Args.push_back(floatingBuffer(F, In.B));
  if (!In.C.empty())
    Args.push_back(floatingBuffer(F, In.C));
  if (!In.N.empty())
    Args.push_back(KernelArg::buffer(In.N));
  bool IntResult = F.Sig == Signature::IntFloat;
  Args.push_back(IntResult ? KernelArg::buffer(std::vector<int>(Count))
                           : floatingBuffer(F, std::vector<double>(Count)));
  bool SecondFloat = F.Sig == Signature::FloatFloatPtrFloat;
  bool SecondInt = F.Sig == Signature::FloatFloatPtrInt ||
                   F.Sig == Signature::FloatFloat2PtrInt;
  if (SecondFloat)
    Args.push_back(floatingBuffer(F, std::vector<double>(Count)));
  if (SecondInt)
    Args.push_back(KernelArg::buffer(std::vector<int>(Count)));
  size_t ResultArg = Args.size() - 1 - (SecondFloat || SecondInt);

  ASSERT_EQ(
      loom::e2e::runKernel(Binary, kernelName(F), Args, {{Count}, {}, {}}), "");

  std::vector<double> Results;
  std::vector<int> IntResults;
  if (IntResult)
    IntResults = Args[ResultArg].as<int>();
  else
    Results = floatingResults(F, Args[ResultArg]);
  std::vector<double> Seconds =
      SecondFloat ? floatingResults(F, Args.back()) : std::vector<double>();
  std::vector<int> SecondInts =
      SecondInt ? Args.back().as<int>() : std::vector<int>();

  mpfr_t A, B, C, Ref, Ref2;
  for (mpfr_ptr P : {A, B, C, Ref, Ref2})
    mpfr_init2(P, RefPrecision);
  double Bound = F.BoundUlp == 0 ? 0.5 : F.BoundUlp;
  Outcome Out;
  Out.Count = Count;
  auto Fail = [&](size_t I, const std::string &What) {
    if (++Out.Failures <= 5)
      Out.FirstFailures += "  " + describe(In, I) + ": " + What + "\n";
  };
  for (size_t I = 0; I < Count; ++I) {
    RefArgs R;
    mpfr_set_d(A, In.A[I], MPFR_RNDN);
    R.A = A;
    R.RawA = In.A[I];
    R.IsDouble = F.IsDouble;
    if (!In.B.empty()) {
      mpfr_set_d(B, In.B[I], MPFR_RNDN);
      R.B = B;
      R.RawB = In.B[I];
    }
    if (!In.C.empty()) {
      mpfr_set_d(C, In.C[I], MPFR_RNDN);
      R.C = C;
    }
    if (!In.N.empty())
      R.N = In.N[I];
    long Int2 = 0;
    F.Ref(Ref, Ref2, &Int2, R);

    if (IntResult) {
      long Expected = mpfr_get_si(Ref, MPFR_RNDN);
      if (IntResults[I] != Expected)
        Fail(I, "got " + std::to_string(IntResults[I]) + ", expected " +
                    std::to_string(Expected));
      continue;
    }
    double Error = ulpError(Results[I], Ref, F.IsDouble);
    // lgamma crosses zero between each pair of negative integers, where a
    // relative bound means nothing: there Loom bounds the error in ulps of
    // 1 (see doc/math.md).
    if (builtinOf(F).rfind("lgamma", 0) == 0 && In.A[I] < 0)
      Error = std::min(Error, ulpOfOneError(Results[I], Ref, F.IsDouble));
    if (Error > Out.MaxError || std::isnan(Error)) {
      Out.MaxError = Error;
      Out.WorstInput = describe(In, I);
    }
    if (!withinBound(F, In.A[I], Results[I], Ref, Error, Bound)) {
      std::ostringstream S;
      S << std::hexfloat << "got " << Results[I] << ", expected "
        << mpfr_get_d(Ref, MPFR_RNDN) << std::defaultfloat << " (" << Error
        << " ulp)";
      Fail(I, S.str());
    }
    if (SecondFloat) {
      double Error2 = ulpError(Seconds[I], Ref2, F.IsDouble);
      if (!(Error2 <= Bound)) {
        std::ostringstream S;
        S << std::hexfloat << "second result " << Seconds[I] << ", expected "
          << mpfr_get_d(Ref2, MPFR_RNDN);
        Fail(I, S.str());
      }
    }
    // The integer results: frexp's exponent, remquo's quotient bits where
    // the remainder is defined, lgamma_r's sign where Gamma is finite and
    // non-zero.
    if (SecondInt && !std::isnan(Results[I]) && !std::isinf(Results[I])) {
      bool Pole = F.Name == "lgamma_r" && In.A[I] <= 0 &&
                  std::trunc(In.A[I]) == In.A[I];
      if (!Pole && SecondInts[I] != Int2)
        Fail(I, "second result " + std::to_string(SecondInts[I]) +
                    ", expected " + std::to_string(Int2));
    }
  }
  for (mpfr_ptr P : {A, B, C, Ref, Ref2})
    mpfr_clear(P);
  outcomes()[kernelName(F)] = Out;
  EXPECT_EQ(Out.Failures, 0u)
      << F.Name << ": " << Out.Failures << " of " << Count
      << " results out of bound (" << F.BoundUlp << " ulp); first ones:\n"
      << Out.FirstFailures;
}

std::string testName(const testing::TestParamInfo<MathFunction> &Info) {
  return Info.param.Name;
}

INSTANTIATE_TEST_SUITE_P(Float, MathAccuracy,
                         testing::ValuesIn(floatFunctions()), testName);
INSTANTIATE_TEST_SUITE_P(Double, MathAccuracy,
                         testing::ValuesIn(doubleFunctions()), testName);

/// The vector overloads compute lane for lane what the scalar one does: for
/// each function of one or two floating-point arguments, the results of the
/// scalar form and of two vector widths (4 and 16 for float, 3 and 8 for
/// double) are compared bit for bit over the suite's inputs.
class VectorForms : public testing::TestWithParam<MathFunction> {};

TEST_P(VectorForms, MatchScalar) {
  const MathFunction &F = GetParam();
  const char *T = F.IsDouble ? "double" : "float";
  const int Widths[2] = {F.IsDouble ? 3 : 4, F.IsDouble ? 8 : 16};
  bool TwoArguments = F.Sig == Signature::FloatFloat2;
  // Parameters a[, b], r; the call on element i or vector i of width W.
  auto Kernel = [&](const std::string &Name, int W) {
    std::string Param = std::string("global const ") + T + " *";
    std::string Load = W == 1 ? "" : "vload" + std::to_string(W);
    auto Arg = [&](const char *P) {
      return W == 1 ? std::string(P) + "[i]" : Load + "(i, " + P + ")";
    };
    std::string Call = builtinOf(F) + "(" + Arg("a") +
                       (TwoArguments ? ", " + Arg("b") : "") + ")";
    return "kernel void " + Name + "(" + Param + "a, " +
           (TwoArguments ? Param + "b, " : "") + "global " + T +
           " *r) { size_t i = get_global_id(0); " +
           (W == 1 ? "r[i] = " + Call
                   : "vstore" + std::to_string(W) + "(" + Call + ", i, r)") +
           "; }\n";
  };
  std::string Source = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  Source += Kernel("scalar", 1);
  for (int W : Widths)
    Source += Kernel("v" + std::to_string(W), W);
  std::vector<char> Binary;
  ASSERT_EQ(
      loom::e2e::compileKernel(Source, Binary, F.Options, "csa", "vectors.cl"),
      "");
  Inputs In = makeInputs(F);
  size_t Count = In.A.size() / 48 * 48; // a multiple of every width
  In.A.resize(Count);
  In.B.resize(TwoArguments ? Count : 0);
  auto MakeArgs = [&] {
    std::vector<KernelArg> Args = {floatingBuffer(F, In.A)};
    if (TwoArguments)
      Args.push_back(floatingBuffer(F, In.B));
    Args.push_back(floatingBuffer(F, std::vector<double>(Count)));
    return Args;
  };
  std::vector<KernelArg> Args = MakeArgs();
  ASSERT_EQ(loom::e2e::runKernel(Binary, "scalar", Args, {{Count}, {}, {}}),
            "");
  std::vector<double> Scalar = floatingResults(F, Args.back());
  for (int W : Widths) {
    std::vector<KernelArg> VArgs = MakeArgs();
    ASSERT_EQ(loom::e2e::runKernel(Binary, "v" + std::to_string(W), VArgs,
                                   {{Count / W}, {}, {}}),
              "");
    std::vector<double> Vector = floatingResults(F, VArgs.back());
    size_t Mismatches = 0;
    for (size_t I = 0; I < Count; ++I) {
      bool Same = std::isnan(Scalar[I])
                      ? std::isnan(Vector[I])
                      : std::memcmp(&Scalar[I], &Vector[I], 8) == 0;
      if (!Same && ++Mismatches <= 3)
        ADD_FAILURE() << F.Name << " width " << W << " " << describe(In, I)
                      << std::hexfloat << ": scalar " << Scalar[I]
                      << ", vector " << Vector[I];
    }
    EXPECT_EQ(Mismatches, 0u);
  }
}

/// The functions with a second result through a pointer (frexp, modf,
/// fract, sincos, lgamma_r, remquo): for every vector width and the pointer
/// in each address space (private, global, local; OpenCL C 1.2's overload
/// for each, and 3.0's generic one), both results equal the scalar form's
/// with a private pointer in OpenCL C 1.2 (which WithinBound checks against
/// MPFR) bit for bit, over the suite's inputs.
class PointerForms : public testing::TestWithParam<MathFunction> {};

/// "float4", "int", ...: \p Scalar at width \p W.
std::string vectorType(const std::string &Scalar, int W) {
  return W == 1 ? Scalar : Scalar + std::to_string(W);
}

TEST_P(PointerForms, MatchScalarPrivate) {
  const MathFunction &F = GetParam();
  const std::string T = F.IsDouble ? "double" : "float";
  const bool SecondInt = F.Sig != Signature::FloatFloatPtrFloat;
  const std::string T2 = SecondInt ? "int" : T;
  const bool TwoArguments = F.Sig == Signature::FloatFloat2PtrInt;
  const int Widths[] = {1, 2, 3, 4, 8, 16};
  const char *Spaces[] = {"private", "global", "local"};
  constexpr int LocalSize = 64;
  auto Name = [](int W, const std::string &Space) {
    return "k" + std::to_string(W) + "_" + Space;
  };
  // Parameters a[, b], r, r2, and g2 (one second result of the vector type
  // per work-item, for the global pointer).
  auto Kernel = [&](int W, const std::string &Space) {
    std::string TW = vectorType(T, W), T2W = vectorType(T2, W);
    auto Load = [&](const char *P) {
      return W == 1 ? std::string(P) + "[i]"
                    : "vload" + std::to_string(W) + "(i, " + P + ")";
    };
    auto Store = [&](const std::string &V, const char *P) {
      return W == 1 ? std::string(P) + "[i] = " + V + ";\n"
                    : "vstore" + std::to_string(W) + "(" + V + ", i, " + P +
                          ");\n";
    };
    std::string Pointer = Space == "private"  ? "&s"
                          : Space == "global" ? "g2 + i"
                                              : "&l[get_local_id(0)]";
    std::string Second = Space == "private"  ? "s"
                         : Space == "global" ? "g2[i]"
                                             : "l[get_local_id(0)]";
    std::string K = "kernel void " + Name(W, Space) + "(global const " + T +
                    " *a, " +
                    (TwoArguments ? "global const " + T + " *b, " : "") +
                    "global " + T + " *r, global " + T2 + " *r2, global " +
                    T2W + " *g2) {\n  size_t i = get_global_id(0);\n";
    if (Space == "private")
      K += "  " + T2W + " s;\n";
    if (Space == "local")
      K += "  local " + T2W + " l[" + std::to_string(LocalSize) + "];\n";
    K += "  " + TW + " v = " + builtinOf(F) + "(" + Load("a") +
         (TwoArguments ? ", " + Load("b") : "") + ", " + Pointer + ");\n";
    K += "  " + Store("v", "r") + "  " + Store(Second, "r2") + "}\n";
    return K;
  };
  std::string Source = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  for (int W : Widths)
    for (const char *Space : Spaces)
      Source += Kernel(W, Space);
  std::vector<char> Binary, Generic;
  ASSERT_EQ(loom::e2e::compileKernel(Source, Binary, "", "csa", "pointers.cl"),
            "");
  ASSERT_EQ(loom::e2e::compileKernel(Source, Generic, "-cl-std=CL3.0", "csa",
                                     "pointers.cl"),
            "");
  Inputs In = makeInputs(F);
  // A multiple of every width's work-groups.
  size_t Count = In.A.size() / (48 * LocalSize) * (48 * LocalSize);
  In.A.resize(Count);
  In.B.resize(TwoArguments ? Count : 0);
  struct Results {
    std::vector<double> First, Second;
    std::vector<int> SecondInts;
  };
  auto Run = [&](const std::vector<char> &Binary, int W,
                 const std::string &Space, Results &Out) {
    size_t Elements = W == 3 ? 4 : W; // a 3-vector takes 4 elements' room
    size_t Size2 = SecondInt ? sizeof(int) : F.IsDouble ? 8 : 4;
    std::vector<KernelArg> Args = {floatingBuffer(F, In.A)};
    if (TwoArguments)
      Args.push_back(floatingBuffer(F, In.B));
    Args.push_back(floatingBuffer(F, std::vector<double>(Count)));
    Args.push_back(SecondInt ? KernelArg::buffer(std::vector<int>(Count))
                             : floatingBuffer(F, std::vector<double>(Count)));
    Args.push_back(
        KernelArg::buffer(std::vector<uint8_t>(Count / W * Elements * Size2)));
    std::string Error = loom::e2e::runKernel(Binary, Name(W, Space), Args,
                                             {{Count / W}, {LocalSize}, {}});
    if (!Error.empty())
      return Error;
    size_t R = Args.size() - 3;
    Out.First = floatingResults(F, Args[R]);
    if (SecondInt)
      Out.SecondInts = Args[R + 1].as<int>();
    else
      Out.Second = floatingResults(F, Args[R + 1]);
    return std::string();
  };
  auto SameBits = [](double X, double Y) {
    return std::isnan(X) ? std::isnan(Y) : std::memcmp(&X, &Y, 8) == 0;
  };
  Results Reference;
  ASSERT_EQ(Run(Binary, 1, "private", Reference), "");
  for (const auto *Program : {&Binary, &Generic})
    for (int W : Widths)
      for (const char *Space : Spaces) {
        const char *Version = Program == &Binary ? "OpenCL C 1.2" : "3.0";
        Results Got;
        ASSERT_EQ(Run(*Program, W, Space, Got), "");
        size_t Mismatches = 0;
        for (size_t I = 0; I < Count; ++I) {
          bool Same =
              SameBits(Reference.First[I], Got.First[I]) &&
              (SecondInt ? Reference.SecondInts[I] == Got.SecondInts[I]
                         : SameBits(Reference.Second[I], Got.Second[I]));
          if (!Same && ++Mismatches <= 3)
            ADD_FAILURE() << F.Name << " (" << Version << ") width " << W
                          << ", " << Space << " pointer, " << describe(In, I)
                          << std::hexfloat << ": got " << Got.First[I]
                          << " and "
                          << (SecondInt ? std::to_string(Got.SecondInts[I])
                                        : std::to_string(Got.Second[I]))
                          << ", scalar " << Reference.First[I] << " and "
                          << (SecondInt
                                  ? std::to_string(Reference.SecondInts[I])
                                  : std::to_string(Reference.Second[I]));
        }
        EXPECT_EQ(Mismatches, 0u)
            << Version << ", width " << W << ", " << Space;
      }
}

/// The full-precision functions of signature \p Sig, float and double.
std::vector<MathFunction> functionsOf(Signature Sig) {
  std::vector<MathFunction> Fs;
  for (const auto *List : {&floatFunctions(), &doubleFunctions()})
    for (const MathFunction &F : *List)
      if (F.Sig == Sig && F.Name.rfind("native_", 0) != 0 &&
          F.Name.rfind("half_", 0) != 0)
        Fs.push_back(F);
  return Fs;
}

std::string vectorTestName(const testing::TestParamInfo<MathFunction> &Info) {
  return (Info.param.IsDouble ? "double_" : "float_") + Info.param.Name;
}

INSTANTIATE_TEST_SUITE_P(Unary, VectorForms,
                         testing::ValuesIn(functionsOf(Signature::FloatFloat)),
                         vectorTestName);
INSTANTIATE_TEST_SUITE_P(Binary, VectorForms,
                         testing::ValuesIn(functionsOf(Signature::FloatFloat2)),
                         vectorTestName);
INSTANTIATE_TEST_SUITE_P(
    SecondFloat, PointerForms,
    testing::ValuesIn(functionsOf(Signature::FloatFloatPtrFloat)),
    vectorTestName);
INSTANTIATE_TEST_SUITE_P(
    SecondInt, PointerForms,
    testing::ValuesIn(functionsOf(Signature::FloatFloatPtrInt)),
    vectorTestName);
INSTANTIATE_TEST_SUITE_P(
    Remquo, PointerForms,
    testing::ValuesIn(functionsOf(Signature::FloatFloat2PtrInt)),
    vectorTestName);

/// Writes the table of doc/math.md when LOOM_MATH_TABLE names a file.
class TableWriter : public testing::Environment {
public:
  void TearDown() override {
    const char *Path = std::getenv("LOOM_MATH_TABLE");
    if (!Path)
      return;
    std::ofstream Table(Path);
    Table << "| function | bound (ulp) | max error measured (ulp) | at | "
             "results checked |\n|---|---|---|---|---|\n";
    std::vector<MathFunction> All = floatFunctions();
    All.insert(All.end(), doubleFunctions().begin(), doubleFunctions().end());
    for (const MathFunction &F : All) {
      auto It = outcomes().find(kernelName(F));
      if (It == outcomes().end())
        continue;
      const Outcome &O = It->second;
      Table << "| " << (F.IsDouble ? "double " : "float ") << F.Name << " | "
            << describeBound(F) << " | ";
      if (F.Sig == Signature::IntFloat)
        Table << "exact";
      else
        Table << std::fixed << std::setprecision(4) << O.MaxError
              << std::defaultfloat;
      Table << " | " << (O.WorstInput.empty() ? "-" : O.WorstInput) << " | "
            << O.Count << " |\n";
    }
  }
};
testing::Environment *const Table =
    testing::AddGlobalTestEnvironment(new TableWriter);

} // namespace
