//===- Sampler.h - Samplers of Loom's OpenCL platform -----------*- C++ -*-===//
///
/// \file
/// A sampler is its properties (normalized coordinates, addressing mode,
/// filter mode), and the bits kernels read of it (metadata/image.h's
/// LOOM_SAMPLER_*, OpenCL C's CLK_* values), which a sampler argument
/// passes.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_SAMPLER_H
#define OPENCL_SAMPLER_H

#include "Objects.h"

namespace loom {
namespace opencl {

cl_sampler createSampler(cl_context Context, cl_bool Normalized,
                         cl_addressing_mode Addressing, cl_filter_mode Filter,
                         cl_int *ErrorCode);
cl_sampler createSamplerWithProperties(cl_context Context,
                                       const cl_sampler_properties *Properties,
                                       cl_int *ErrorCode);
cl_int retainSampler(cl_sampler Sampler);
cl_int releaseSampler(cl_sampler Sampler);
cl_int getSamplerInfo(cl_sampler Sampler, cl_sampler_info Param, size_t Size,
                      void *Value, size_t *SizeRet);

} // namespace opencl
} // namespace loom

#endif // OPENCL_SAMPLER_H
