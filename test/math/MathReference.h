//===- MathReference.h - MPFR references and ulp errors ---------*- C++ -*-===//
///
/// \file
/// The accuracy suite's reference side: each OpenCL C math builtin as an MPFR
/// computation at 128 bits, and the error of a float result against such a
/// reference in units in the last place, as the OpenCL C specification
/// defines them (section 7.4 of the 3.0 specification: the distance to the
/// infinitely precise result, divided by the spacing of floats around it).
///
//===----------------------------------------------------------------------===//

#ifndef TEST_MATH_MATHREFERENCE_H
#define TEST_MATH_MATHREFERENCE_H

#include <mpfr.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace loom {
namespace math {

/// How a builtin takes and gives its values.
enum class Signature {
  FloatFloat,         ///< float f(float)
  FloatFloat2,        ///< float f(float, float)
  FloatFloat3,        ///< float f(float, float, float)
  FloatFloatInt,      ///< float f(float, int)
  IntFloat,           ///< int f(float)
  FloatFloatPtrFloat, ///< float f(float, float *)
  FloatFloatPtrInt,   ///< float f(float, int *)
  FloatFloat2PtrInt,  ///< float f(float, float, int *)
};

/// The inputs of one evaluation, as MPFR numbers and an integer.
struct RefArgs {
  mpfr_srcptr A = nullptr, B = nullptr, C = nullptr;
  long N = 0;
  double RawA = 0, RawB = 0; ///< A and B as given, NaN signs included.
  bool IsDouble = false;
};

/// Computes the first result into Out, and a second one (the pointer
/// result) into Out2 or *Int2, as the signature says.
using RefFunction = std::function<void(mpfr_ptr Out, mpfr_ptr Out2, long *Int2,
                                       const RefArgs &)>;

/// How a bound in ulps applies beyond its value, for the relaxed-math
/// functions (section 7.4 of the 3.0 specification, relaxed table).
enum class RelaxedRule {
  None,
  ExpGrowth,       ///< The bound plus floor(|2x|) ulp.
  AbsoluteNearOne, ///< 2^-21 absolute for x in [0.5, 2]; the bound elsewhere.
};

struct MathFunction {
  std::string Name; ///< The OpenCL C builtin.
  Signature Sig;
  double BoundUlp; ///< The specification's bound; 0 for exact results.
  RefFunction Ref;
  double Range;        ///< Random inputs are also drawn from [-Range, Range].
  std::string Builtin; ///< What the kernel calls, when not Name.
  bool IsDouble = false;
  std::string Options; ///< The test kernel's build options.
  RelaxedRule Rule = RelaxedRule::None;
};

/// The builtin a test kernel calls for \p F.
std::string builtinOf(const MathFunction &F);

/// Every float function the suite checks.
const std::vector<MathFunction> &floatFunctions();
/// Every double function the suite checks.
const std::vector<MathFunction> &doubleFunctions();

/// The error of \p Result against \p Ref in ulps of float, or of double when
/// \p IsDouble: 0 when both are the same NaN, infinity or signed zero;
/// infinity when they differ in kind.
double ulpError(double Result, mpfr_srcptr Ref, bool IsDouble);

/// The distance of \p Result from \p Ref in ulps of 1.0 (2^-23 or 2^-52),
/// for finite values of both.
double ulpOfOneError(double Result, mpfr_srcptr Ref, bool IsDouble);

/// Default precision of every reference computation.
constexpr mpfr_prec_t RefPrecision = 128;

} // namespace math
} // namespace loom

#endif // TEST_MATH_MATHREFERENCE_H
