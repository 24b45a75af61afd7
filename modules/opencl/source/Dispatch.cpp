//===- Dispatch.cpp - The cl_khr_icd dispatch table and entry points ------===//
///
/// \file
/// The ICD loader (Debian's ocl-icd) finds Loom's platform through the
/// three functions cl_khr_icd says it looks up in an ICD, which are all this
/// library exports: clIcdGetPlatformIDsKHR, clGetPlatformInfo and
/// clGetExtensionFunctionAddress. It calls every other entry point through
/// the dispatch table each object begins with. Every entry of the table is
/// filled: an entry point Loom implements goes to its implementation, any
/// other to one that refuses the call (CL_INVALID_OPERATION, in the
/// error code or through `errcode_ret`), so that no call of an application
/// reaches a null pointer. The library exports nothing else: its API
/// functions cannot interpose on another implementation's or the loader's.
///
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Device.h"
#include "Events.h"
#include "Images.h"
#include "Kernel.h"
#include "Memory.h"
#include "Objects.h"
#include "Platform.h"
#include "Program.h"
#include "Queue.h"
#include "Sampler.h"
#include "SharedVirtualMemory.h"

#include <type_traits>

namespace loom {
namespace opencl {

namespace {

/// An entry point Loom does not implement yet: returns
/// CL_INVALID_OPERATION, or null with CL_INVALID_OPERATION in its last
/// argument when that is an `errcode_ret`.
template <class Entry> struct Refused {
  // Entries typed `void *` by the headers (Direct3D's, off Windows) stay
  // null: no loader on this system calls them.
  static constexpr Entry get() { return nullptr; }
};

template <class Result, class... Args>
struct Refused<Result(CL_API_CALL *)(Args...)> {
  static Result CL_API_CALL refuse(Args... Arguments) {
    if constexpr (std::is_same_v<Result, cl_int>) {
      return CL_INVALID_OPERATION;
    } else {
      setErrorCode(Arguments...);
      if constexpr (!std::is_void_v<Result>)
        return Result();
    }
  }
  static constexpr Result(CL_API_CALL *get())(Args...) { return &refuse; }

private:
  /// Sets the last argument to CL_INVALID_OPERATION when it is an
  /// `errcode_ret` (a cl_int *) that is not null.
  static void setErrorCode() {}
  template <class First, class... Rest>
  static void setErrorCode(First Argument, Rest... Others) {
    if constexpr (sizeof...(Rest) > 0)
      setErrorCode(Others...);
    else if constexpr (std::is_same_v<First, cl_int *>)
      if (Argument)
        *Argument = CL_INVALID_OPERATION;
  }
};

cl_icd_dispatch makeDispatchTable() {
  cl_icd_dispatch Table;
#define LOOM_DISPATCH_ENTRY(Name)                                              \
  Table.Name = Refused<decltype(Table.Name)>::get();
#include "DispatchEntries.def"
  static_assert(sizeof(cl_icd_dispatch) == sizeof(void *) * (0
#define LOOM_DISPATCH_ENTRY(Name) +1
#include "DispatchEntries.def"
                                                             ),
                "DispatchEntries.def does not list every entry of "
                "cl_icd_dispatch");
  Table.clGetPlatformIDs = getPlatformIDs;
  Table.clGetPlatformInfo = getPlatformInfo;
  Table.clUnloadCompiler = unloadCompiler;
  Table.clUnloadPlatformCompiler = unloadPlatformCompiler;
  Table.clGetDeviceIDs = getDeviceIDs;
  Table.clGetDeviceInfo = getDeviceInfo;
  Table.clRetainDevice = retainDevice;
  Table.clReleaseDevice = releaseDevice;
  Table.clCreateContext = createContext;
  Table.clCreateContextFromType = createContextFromType;
  Table.clRetainContext = retainContext;
  Table.clReleaseContext = releaseContext;
  Table.clGetContextInfo = getContextInfo;
  Table.clSetContextDestructorCallback = setContextDestructorCallback;
  Table.clCreateCommandQueue = createCommandQueue;
  Table.clCreateCommandQueueWithProperties = createCommandQueueWithProperties;
  Table.clRetainCommandQueue = retainCommandQueue;
  Table.clReleaseCommandQueue = releaseCommandQueue;
  Table.clGetCommandQueueInfo = getCommandQueueInfo;
  Table.clFlush = flush;
  Table.clFinish = finish;
  Table.clCreateBuffer = createBuffer;
  Table.clCreateBufferWithProperties = createBufferWithProperties;
  Table.clCreateSubBuffer = createSubBuffer;
  Table.clRetainMemObject = retainMemObject;
  Table.clReleaseMemObject = releaseMemObject;
  Table.clGetMemObjectInfo = getMemObjectInfo;
  Table.clSetMemObjectDestructorCallback = setMemObjectDestructorCallback;
  Table.clEnqueueReadBuffer = enqueueReadBuffer;
  Table.clEnqueueWriteBuffer = enqueueWriteBuffer;
  Table.clEnqueueCopyBuffer = enqueueCopyBuffer;
  Table.clEnqueueFillBuffer = enqueueFillBuffer;
  Table.clEnqueueMapBuffer = enqueueMapBuffer;
  Table.clEnqueueReadBufferRect = enqueueReadBufferRect;
  Table.clEnqueueWriteBufferRect = enqueueWriteBufferRect;
  Table.clEnqueueCopyBufferRect = enqueueCopyBufferRect;
  Table.clEnqueueMigrateMemObjects = enqueueMigrateMemObjects;
  Table.clGetSupportedImageFormats = getSupportedImageFormats;
  Table.clCreateImage = createImage;
  Table.clCreateImageWithProperties = createImageWithProperties;
  Table.clCreateImage2D = createImage2D;
  Table.clCreateImage3D = createImage3D;
  Table.clGetImageInfo = getImageInfo;
  Table.clEnqueueReadImage = enqueueReadImage;
  Table.clEnqueueWriteImage = enqueueWriteImage;
  Table.clEnqueueCopyImage = enqueueCopyImage;
  Table.clEnqueueFillImage = enqueueFillImage;
  Table.clEnqueueCopyImageToBuffer = enqueueCopyImageToBuffer;
  Table.clEnqueueCopyBufferToImage = enqueueCopyBufferToImage;
  Table.clEnqueueMapImage = enqueueMapImage;
  Table.clCreateSampler = createSampler;
  Table.clCreateSamplerWithProperties = createSamplerWithProperties;
  Table.clRetainSampler = retainSampler;
  Table.clReleaseSampler = releaseSampler;
  Table.clGetSamplerInfo = getSamplerInfo;
  Table.clGetPipeInfo = getPipeInfo;
  Table.clEnqueueUnmapMemObject = enqueueUnmapMemObject;
  Table.clCreateProgramWithSource = createProgramWithSource;
  Table.clCreateProgramWithBinary = createProgramWithBinary;
  Table.clCreateProgramWithIL = createProgramWithIL;
  Table.clSetProgramSpecializationConstant = setProgramSpecializationConstant;
  Table.clBuildProgram = buildProgram;
  Table.clCompileProgram = compileProgram;
  Table.clLinkProgram = linkProgram;
  Table.clRetainProgram = retainProgram;
  Table.clReleaseProgram = releaseProgram;
  Table.clGetProgramInfo = getProgramInfo;
  Table.clGetProgramBuildInfo = getProgramBuildInfo;
  Table.clCreateKernel = createKernel;
  Table.clCreateKernelsInProgram = createKernelsInProgram;
  Table.clCloneKernel = cloneKernel;
  Table.clRetainKernel = retainKernel;
  Table.clReleaseKernel = releaseKernel;
  Table.clSetKernelArg = setKernelArg;
  Table.clGetKernelInfo = getKernelInfo;
  Table.clGetKernelArgInfo = getKernelArgInfo;
  Table.clGetKernelWorkGroupInfo = getKernelWorkGroupInfo;
  Table.clGetKernelSubGroupInfo = getKernelSubGroupInfo;
  Table.clGetKernelSubGroupInfoKHR = getKernelSubGroupInfo;
  Table.clEnqueueNDRangeKernel = enqueueNDRangeKernel;
  Table.clEnqueueTask = enqueueTask;
  Table.clWaitForEvents = waitForEvents;
  Table.clGetEventInfo = getEventInfo;
  Table.clGetEventProfilingInfo = getEventProfilingInfo;
  Table.clRetainEvent = retainEvent;
  Table.clReleaseEvent = releaseEvent;
  Table.clCreateUserEvent = createUserEvent;
  Table.clSetUserEventStatus = setUserEventStatus;
  Table.clSetEventCallback = setEventCallback;
  Table.clEnqueueMarkerWithWaitList = enqueueMarkerWithWaitList;
  Table.clEnqueueBarrierWithWaitList = enqueueBarrierWithWaitList;
  Table.clEnqueueMarker = enqueueMarker;
  Table.clEnqueueBarrier = enqueueBarrier;
  Table.clEnqueueWaitForEvents = enqueueWaitForEvents;
  Table.clSVMAlloc = svmAlloc;
  Table.clSVMFree = svmFree;
  Table.clEnqueueSVMFree = enqueueSVMFree;
  Table.clEnqueueSVMMemcpy = enqueueSVMMemcpy;
  Table.clEnqueueSVMMemFill = enqueueSVMMemFill;
  Table.clEnqueueSVMMap = enqueueSVMMap;
  Table.clEnqueueSVMUnmap = enqueueSVMUnmap;
  Table.clEnqueueSVMMigrateMem = enqueueSVMMigrateMem;
  Table.clSetKernelArgSVMPointer = setKernelArgSVMPointer;
  Table.clSetKernelExecInfo = setKernelExecInfo;
  Table.clGetExtensionFunctionAddress = getExtensionFunctionAddress;
  Table.clGetExtensionFunctionAddressForPlatform =
      getExtensionFunctionAddressForPlatform;
  return Table;
}

} // namespace

cl_icd_dispatch *getDispatchTable() {
  static cl_icd_dispatch Table = makeDispatchTable();
  return &Table;
}

} // namespace opencl
} // namespace loom

#define LOOM_ICD_EXPORT extern "C" __attribute__((visibility("default")))

LOOM_ICD_EXPORT cl_int clIcdGetPlatformIDsKHR(cl_uint NumEntries,
                                              cl_platform_id *Platforms,
                                              cl_uint *NumPlatforms) {
  return loom::opencl::getPlatformIDs(NumEntries, Platforms, NumPlatforms);
}

LOOM_ICD_EXPORT cl_int clGetPlatformInfo(cl_platform_id Platform,
                                         cl_platform_info Param, size_t Size,
                                         void *Value, size_t *SizeRet) {
  return loom::opencl::getPlatformInfo(Platform, Param, Size, Value, SizeRet);
}

LOOM_ICD_EXPORT void *clGetExtensionFunctionAddress(const char *Name) {
  return loom::opencl::getExtensionFunctionAddress(Name);
}
