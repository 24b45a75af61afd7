//===- Objects.cpp - The objects of Loom's OpenCL platform ----------------===//
///
/// \file
/// See Objects.h: what each object gives back when its last reference goes.
///
//===----------------------------------------------------------------------===//

#include "Objects.h"

#include "Completer.h"
#include "SharedVirtualMemory.h"

#include <algorithm>

_cl_context::~_cl_context() {
  if (Completions)
    Completions->stop();
  loom::opencl::freeAllSvm(*this);
  if (Mux)
    muxDestroyDevice(Mux);
  Destructors.callAll(this);
}

_cl_command_queue::~_cl_command_queue() { loom::opencl::release(Context); }

_cl_mem::~_cl_mem() {
  Destructors.callAll(this);
  muxDestroyImage(Context->Mux, Image);
  muxDestroyBuffer(Context->Mux, Buffer);
  if (Parent)
    loom::opencl::release(Parent);
  else if (!UsesSvm)
    muxFreeMemory(Context->Mux, Memory);
  loom::opencl::release(Context);
}

_cl_sampler::~_cl_sampler() { loom::opencl::release(Context); }

_cl_program::~_cl_program() {
  for (auto &[Device, Built] : Builds)
    if (Built.Executable)
      muxDestroyExecutable(Context->Mux, Built.Executable);
  loom::opencl::release(Context);
}

_cl_kernel::~_cl_kernel() {
  for (auto &[Device, Kernel] : MuxKernels)
    muxDestroyKernel(Program->Context->Mux, Kernel);
  --Program->Kernels;
  loom::opencl::release(Program);
}

_cl_event::~_cl_event() {
  if (Queue)
    loom::opencl::release(Queue);
  loom::opencl::release(Context);
}

namespace loom {
namespace opencl {

bool hasDevice(const _cl_context &Context, cl_device_id Device) {
  return std::find(Context.Devices.begin(), Context.Devices.end(), Device) !=
         Context.Devices.end();
}

void notify(_cl_context &Context, const std::string &What) {
  if (Context.Notify)
    Context.Notify(What.c_str(), nullptr, 0, Context.NotifyData);
}

} // namespace opencl
} // namespace loom
