//===- Sampler.cpp - Samplers of Loom's OpenCL platform -------------------===//
///
/// \file
/// See Sampler.h.
///
//===----------------------------------------------------------------------===//

#include "Sampler.h"

#include "Context.h"
#include "InfoWriter.h"

#include "metadata/image.h"

#include <memory>

namespace loom {
namespace opencl {

namespace {

/// The LOOM_SAMPLER_* bits of an addressing mode, or -1 for none.
int addressingBits(cl_addressing_mode Mode) {
  switch (Mode) {
  case CL_ADDRESS_NONE:
    return LOOM_SAMPLER_ADDRESS_NONE;
  case CL_ADDRESS_CLAMP_TO_EDGE:
    return LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE;
  case CL_ADDRESS_CLAMP:
    return LOOM_SAMPLER_ADDRESS_CLAMP;
  case CL_ADDRESS_REPEAT:
    return LOOM_SAMPLER_ADDRESS_REPEAT;
  case CL_ADDRESS_MIRRORED_REPEAT:
    return LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT;
  default:
    return -1;
  }
}

/// Makes the sampler, its arguments checked but for the context.
cl_sampler makeSampler(cl_context Context, cl_bool Normalized,
                       cl_addressing_mode Addressing, cl_filter_mode Filter,
                       std::vector<cl_sampler_properties> Properties,
                       cl_int *ErrorCode) {
  int Address = addressingBits(Addressing);
  if (Address < 0 || (Normalized != CL_TRUE && Normalized != CL_FALSE) ||
      (Filter != CL_FILTER_NEAREST && Filter != CL_FILTER_LINEAR))
    return failWith(ErrorCode, CL_INVALID_VALUE);
  auto Sampler = std::make_unique<_cl_sampler>();
  Sampler->Context = Context;
  retain(Context);
  Sampler->Normalized = Normalized;
  Sampler->Addressing = Addressing;
  Sampler->Filter = Filter;
  Sampler->Properties = std::move(Properties);
  Sampler->Bits = static_cast<uint32_t>(Address) |
                  (Normalized ? LOOM_SAMPLER_NORMALIZED_COORDS : 0) |
                  (Filter == CL_FILTER_LINEAR ? LOOM_SAMPLER_FILTER_LINEAR
                                              : LOOM_SAMPLER_FILTER_NEAREST);
  failWith(ErrorCode, CL_SUCCESS);
  return Sampler.release();
}

} // namespace

cl_sampler createSampler(cl_context Context, cl_bool Normalized,
                         cl_addressing_mode Addressing, cl_filter_mode Filter,
                         cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  return makeSampler(Context, Normalized, Addressing, Filter, {}, ErrorCode);
}

cl_sampler createSamplerWithProperties(cl_context Context,
                                       const cl_sampler_properties *Properties,
                                       cl_int *ErrorCode) {
  if (!isObject(Context))
    return failWith(ErrorCode, CL_INVALID_CONTEXT);
  // The defaults, as the specification gives them.
  cl_bool Normalized = CL_TRUE;
  cl_addressing_mode Addressing = CL_ADDRESS_CLAMP;
  cl_filter_mode Filter = CL_FILTER_NEAREST;
  std::vector<cl_sampler_properties> Kept;
  bool Seen[3] = {false, false, false};
  for (const cl_sampler_properties *P = Properties; P && *P; P += 2) {
    int Which = P[0] == CL_SAMPLER_NORMALIZED_COORDS ? 0
                : P[0] == CL_SAMPLER_ADDRESSING_MODE ? 1
                : P[0] == CL_SAMPLER_FILTER_MODE     ? 2
                                                     : -1;
    if (Which < 0 || Seen[Which])
      return failWith(ErrorCode, CL_INVALID_VALUE);
    Seen[Which] = true;
    if (Which == 0)
      Normalized = static_cast<cl_bool>(P[1]);
    else if (Which == 1)
      Addressing = static_cast<cl_addressing_mode>(P[1]);
    else
      Filter = static_cast<cl_filter_mode>(P[1]);
    Kept.insert(Kept.end(), {P[0], P[1]});
  }
  if (Properties)
    Kept.push_back(0);
  return makeSampler(Context, Normalized, Addressing, Filter, std::move(Kept),
                     ErrorCode);
}

cl_int retainSampler(cl_sampler Sampler) {
  return retainObject<_cl_sampler, CL_INVALID_SAMPLER>(Sampler);
}

cl_int releaseSampler(cl_sampler Sampler) {
  return releaseObject<_cl_sampler, CL_INVALID_SAMPLER>(Sampler);
}

cl_int getSamplerInfo(cl_sampler Sampler, cl_sampler_info Param, size_t Size,
                      void *Value, size_t *SizeRet) {
  if (!isObject(Sampler))
    return CL_INVALID_SAMPLER;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_SAMPLER_REFERENCE_COUNT:
    return Answer.value<cl_uint>(Sampler->References);
  case CL_SAMPLER_CONTEXT:
    return Answer.value(Sampler->Context);
  case CL_SAMPLER_NORMALIZED_COORDS:
    return Answer.value(Sampler->Normalized);
  case CL_SAMPLER_ADDRESSING_MODE:
    return Answer.value(Sampler->Addressing);
  case CL_SAMPLER_FILTER_MODE:
    return Answer.value(Sampler->Filter);
  case CL_SAMPLER_PROPERTIES:
    return Answer.array(Sampler->Properties);
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace opencl
} // namespace loom
