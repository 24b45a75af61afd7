//===- Context.cpp - Contexts of Loom's OpenCL platform -------------------===//
///
/// \file
/// See Context.h.
///
//===----------------------------------------------------------------------===//

#include "Context.h"

#include "Completer.h"

#include "Device.h"
#include "InfoWriter.h"
#include "Platform.h"

#include <memory>

namespace loom {
namespace opencl {

namespace {

/// Checks \p Properties (CL_CONTEXT_PLATFORM naming Loom's platform, and
/// CL_CONTEXT_INTEROP_USER_SYNC, true or false; each at most once) and
/// copies them.
cl_int readProperties(const cl_context_properties *Properties,
                      std::vector<cl_context_properties> &Copy) {
  if (!Properties)
    return CL_SUCCESS;
  bool SawPlatform = false, SawSync = false;
  for (const cl_context_properties *P = Properties; *P; P += 2) {
    switch (P[0]) {
    case CL_CONTEXT_PLATFORM:
      if (SawPlatform)
        return CL_INVALID_PROPERTY;
      SawPlatform = true;
      if (reinterpret_cast<cl_platform_id>(P[1]) != getPlatform())
        return CL_INVALID_PLATFORM;
      break;
    case CL_CONTEXT_INTEROP_USER_SYNC:
      if (SawSync || (P[1] != CL_TRUE && P[1] != CL_FALSE))
        return CL_INVALID_PROPERTY;
      SawSync = true;
      break;
    default:
      return CL_INVALID_PROPERTY;
    }
    Copy.insert(Copy.end(), P, P + 2);
  }
  Copy.push_back(0);
  return CL_SUCCESS;
}

/// The context's device of the reference driver and its queue.
cl_int createDriverDevice(_cl_context &Context) {
  mux_device_info_t Host = Context.Devices.front()->MuxInfo;
  if (muxCreateDevices(1, &Host, &Context.Mux) != mux_success)
    return CL_OUT_OF_HOST_MEMORY;
  if (muxGetQueue(Context.Mux, 0, &Context.MuxQueue) != mux_success)
    return CL_OUT_OF_RESOURCES;
  Context.Completions = Completer::create(Context.Mux, Context.MuxQueue);
  return CL_SUCCESS;
}

} // namespace

std::nullptr_t failWith(cl_int *ErrorCode, cl_int Code) {
  if (ErrorCode)
    *ErrorCode = Code;
  return nullptr;
}

cl_context createContext(const cl_context_properties *Properties,
                         cl_uint NumDevices, const cl_device_id *Devices,
                         ContextNotify Notify, void *NotifyData,
                         cl_int *ErrorCode) {
  if (!Devices || NumDevices == 0 || (!Notify && NotifyData))
    return failWith(ErrorCode, CL_INVALID_VALUE);
  auto Context = std::make_unique<_cl_context>();
  if (cl_int E = readProperties(Properties, Context->Properties))
    return failWith(ErrorCode, E);
  for (cl_uint I = 0; I < NumDevices; ++I) {
    if (!isObject(Devices[I]))
      return failWith(ErrorCode, CL_INVALID_DEVICE);
    // A device named twice is one device of the context.
    if (!hasDevice(*Context, Devices[I]))
      Context->Devices.push_back(Devices[I]);
  }
  Context->Notify = Notify;
  Context->NotifyData = NotifyData;
  if (cl_int E = createDriverDevice(*Context))
    return failWith(ErrorCode, E);
  failWith(ErrorCode, CL_SUCCESS);
  return Context.release();
}

cl_context createContextFromType(const cl_context_properties *Properties,
                                 cl_device_type Type, ContextNotify Notify,
                                 void *NotifyData, cl_int *ErrorCode) {
  cl_uint Count = 0;
  cl_int E = getDeviceIDs(getPlatform(), Type, 0, nullptr, &Count);
  if (E != CL_SUCCESS)
    return failWith(ErrorCode, E);
  std::vector<cl_device_id> Devices(Count);
  getDeviceIDs(getPlatform(), Type, Count, Devices.data(), nullptr);
  return createContext(Properties, Count, Devices.data(), Notify, NotifyData,
                       ErrorCode);
}

cl_int retainContext(cl_context Context) {
  return retainObject<_cl_context, CL_INVALID_CONTEXT>(Context);
}

cl_int releaseContext(cl_context Context) {
  return releaseObject<_cl_context, CL_INVALID_CONTEXT>(Context);
}

cl_int setContextDestructorCallback(cl_context Context,
                                    void(CL_CALLBACK *Notify)(cl_context,
                                                              void *),
                                    void *Data) {
  if (!isObject(Context))
    return CL_INVALID_CONTEXT;
  if (!Notify)
    return CL_INVALID_VALUE;
  Context->Destructors.push(Notify, Data);
  return CL_SUCCESS;
}

cl_int getContextInfo(cl_context Context, cl_context_info Param, size_t Size,
                      void *Value, size_t *SizeRet) {
  if (!isObject(Context))
    return CL_INVALID_CONTEXT;
  InfoWriter Answer(Size, Value, SizeRet);
  switch (Param) {
  case CL_CONTEXT_REFERENCE_COUNT:
    return Answer.value<cl_uint>(Context->References);
  case CL_CONTEXT_NUM_DEVICES:
    return Answer.value<cl_uint>(Context->Devices.size());
  case CL_CONTEXT_DEVICES:
    return Answer.array(Context->Devices);
  case CL_CONTEXT_PROPERTIES:
    return Answer.array(Context->Properties);
  default:
    return CL_INVALID_VALUE;
  }
}

} // namespace opencl
} // namespace loom
