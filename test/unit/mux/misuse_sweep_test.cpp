//===- misuse_sweep_test.cpp - Every entry point against bad handles ------===//
///
/// A table of every mux entry point that takes a handle or an out-parameter,
/// each called with a null handle, with a live handle of another kind in
/// that place, and with a null out-parameter: each call must return the
/// error code the header documents, leave a message, and change nothing
/// (the valid objects still work afterwards).
///
//===----------------------------------------------------------------------===//

#include "MuxDeviceTest.h"

#include <functional>
#include <string>
#include <vector>

namespace {

/// The objects one call may use; any of them may be swapped for a bad one.
struct Handles {
  mux_device_t Device;
  mux_memory_t Memory;
  mux_buffer_t Buffer;
  mux_executable_t Executable;
  mux_kernel_t Kernel;
  mux_command_buffer_t Commands;
  mux_query_pool_t Pool;
  mux_semaphore_t Semaphore;
  mux_fence_t Fence;
  mux_queue_t Queue;
  mux_image_t Image;
};

/// A 4 x 4 RGBA image of bytes: 64 bytes.
mux_image_desc_s imageDesc() {
  mux_image_desc_s Desc = {};
  Desc.type = LOOM_IMAGE_2D;
  Desc.channel_order = LOOM_ORDER_RGBA;
  Desc.channel_type = LOOM_TYPE_UNORM_INT8;
  Desc.width = Desc.height = 4;
  return Desc;
}

struct Case {
  std::string Name;
  mux_result_t Expected;
  std::function<mux_result_t(const Handles &)> Call;
};

class MisuseSweep : public MuxDeviceTest {
protected:
  void SetUp() override {
    MuxDeviceTest::SetUp();
    ASSERT_EQ(muxAllocateMemory(Device, 256, 0,
                                mux_memory_property_host_coherent, &Memory),
              mux_success);
    ASSERT_EQ(muxCreateBuffer(Device, 256, &Buffer), mux_success);
    ASSERT_EQ(muxBindBufferMemory(Device, Memory, Buffer, 0), mux_success);
    ASSERT_EQ(muxCreateCommandBuffer(Device, &Commands), mux_success);
    ASSERT_EQ(muxCreateQueryPool(Device, 2, &Pool), mux_success);
    ASSERT_EQ(muxCreateSemaphore(Device, &Semaphore), mux_success);
    ASSERT_EQ(muxCreateFence(Device, &Fence), mux_success);
    const mux_image_desc_s Desc = imageDesc();
    ASSERT_EQ(muxCreateImage(Device, &Desc, &Image), mux_success);
    ASSERT_EQ(muxBindImageMemory(Device, Memory, Image, 0), mux_success);
  }
  void TearDown() override {
    muxDestroyImage(Device, Image);
    muxDestroyFence(Device, Fence);
    muxDestroySemaphore(Device, Semaphore);
    muxDestroyQueryPool(Device, Pool);
    muxDestroyCommandBuffer(Device, Commands);
    muxDestroyBuffer(Device, Buffer);
    muxFreeMemory(Device, Memory);
    MuxDeviceTest::TearDown();
  }

  Handles valid() const {
    return {Device, Memory,    Buffer, nullptr, nullptr, Commands,
            Pool,   Semaphore, Fence,  Queue,   Image};
  }

  mux_memory_t Memory = nullptr;
  mux_buffer_t Buffer = nullptr;
  mux_command_buffer_t Commands = nullptr;
  mux_query_pool_t Pool = nullptr;
  mux_semaphore_t Semaphore = nullptr;
  mux_fence_t Fence = nullptr;
  mux_image_t Image = nullptr;
};

/// Every way to spoil one handle of \p H: null, or the memory object (or,
/// for memory itself, the buffer) in its place.
std::vector<std::pair<std::string, Handles>> spoiled(const Handles &H) {
  std::vector<std::pair<std::string, Handles>> Out;
  auto Add = [&](const std::string &Name, auto Member, auto Wrong) {
    Handles Null = H, Other = H;
    Null.*Member = nullptr;
    Other.*Member =
        reinterpret_cast<std::remove_reference_t<decltype(H.*Member)>>(Wrong);
    Out.emplace_back("null " + Name, Null);
    Out.emplace_back("wrong-kind " + Name, Other);
  };
  Add("device", &Handles::Device, H.Memory);
  Add("memory", &Handles::Memory, H.Buffer);
  Add("buffer", &Handles::Buffer, H.Memory);
  Add("executable", &Handles::Executable, H.Memory);
  Add("kernel", &Handles::Kernel, H.Memory);
  Add("command buffer", &Handles::Commands, H.Memory);
  Add("query pool", &Handles::Pool, H.Memory);
  Add("semaphore", &Handles::Semaphore, H.Memory);
  Add("fence", &Handles::Fence, H.Memory);
  Add("queue", &Handles::Queue, H.Memory);
  Add("image", &Handles::Image, H.Memory);
  return Out;
}

/// Every entry point with handles, called with the handles given.
std::vector<Case> entryPoints() {
  static uint8_t Host[64];
  static uint64_t Durations[2];
  static const uint8_t Pattern[4] = {1, 2, 3, 4};
  // Two texels of the image.
  static const mux_image_box_s ImageBox = {{0, 0, 0}, {2, 1, 1}};
  return {
      {"muxAllocateMemory", mux_success,
       [](const Handles &H) {
         mux_memory_t M = nullptr;
         mux_result_t R = muxAllocateMemory(H.Device, 64, 0, 0, &M);
         muxFreeMemory(H.Device, M);
         return R;
       }},
      {"muxMapMemory", mux_success,
       [](const Handles &H) {
         void *Data;
         return muxMapMemory(H.Device, H.Memory, 0, 64, &Data);
       }},
      {"muxUnmapMemory", mux_success,
       [](const Handles &H) { return muxUnmapMemory(H.Device, H.Memory); }},
      {"muxCreateBuffer", mux_success,
       [](const Handles &H) {
         mux_buffer_t B = nullptr;
         mux_result_t R = muxCreateBuffer(H.Device, 16, &B);
         muxDestroyBuffer(H.Device, B);
         return R;
       }},
      // Bound already in SetUp: the valid call is refused for that.
      {"muxBindBufferMemory", mux_error_invalid_state,
       [](const Handles &H) {
         return muxBindBufferMemory(H.Device, H.Memory, H.Buffer, 0);
       }},
      {"muxCreateExecutable", mux_error_invalid_binary,
       [](const Handles &H) {
         mux_executable_t E;
         return muxCreateExecutable(H.Device, Host, sizeof(Host), &E);
       }},
      {"muxCreateKernel", mux_error_invalid_handle,
       [](const Handles &H) {
         mux_kernel_t K;
         return muxCreateKernel(H.Device, H.Executable, "k", 1, &K);
       }},
      {"muxGetKernelArgumentCount", mux_error_invalid_handle,
       [](const Handles &H) {
         uint32_t Count;
         return muxGetKernelArgumentCount(H.Kernel, &Count);
       }},
      {"muxGetDefaultLocalSize", mux_error_invalid_handle,
       [](const Handles &H) {
         const uint64_t Global[1] = {64};
         uint64_t Local[3];
         return muxGetDefaultLocalSize(H.Device, H.Kernel, 1, Global, 0, Local);
       }},
      {"muxGetQueue", mux_success,
       [](const Handles &H) {
         mux_queue_t Q;
         return muxGetQueue(H.Device, 0, &Q);
       }},
      {"muxSetPrintfCallback", mux_success,
       [](const Handles &H) {
         return muxSetPrintfCallback(H.Device, nullptr, nullptr);
       }},
      {"muxCreateCommandBuffer", mux_success,
       [](const Handles &H) {
         mux_command_buffer_t C = nullptr;
         mux_result_t R = muxCreateCommandBuffer(H.Device, &C);
         muxDestroyCommandBuffer(H.Device, C);
         return R;
       }},
      {"muxCommandWriteBuffer", mux_success,
       [](const Handles &H) {
         return muxCommandWriteBuffer(H.Commands, H.Buffer, 0, Host, 16);
       }},
      {"muxCommandReadBuffer", mux_success,
       [](const Handles &H) {
         return muxCommandReadBuffer(H.Commands, H.Buffer, 0, Host, 16);
       }},
      {"muxCommandCopyBuffer", mux_success,
       [](const Handles &H) {
         return muxCommandCopyBuffer(H.Commands, H.Buffer, 0, H.Buffer, 64, 16);
       }},
      {"muxCommandFillBuffer", mux_success,
       [](const Handles &H) {
         return muxCommandFillBuffer(H.Commands, H.Buffer, 0, 16, Pattern, 4);
       }},
      {"muxCommandUserCallback", mux_success,
       [](const Handles &H) {
         return muxCommandUserCallback(
             H.Commands, [](mux_queue_t, mux_command_buffer_t, void *) {},
             nullptr);
       }},
      {"muxCreateQueryPool", mux_success,
       [](const Handles &H) {
         mux_query_pool_t P = nullptr;
         mux_result_t R = muxCreateQueryPool(H.Device, 1, &P);
         muxDestroyQueryPool(H.Device, P);
         return R;
       }},
      {"muxCommandBeginQuery", mux_success,
       [](const Handles &H) {
         return muxCommandBeginQuery(H.Commands, H.Pool, 0);
       }},
      {"muxCommandEndQuery", mux_success,
       [](const Handles &H) {
         return muxCommandEndQuery(H.Commands, H.Pool, 0);
       }},
      // No query has run yet.
      {"muxGetQueryPoolResults", mux_error_invalid_state,
       [](const Handles &H) {
         return muxGetQueryPoolResults(H.Pool, 0, 2, Durations);
       }},
      {"muxCommandNDRange", mux_error_invalid_handle,
       [](const Handles &H) {
         mux_ndrange_options_s Options = {};
         return muxCommandNDRange(H.Commands, H.Kernel, &Options);
       }},
      {"muxCreateSemaphore", mux_success,
       [](const Handles &H) {
         mux_semaphore_t S = nullptr;
         mux_result_t R = muxCreateSemaphore(H.Device, &S);
         muxDestroySemaphore(H.Device, S);
         return R;
       }},
      {"muxResetSemaphore", mux_success,
       [](const Handles &H) { return muxResetSemaphore(H.Semaphore); }},
      {"muxCreateFence", mux_success,
       [](const Handles &H) {
         mux_fence_t F = nullptr;
         mux_result_t R = muxCreateFence(H.Device, &F);
         muxDestroyFence(H.Device, F);
         return R;
       }},
      {"muxResetFence", mux_success,
       [](const Handles &H) { return muxResetFence(H.Fence); }},
      // The fence was never dispatched.
      {"muxTryWait", mux_fence_not_ready,
       [](const Handles &H) { return muxTryWait(H.Queue, 0, H.Fence); }},
      {"muxWaitAll", mux_success,
       [](const Handles &H) { return muxWaitAll(H.Queue); }},
      {"muxCreateImage", mux_success,
       [](const Handles &H) {
         const mux_image_desc_s Desc = imageDesc();
         mux_image_t I = nullptr;
         mux_result_t R = muxCreateImage(H.Device, &Desc, &I);
         muxDestroyImage(H.Device, I);
         return R;
       }},
      {"muxGetImageLayout", mux_success,
       [](const Handles &H) {
         uint64_t Size;
         return muxGetImageLayout(H.Image, &Size, nullptr, nullptr);
       }},
      // Bound already in SetUp.
      {"muxBindImageMemory", mux_error_invalid_state,
       [](const Handles &H) {
         return muxBindImageMemory(H.Device, H.Memory, H.Image, 0);
       }},
      {"muxCommandReadImage", mux_success,
       [](const Handles &H) {
         return muxCommandReadImage(H.Commands, H.Image, &ImageBox, Host, 0, 0);
       }},
      {"muxCommandWriteImage", mux_success,
       [](const Handles &H) {
         return muxCommandWriteImage(H.Commands, H.Image, &ImageBox, Host, 0,
                                     0);
       }},
      {"muxCommandCopyImage", mux_success,
       [](const Handles &H) {
         const uint64_t To[3] = {2, 0, 0};
         return muxCommandCopyImage(H.Commands, H.Image, H.Image, &ImageBox,
                                    To);
       }},
      {"muxCommandFillImage", mux_success,
       [](const Handles &H) {
         return muxCommandFillImage(H.Commands, H.Image, Pattern, &ImageBox);
       }},
      {"muxCommandCopyImageToBuffer", mux_success,
       [](const Handles &H) {
         return muxCommandCopyImageToBuffer(H.Commands, H.Image, &ImageBox,
                                            H.Buffer, 128);
       }},
      {"muxCommandCopyBufferToImage", mux_success,
       [](const Handles &H) {
         return muxCommandCopyBufferToImage(H.Commands, H.Buffer, 128, H.Image,
                                            &ImageBox);
       }},
  };
}

/// Which handles each entry point takes: spoiling any other changes
/// nothing, so only these are swept.
bool takes(const std::string &Entry, const std::string &Spoiled) {
  // Spoiled is "null <handle>" or "wrong-kind <handle>".
  std::string Handle = Spoiled.substr(Spoiled.find(' ') + 1);
  auto Is = [&](const char *Name) { return Handle == Name; };
  if (Entry == "muxMapMemory" || Entry == "muxUnmapMemory")
    return Is("device") || Is("memory");
  if (Entry == "muxBindBufferMemory")
    return Is("device") || Is("memory") || Is("buffer");
  if (Entry == "muxBindImageMemory")
    return Is("device") || Is("memory") || Is("image");
  if (Entry == "muxGetImageLayout")
    return Is("image");
  if (Entry.find("Image") != std::string::npos && Entry != "muxCreateImage")
    return Is("command buffer") || Is("image") ||
           (Entry.find("Buffer") != std::string::npos && Is("buffer"));
  if (Entry.find("Query") != std::string::npos && Entry != "muxCreateQueryPool")
    return Is("query pool") ||
           (Entry != "muxGetQueryPoolResults" && Is("command buffer"));
  if (Entry.rfind("muxCommand", 0) == 0)
    return Is("command buffer") ||
           (Entry != "muxCommandUserCallback" && Entry != "muxCommandNDRange" &&
            Is("buffer"));
  if (Entry == "muxResetSemaphore")
    return Is("semaphore");
  if (Entry == "muxResetFence")
    return Is("fence");
  if (Entry == "muxTryWait")
    return Is("queue") || Is("fence");
  if (Entry == "muxWaitAll")
    return Is("queue");
  if (Entry == "muxGetKernelArgumentCount" || Entry == "muxCommandNDRange" ||
      Entry == "muxCreateKernel" || Entry == "muxGetDefaultLocalSize")
    return false; // their valid call already has a null handle (above)
  return Is("device");
}

TEST_F(MisuseSweep, EveryBadHandleIsRefused) {
  size_t Checked = 0;
  for (const Case &C : entryPoints()) {
    // The call as it should be, on valid handles.
    EXPECT_EQ(C.Call(valid()), C.Expected) << C.Name;
    for (const auto &[What, Bad] : spoiled(valid())) {
      if (!takes(C.Name, What))
        continue;
      ++Checked;
      EXPECT_EQ(C.Call(Bad), mux_error_invalid_handle)
          << C.Name << ", " << What;
      EXPECT_STRNE(muxGetLastErrorMessage(), "") << C.Name << ", " << What;
    }
  }
  EXPECT_GT(Checked, 50u);
  // Nothing was spoiled for real: the objects still work.
  ASSERT_EQ(muxFinalizeCommandBuffer(Commands), mux_success);
  ASSERT_EQ(muxDispatch(Queue, Commands, Fence, nullptr, 0, nullptr, 0, nullptr,
                        nullptr),
            mux_success);
  EXPECT_EQ(muxWaitAll(Queue), mux_success);
}

TEST_F(MisuseSweep, EveryNullOutParameterIsRefused) {
  const std::vector<std::pair<std::string, std::function<mux_result_t()>>>
      Calls = {
          {"muxAllocateMemory",
           [&] { return muxAllocateMemory(Device, 64, 0, 0, nullptr); }},
          {"muxMapMemory",
           [&] { return muxMapMemory(Device, Memory, 0, 64, nullptr); }},
          {"muxCreateBuffer",
           [&] { return muxCreateBuffer(Device, 16, nullptr); }},
          {"muxCreateExecutable",
           [&] {
             static const uint8_t Bytes[64] = {};
             return muxCreateExecutable(Device, Bytes, 64, nullptr);
           }},
          {"muxGetQueue", [&] { return muxGetQueue(Device, 0, nullptr); }},
          {"muxCreateCommandBuffer",
           [&] { return muxCreateCommandBuffer(Device, nullptr); }},
          {"muxCreateQueryPool",
           [&] { return muxCreateQueryPool(Device, 1, nullptr); }},
          {"muxGetQueryPoolResults",
           [&] { return muxGetQueryPoolResults(Pool, 0, 1, nullptr); }},
          {"muxCreateSemaphore",
           [&] { return muxCreateSemaphore(Device, nullptr); }},
          {"muxCreateFence", [&] { return muxCreateFence(Device, nullptr); }},
          {"muxCreateImage",
           [&] {
             const mux_image_desc_s Desc = imageDesc();
             return muxCreateImage(Device, &Desc, nullptr);
           }},
          {"muxCreateDevices",
           [&] {
             mux_device_info_t Info;
             muxGetDeviceInfos(1, &Info, nullptr);
             return muxCreateDevices(1, &Info, nullptr);
           }},
      };
  for (const auto &[Name, Call] : Calls) {
    EXPECT_EQ(Call(), mux_error_null_out_parameter) << Name;
    EXPECT_STRNE(muxGetLastErrorMessage(), "") << Name;
  }
}

} // namespace
