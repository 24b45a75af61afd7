//===- division_test.cpp - Integer division that cannot trap --------------===//
///
/// Integer `/` and `%` for every integer type, scalar, 4-lane vector and by
/// a kernel argument, with divisors of zero and MIN / -1 among random
/// operands, quotients just off an integer (where a division in floating
/// point, float-vector-division's, would round wrong if it could), and by
/// arguments at the edges of invariant-division's reciprocals, on both
/// targets, optimized (Vecz as its cost model says, and at widths 4, 8
/// and 16) and at -cl-opt-disable. x86 traps
/// on both; Loom defines x / 0 == x, x % 0 == 0, MIN / -1 == MIN and
/// MIN % -1 == 0 (doc/compiler-spec.md). Every element is checked against
/// that definition computed here.
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"
#include "OpenCLTypeNames.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <tuple>
#include <type_traits>

using namespace loom::e2e;

namespace {

/// The operands whose quotient x86 cannot compute.
template <class T> bool wouldTrap(T A, T B) {
  if (B == 0)
    return true;
  if constexpr (std::is_signed_v<T>)
    return A == std::numeric_limits<T>::min() && B == T(-1);
  return false;
}

template <class T> T quotient(T A, T B) {
  return wouldTrap(A, B) ? A : T(A / B);
}

template <class T> T remainder(T A, T B) {
  return wouldTrap(A, B) ? T(0) : T(A % B);
}

/// Random operands, with every sixth divisor zero and, for signed types,
/// every tenth pair MIN / -1.
template <class T> void makeOperands(std::vector<T> &A, std::vector<T> &B) {
  std::mt19937_64 Random(20261124);
  for (size_t I = 0; I < A.size(); ++I) {
    A[I] = T(Random());
    B[I] = T(Random() >> (Random() % 64));
    if (I % 6 == 0)
      B[I] = 0;
    if (std::is_signed_v<T> && I % 10 == 3) {
      A[I] = std::numeric_limits<T>::min();
      B[I] = T(-1);
    }
  }
}

/// (target, build options)
using Configuration = std::tuple<const char *, const char *>;

/// "reference", "csa_OptDisable", "reference_Width8", ...
std::string
configurationName(const testing::TestParamInfo<Configuration> &Info) {
  std::string Name = std::get<0>(Info.param);
  std::string Options = std::get<1>(Info.param);
  if (Options.empty())
    return Name;
  if (Options == "-cl-opt-disable")
    return Name + "_OptDisable";
  return Name + "_Width" + Options.substr(Options.rfind('=') + 1);
}

class TrapFreeDivision : public testing::TestWithParam<Configuration> {
protected:
  template <class T> void checkType();

  template <class T>
  void checkResults(const std::vector<T> &A, const std::vector<T> &B,
                    const std::vector<KernelArg> &Args, const char *Kernel) {
    std::vector<T> Q = Args[2].as<T>(), R = Args[3].as<T>();
    for (size_t I = 0; I < A.size(); ++I) {
      ASSERT_EQ(+Q[I], +quotient(A[I], B[I]))
          << Kernel << ": " << +A[I] << " / " << +B[I] << " at " << I;
      ASSERT_EQ(+R[I], +remainder(A[I], B[I]))
          << Kernel << ": " << +A[I] << " % " << +B[I] << " at " << I;
    }
  }

  template <class T> void checkDivisionByArgument(const std::vector<T> &A, T D);
  std::vector<char> Binary;
};

template <class T> void TrapFreeDivision::checkType() {
  auto [Target, Options] = GetParam();
  SCOPED_TRACE(std::string(openCLTypeName<T>()) + " on " + Target + " " +
               Options);
  std::string BuildOptions =
      std::string(Options) + " -DT=" + openCLTypeName<T>();
  ASSERT_EQ(compileKernel(readKernelSource("division.cl"), Binary, BuildOptions,
                          Target, "division.cl"),
            "");
  const size_t N = 1024;
  std::vector<T> A(N), B(N), None(N, T(0x5a));
  makeOperands(A, B);
  // The largest dividends, where a reciprocal's rounding would show.
  A[1] = T(~T(0));
  A[2] = std::numeric_limits<T>::max();
  A[4] = T(std::numeric_limits<T>::max() - 1);
  // Quotients just below and above 1 and -1, and the largest dividend by a
  // divisor just over its half: a quotient rounded up to the integer
  // above it would show (indices that makeOperands leaves random).
  const T Max = std::numeric_limits<T>::max(),
          Min = std::numeric_limits<T>::min();
  for (auto [I, Dividend, Divisor] :
       {std::tuple<size_t, T, T>{5, Max, T(Max - 1)},
        {7, T(Max - 1), Max},
        {8, Min, Max},
        {9, Max, T(Max / 2 + 1)},
        {10, T(~T(0)), T(~T(0) - 1)},
        {11, T(Min + 1), T(Max - 1)},
        {14, T(Max - 2), T(Max / 3)}}) {
    A[I] = Dividend;
    B[I] = Divisor;
  }

  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::buffer(B),
                                 KernelArg::buffer(None),
                                 KernelArg::buffer(None)};
  ASSERT_EQ(runKernel(Binary, "divide", Args, {{N}, {64}, {}}), "");
  checkResults(A, B, Args, "divide");

  Args = {KernelArg::buffer(A), KernelArg::buffer(B), KernelArg::buffer(None),
          KernelArg::buffer(None)};
  ASSERT_EQ(runKernel(Binary, "divide4", Args, {{N / 4}, {16}, {}}), "");
  checkResults(A, B, Args, "divide4");

  checkDivisionByArgument<T>(A, T(0));
  checkDivisionByArgument<T>(A, T(-1));
  // A divisor invariant in the work-item loop is divided by through its
  // reciprocal (invariant-division, unsigned types): the divisors where
  // its shifts and multiplier take their edge values.
  using U = std::make_unsigned_t<T>;
  const U Top = U(U(1) << (sizeof(T) * 8 - 1));
  for (U D : {U(1), U(2), U(3), U(7), U(10), U(641), U(Top - 1), Top,
              U(Top + 1), U(~U(0) - 1), U(~U(0))})
    checkDivisionByArgument<T>(A, T(D));
}

template <class T>
void TrapFreeDivision::checkDivisionByArgument(const std::vector<T> &A, T D) {
  std::vector<T> None(A.size(), T(0x5a));
  std::vector<KernelArg> Args = {KernelArg::buffer(A), KernelArg::scalar(D),
                                 KernelArg::buffer(None),
                                 KernelArg::buffer(None)};
  ASSERT_EQ(
      runKernel(Binary, "divide_by_argument", Args, {{A.size()}, {32}, {}}),
      "");
  checkResults(A, std::vector<T>(A.size(), D), Args, "divide_by_argument");
}

TEST_P(TrapFreeDivision, Char) { checkType<int8_t>(); }
TEST_P(TrapFreeDivision, UChar) { checkType<uint8_t>(); }
TEST_P(TrapFreeDivision, Short) { checkType<int16_t>(); }
TEST_P(TrapFreeDivision, UShort) { checkType<uint16_t>(); }
TEST_P(TrapFreeDivision, Int) { checkType<int32_t>(); }
TEST_P(TrapFreeDivision, UInt) { checkType<uint32_t>(); }
TEST_P(TrapFreeDivision, Long) { checkType<int64_t>(); }
TEST_P(TrapFreeDivision, ULong) { checkType<uint64_t>(); }

INSTANTIATE_TEST_SUITE_P(
    Targets, TrapFreeDivision,
    testing::Combine(testing::Values("csa", "reference"),
                     testing::Values("", "-cl-opt-disable",
                                     "-cl-wfv=always -vecz-width=4",
                                     "-cl-wfv=always -vecz-width=8",
                                     "-cl-wfv=always -vecz-width=16")),
    configurationName);

/// What group_ring leaves in each element of a launch of \p Global
/// work-items in groups of \p Local (the last one smaller when \p Local does
/// not divide \p Global), after \p Rounds rounds.
std::vector<uint64_t> ringReference(uint64_t Global, uint64_t Local,
                                    int Rounds) {
  std::vector<uint64_t> Acc(Global, 0);
  for (uint64_t First = 0; First < Global; First += Local) {
    uint64_t N = std::min(Local, Global - First);
    for (int R = 0; R < Rounds; ++R) {
      std::vector<uint64_t> Tile(Acc.begin() + First, Acc.begin() + First + N);
      for (uint64_t L = 0; L < N; ++L) {
        uint64_t G = First + L;
        Acc[G] = Acc[G] * 31 + Tile[(L + R + 1) % N] + 7 * ((L + N - 1) % N) +
                 1000 * ((G + R) / N) + (L * N + R) / (N + 1);
      }
    }
  }
  return Acc;
}

class DivisionByGroupSize : public testing::TestWithParam<Configuration> {};

/// Every local size class a division by it may meet: 1, small, odd, a
/// multiple of the vector width, the driver's largest; uniform and not.
TEST_P(DivisionByGroupSize, RingIndicesAtEveryGroupSize) {
  auto [Target, Options] = GetParam();
  std::vector<char> Binary;
  ASSERT_EQ(compileKernel(readKernelSource("division.cl"), Binary,
                          std::string(Options) + " -DT=int", Target,
                          "division.cl"),
            "");
  const int Rounds = 5;
  for (uint64_t Local : {1, 3, 8, 13, 200, 1024})
    for (uint64_t Global : {2 * Local, 2 * Local + (Local + 1) / 2}) {
      SCOPED_TRACE("global " + std::to_string(Global) + ", local " +
                   std::to_string(Local));
      std::vector<KernelArg> Args = {
          KernelArg::buffer(std::vector<uint64_t>(Global, 0x5a)),
          KernelArg::local(Local * sizeof(uint64_t)),
          KernelArg::scalar<int32_t>(Rounds)};
      ASSERT_EQ(runKernel(Binary, "group_ring", Args, {{Global}, {Local}, {}}),
                "");
      std::vector<uint64_t> Out = Args[0].as<uint64_t>();
      std::vector<uint64_t> Expected = ringReference(Global, Local, Rounds);
      for (uint64_t G = 0; G < Global; ++G)
        ASSERT_EQ(Out[G], Expected[G]) << "work-item " << G;
    }
}

INSTANTIATE_TEST_SUITE_P(Targets, DivisionByGroupSize,
                         testing::Combine(testing::Values("csa", "reference"),
                                          testing::Values("",
                                                          "-cl-opt-disable")),
                         configurationName);

} // namespace
