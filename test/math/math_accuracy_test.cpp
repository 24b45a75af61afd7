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

std::string builtinOf(const MathFunction &F) {
  return F.Builtin.empty() ? F.Name : F.Builtin;
}

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
  return K.str();
}

/// All kernels in one program, compiled once.
const std::vector<char> &mathBinary() {
  static std::vector<char> Binary;
  static std::string Error = [] {
    std::string Source;
    for (const MathFunction &F : floatFunctions())
      Source += kernelFor(F);
    return loom::e2e::compileKernel(Source, Binary, "", "csa", "math.cl");
  }();
  EXPECT_EQ(Error, "");
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

struct Inputs {
  std::vector<float> A, B, C;
  std::vector<int> N;
};

float randomInRange(std::mt19937 &Rng, double Range) {
  return float(std::uniform_real_distribution<double>(-Range, Range)(Rng));
}

// Magnitudes spread evenly over binades from 2^-40 to Range, either sign.
float randomLogUniform(std::mt19937 &Rng, double Range) {
  double Top = std::log2(Range) + 1;
  double E = std::uniform_real_distribution<double>(-40, Top)(Rng);
  float V = float(std::exp2(E));
  return Rng() & 1 ? -V : V;
}

float patternAt(uint64_t K, uint64_t Count, std::mt19937 &Rng) {
  uint32_t Bits = uint32_t((K << 32) / Count) + (Rng() & 0xffff);
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

std::vector<float> unaryInputs(const MathFunction &F, std::mt19937 &Rng) {
  unsigned Scale = sampleScale();
  std::vector<float> V = edgeFloats();
  uint64_t Patterns = 65536 * Scale;
  for (uint64_t K = 0; K < Patterns; ++K)
    V.push_back(patternAt(K, Patterns, Rng));
  for (unsigned K = 0; K < 65536 * Scale; ++K)
    V.push_back(randomInRange(Rng, F.Range));
  for (unsigned K = 0; K < 32768 * Scale; ++K)
    V.push_back(randomLogUniform(Rng, F.Range));
  return V;
}

int randomInt(std::mt19937 &Rng, const MathFunction &F) {
  int Limit = F.Name == "ldexp" ? 300 : 40;
  return std::uniform_int_distribution<int>(-Limit, Limit)(Rng);
}

Inputs makeInputs(const MathFunction &F) {
  std::mt19937 Rng(std::hash<std::string>()(F.Name) & 0xffffffff);
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
    const int EdgeInts[] = {0, 1, -1, 2, -2, 3, -3, 7, INT_MAX, INT_MIN};
    for (float X : edgeFloats())
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
    std::vector<float> E = edgeFloats();
    for (float X : E)
      for (float Y : E) {
        In.A.push_back(X);
        In.B.push_back(Y);
        if (Three)
          In.C.push_back(E[(In.C.size() * 7) % E.size()]);
      }
    unsigned Scale = sampleScale();
    uint64_t Patterns = 32768 * Scale;
    for (uint64_t K = 0; K < Patterns; ++K) {
      In.A.push_back(patternAt(K, Patterns, Rng));
      In.B.push_back(patternAt((K * 40503) % Patterns, Patterns, Rng));
      if (Three)
        In.C.push_back(patternAt((K * 9973) % Patterns, Patterns, Rng));
    }
    for (unsigned K = 0; K < 65536 * Scale; ++K) {
      In.A.push_back(randomInRange(Rng, F.Range));
      In.B.push_back(randomInRange(Rng, F.Range));
      if (Three)
        In.C.push_back(randomInRange(Rng, F.Range));
    }
    // Integral exponents, which decide the sign of pow of a negative base.
    for (unsigned K = 0; K < 8192 * Scale; ++K) {
      In.A.push_back(randomInRange(Rng, F.Range));
      In.B.push_back(float(std::uniform_int_distribution<int>(-12, 12)(Rng)));
      if (Three)
        In.C.push_back(randomInRange(Rng, F.Range));
    }
    break;
  }
  }
  return In;
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
  const std::vector<char> &Binary = mathBinary();
  ASSERT_FALSE(Binary.empty());
  Inputs In = makeInputs(F);
  size_t Count = In.A.size();

  std::vector<KernelArg> Args = {KernelArg::buffer(In.A)};
  if (!In.B.empty())
    Args.push_back(KernelArg::buffer(In.B));
  if (!In.C.empty())
    Args.push_back(KernelArg::buffer(In.C));
  if (!In.N.empty())
    Args.push_back(KernelArg::buffer(In.N));
  bool IntResult = F.Sig == Signature::IntFloat;
  Args.push_back(IntResult ? KernelArg::buffer(std::vector<int>(Count))
                           : KernelArg::buffer(std::vector<float>(Count)));
  bool SecondFloat = F.Sig == Signature::FloatFloatPtrFloat;
  bool SecondInt = F.Sig == Signature::FloatFloatPtrInt ||
                   F.Sig == Signature::FloatFloat2PtrInt;
  if (SecondFloat)
    Args.push_back(KernelArg::buffer(std::vector<float>(Count)));
  if (SecondInt)
    Args.push_back(KernelArg::buffer(std::vector<int>(Count)));
  size_t ResultArg = Args.size() - 1 - (SecondFloat || SecondInt);

  ASSERT_EQ(
      loom::e2e::runKernel(Binary, "t_" + F.Name, Args, {{Count}, {}, {}}), "");

  std::vector<float> Results;
  std::vector<int> IntResults;
  if (IntResult)
    IntResults = Args[ResultArg].as<int>();
  else
    Results = Args[ResultArg].as<float>();
  std::vector<float> Seconds =
      SecondFloat ? Args.back().as<float>() : std::vector<float>();
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
    mpfr_set_flt(A, In.A[I], MPFR_RNDN);
    R.A = A;
    R.FloatA = In.A[I];
    if (!In.B.empty()) {
      mpfr_set_flt(B, In.B[I], MPFR_RNDN);
      R.B = B;
      R.FloatB = In.B[I];
    }
    if (!In.C.empty()) {
      mpfr_set_flt(C, In.C[I], MPFR_RNDN);
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
    double Error = floatUlpError(Results[I], Ref);
    if (Error > Out.MaxError || std::isnan(Error)) {
      Out.MaxError = Error;
      Out.WorstInput = describe(In, I);
    }
    if (!(Error <= Bound)) {
      std::ostringstream S;
      S << std::hexfloat << "got " << Results[I] << ", expected "
        << mpfr_get_d(Ref, MPFR_RNDN) << std::defaultfloat << " (" << Error
        << " ulp)";
      Fail(I, S.str());
    }
    if (SecondFloat) {
      double Error2 = floatUlpError(Seconds[I], Ref2);
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
  outcomes()[F.Name] = Out;
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
    for (const MathFunction &F : floatFunctions()) {
      auto It = outcomes().find(F.Name);
      if (It == outcomes().end())
        continue;
      const Outcome &O = It->second;
      Table << "| " << F.Name << " | "
            << (F.BoundUlp == 0 ? std::string("correctly rounded")
                                : std::to_string(int(F.BoundUlp)))
            << " | ";
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
