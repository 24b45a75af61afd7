//===- @CLASS@Test.cpp - @NAME@ kernels run on the reference driver -------===//
///
/// Compiles an OpenCL C kernel for the @NAME@ target through the SDK's API,
/// runs it on Loom's reference driver (the mux C API), and checks every
/// output element against values computed here: the local ids, which this
/// target lowers its own way, and the global and group ids.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/Target.h"
#include "mux/mux.h"

#include "llvm/IR/LLVMContext.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

// The plugin's entry point (LOOM_TARGET_PLUGIN in @CLASS@Module.cpp).
extern "C" void loomRegisterTargets(compiler::TargetRegistry &Registry);

namespace {

const char *const Source = R"(
kernel void ids(global uint *out) {
  size_t x = get_global_id(0), y = get_global_id(1);
  out[y * get_global_size(0) + x] = get_group_id(1) * 1000000 +
      get_group_id(0) * 10000 + get_local_id(1) * 100 + get_local_id(0);
}
)";

/// Compiles Source for @NAME@; returns the ELF object or fails the test.
std::vector<char> compileForTarget() {
  loomRegisterTargets(compiler::TargetRegistry::get());
  const compiler::Target *Target =
      compiler::TargetRegistry::get().find("@NAME@");
  EXPECT_NE(Target, nullptr) << "the plugin registered no @NAME@ target";
  if (!Target)
    return {};
  llvm::LLVMContext Ctx;
  compiler::CompileOptions Opts;
  Opts.FileName = "ids.cl";
  std::unique_ptr<compiler::BaseModule> Module =
      Target->createModule(Ctx, Opts);
  llvm::Error Error = Module->compile(Source);
  if (!Error)
    Error = Module->finalize();
  if (Error) {
    ADD_FAILURE() << llvm::toString(std::move(Error));
    return {};
  }
  auto Object = Module->createBinary();
  if (!Object) {
    ADD_FAILURE() << llvm::toString(Object.takeError());
    return {};
  }
  return std::vector<char>(Object->begin(), Object->end());
}

#define ASSERT_MUX(Call) ASSERT_EQ((Call), mux_success) << muxGetLastErrorMessage()

TEST(@CLASS@Target, IdsOfEveryWorkItem) {
  std::vector<char> Binary = compileForTarget();
  ASSERT_FALSE(Binary.empty());
  const uint64_t Global[2] = {64, 16};
  const size_t Local[2] = {8, 4};
  std::vector<uint32_t> Out(Global[0] * Global[1], ~0u);
  const uint64_t Bytes = Out.size() * sizeof(uint32_t);

  mux_device_info_t Info;
  mux_device_t Device;
  mux_queue_t Queue;
  mux_executable_t Executable;
  mux_kernel_t Kernel;
  mux_memory_t Memory;
  mux_buffer_t Buffer;
  mux_command_buffer_t Commands;
  ASSERT_MUX(muxGetDeviceInfos(1, &Info, nullptr));
  ASSERT_MUX(muxCreateDevices(1, &Info, &Device));
  ASSERT_MUX(muxGetQueue(Device, 0, &Queue));
  ASSERT_MUX(muxCreateExecutable(Device, Binary.data(), Binary.size(),
                                 &Executable));
  ASSERT_MUX(muxCreateKernel(Device, Executable, "ids", 3, &Kernel));
  ASSERT_MUX(muxAllocateMemory(Device, Bytes, 0,
                               mux_memory_property_host_coherent, &Memory));
  ASSERT_MUX(muxCreateBuffer(Device, Bytes, &Buffer));
  ASSERT_MUX(muxBindBufferMemory(Device, Memory, Buffer, 0));
  ASSERT_MUX(muxCreateCommandBuffer(Device, &Commands));

  mux_descriptor_info_s Arg = {};
  Arg.type = mux_descriptor_info_type_buffer;
  Arg.buffer = Buffer;
  mux_ndrange_options_s Range = {};
  Range.descriptors = &Arg;
  Range.descriptors_length = 1;
  Range.local_size[0] = Local[0];
  Range.local_size[1] = Local[1];
  Range.local_size[2] = 1;
  Range.global_size = Global;
  Range.dimensions = 2;
  ASSERT_MUX(muxCommandNDRange(Commands, Kernel, &Range));
  ASSERT_MUX(muxCommandReadBuffer(Commands, Buffer, 0, Out.data(), Bytes));
  ASSERT_MUX(muxFinalizeCommandBuffer(Commands));
  ASSERT_MUX(muxDispatch(Queue, Commands, nullptr, nullptr, 0, nullptr, 0,
                         nullptr, nullptr));
  ASSERT_MUX(muxWaitAll(Queue));

  for (uint64_t Y = 0; Y < Global[1]; ++Y)
    for (uint64_t X = 0; X < Global[0]; ++X) {
      uint32_t Expected = (Y / Local[1]) * 1000000 + (X / Local[0]) * 10000 +
                          (Y % Local[1]) * 100 + X % Local[0];
      ASSERT_EQ(Out[Y * Global[0] + X], Expected) << "at (" << X << ", " << Y
                                                  << ")";
    }

  muxDestroyCommandBuffer(Device, Commands);
  muxDestroyBuffer(Device, Buffer);
  muxFreeMemory(Device, Memory);
  muxDestroyKernel(Device, Kernel);
  muxDestroyExecutable(Device, Executable);
  muxDestroyDevice(Device);
}

} // namespace
