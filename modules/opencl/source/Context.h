//===- Context.h - Contexts of Loom's OpenCL platform -----------*- C++ -*-===//
///
/// \file
/// A context holds devices of Loom's platform and one device of the
/// reference driver that all of them run on (they are all the host's CPU),
/// so that its buffers serve every device and queue of the context.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_CONTEXT_H
#define OPENCL_CONTEXT_H

#include "Objects.h"

namespace loom {
namespace opencl {

using ContextNotify = void(CL_CALLBACK *)(const char *, const void *, size_t,
                                          void *);

cl_context createContext(const cl_context_properties *Properties,
                         cl_uint NumDevices, const cl_device_id *Devices,
                         ContextNotify Notify, void *NotifyData,
                         cl_int *ErrorCode);
cl_context createContextFromType(const cl_context_properties *Properties,
                                 cl_device_type Type, ContextNotify Notify,
                                 void *NotifyData, cl_int *ErrorCode);
cl_int retainContext(cl_context Context);
cl_int releaseContext(cl_context Context);
cl_int getContextInfo(cl_context Context, cl_context_info Param, size_t Size,
                      void *Value, size_t *SizeRet);
cl_int setContextDestructorCallback(cl_context Context,
                                    void(CL_CALLBACK *Notify)(cl_context,
                                                              void *),
                                    void *Data);

/// Sets \p *ErrorCode, if it is not null, to \p Code; returns null, so an
/// entry point that fails can `return failWith(ErrorCode, Code)`.
std::nullptr_t failWith(cl_int *ErrorCode, cl_int Code);

} // namespace opencl
} // namespace loom

#endif // OPENCL_CONTEXT_H
