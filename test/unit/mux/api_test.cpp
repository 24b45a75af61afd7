//===- api_test.cpp - Misuse of the mux C API -----------------------------===//
///
/// Each entry point of mux/mux.h with each kind of invalid argument it
/// documents: the right result code and a message, never a crash.
///
//===----------------------------------------------------------------------===//

#include "MuxDeviceTest.h"
#include "mux/mux.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <unistd.h>

namespace {

class MuxTest : public MuxDeviceTest {
protected:
  void TearDown() override {
    for (mux_buffer_t Buffer : Buffers)
      muxDestroyBuffer(Device, Buffer);
    for (mux_memory_t Memory : Memories)
      muxFreeMemory(Device, Memory);
    MuxDeviceTest::TearDown();
  }

  mux_buffer_t makeBoundBuffer(uint64_t Size) {
    mux_memory_t Memory;
    mux_buffer_t Buffer;
    EXPECT_EQ(muxAllocateMemory(Device, Size, 0,
                                mux_memory_property_host_coherent, &Memory),
              mux_success);
    Memories.push_back(Memory);
    EXPECT_EQ(muxCreateBuffer(Device, Size, &Buffer), mux_success);
    Buffers.push_back(Buffer);
    EXPECT_EQ(muxBindBufferMemory(Device, Memory, Buffer, 0), mux_success);
    return Buffer;
  }

  std::vector<mux_memory_t> Memories;
  std::vector<mux_buffer_t> Buffers;
};

bool hasMessage() { return std::strlen(muxGetLastErrorMessage()) > 0; }

TEST(MuxGetDeviceInfos, CountsOneDevice) {
  uint32_t Count = 0;
  EXPECT_EQ(muxGetDeviceInfos(0, nullptr, &Count), mux_success);
  EXPECT_EQ(Count, 1u);
}

TEST(MuxGetDeviceInfos, NullOutputs) {
  EXPECT_EQ(muxGetDeviceInfos(0, nullptr, nullptr),
            mux_error_null_out_parameter);
}

TEST(MuxGetDeviceInfos, InfosWithZeroCount) {
  mux_device_info_t Info;
  EXPECT_EQ(muxGetDeviceInfos(0, &Info, nullptr), mux_error_invalid_value);
}

TEST(MuxCreateDevices, NullInfos) {
  mux_device_t Device;
  EXPECT_EQ(muxCreateDevices(1, nullptr, &Device),
            mux_error_null_out_parameter);
}

TEST(MuxCreateDevices, ForeignInfo) {
  mux_device_info_s Fake{};
  mux_device_info_t Info = &Fake;
  mux_device_t Device;
  EXPECT_EQ(muxCreateDevices(1, &Info, &Device), mux_error_invalid_value);
  EXPECT_TRUE(hasMessage());
}

TEST_F(MuxTest, AllocateZeroBytes) {
  mux_memory_t Memory;
  EXPECT_EQ(muxAllocateMemory(Device, 0, 0, mux_memory_property_host_coherent,
                              &Memory),
            mux_error_invalid_value);
}

TEST_F(MuxTest, AllocateWithBadAlignment) {
  mux_memory_t Memory;
  EXPECT_EQ(muxAllocateMemory(Device, 64, 3, mux_memory_property_host_coherent,
                              &Memory),
            mux_error_invalid_value);
}

TEST_F(MuxTest, AllocateOnNullDevice) {
  mux_memory_t Memory;
  EXPECT_EQ(muxAllocateMemory(nullptr, 64, 0, mux_memory_property_host_coherent,
                              &Memory),
            mux_error_invalid_handle);
}

TEST_F(MuxTest, AllocateWithPropertyTheDeviceLacks) {
  mux_memory_t Memory;
  // A bit no mux_memory_property_e names.
  EXPECT_EQ(muxAllocateMemory(Device, 64, 0, 1u << 31, &Memory),
            mux_error_invalid_value);
  EXPECT_TRUE(hasMessage());
}

TEST_F(MuxTest, DeviceOnlyMemoryCannotBeMapped) {
  mux_memory_t Memory;
  ASSERT_EQ(muxAllocateMemory(Device, 64, 0, 0, &Memory), mux_success);
  void *Data = nullptr;
  EXPECT_EQ(muxMapMemory(Device, Memory, 0, 64, &Data),
            mux_error_invalid_value);
  EXPECT_EQ(Data, nullptr);
  muxFreeMemory(Device, Memory);
  ASSERT_EQ(muxAllocateMemory(Device, 64, 0, mux_memory_property_host_visible,
                              &Memory),
            mux_success);
  EXPECT_EQ(muxMapMemory(Device, Memory, 0, 64, &Data), mux_success);
  EXPECT_NE(Data, nullptr);
  muxFreeMemory(Device, Memory);
  // Shared-address memory maps at one address, whatever the mapping.
  ASSERT_EQ(muxAllocateMemory(Device, 64, 0,
                              mux_memory_property_host_coherent |
                                  mux_memory_property_shared_address,
                              &Memory),
            mux_success);
  void *Again = nullptr;
  EXPECT_EQ(muxMapMemory(Device, Memory, 0, 64, &Data), mux_success);
  EXPECT_EQ(muxUnmapMemory(Device, Memory), mux_success);
  EXPECT_EQ(muxMapMemory(Device, Memory, 16, 48, &Again), mux_success);
  EXPECT_EQ(static_cast<char *>(Again), static_cast<char *>(Data) + 16);
  muxFreeMemory(Device, Memory);
}

TEST(MuxGetDeviceInfos, ReportsFeaturesAndMemoryProperties) {
  mux_device_info_t Info;
  uint32_t Count = 0;
  ASSERT_EQ(muxGetDeviceInfos(1, &Info, &Count), mux_success);
  ASSERT_NE(Info->builtin_features, nullptr);
  EXPECT_NE(std::string(Info->builtin_features).find("cl_khr_fp64"),
            std::string::npos);
  // The host's memory: kernels see it where the host maps it, and their
  // atomics on it are the host's.
  EXPECT_EQ(Info->memory_properties,
            uint32_t(mux_memory_property_host_coherent |
                     mux_memory_property_shared_address |
                     mux_memory_property_host_atomics));
}

TEST(MuxGetDeviceInfos, ReportsTheHostsMemoryAndThePrintfBuffer) {
  mux_device_info_t Info;
  uint32_t Count = 0;
  ASSERT_EQ(muxGetDeviceInfos(1, &Info, &Count), mux_success);
  EXPECT_EQ(Info->memory_size, uint64_t(sysconf(_SC_PHYS_PAGES)) *
                                   uint64_t(sysconf(_SC_PAGESIZE)));
  // 1 MiB unless LOOM_PRINTF_BUFFER_SIZE said otherwise when the driver
  // first answered.
  EXPECT_GE(Info->printf_buffer_size, 1u);
}

TEST_F(MuxTest, HandleOfWrongKind) {
  mux_memory_t Memory;
  ASSERT_EQ(muxAllocateMemory(Device, 64, 0, mux_memory_property_host_coherent,
                              &Memory),
            mux_success);
  mux_buffer_t Buffer;
  // A memory handle where a device handle belongs.
  EXPECT_EQ(
      muxCreateBuffer(reinterpret_cast<mux_device_t>(Memory), 16, &Buffer),
      mux_error_invalid_handle);
  muxFreeMemory(Device, Memory);
}

TEST_F(MuxTest, MapOutsideMemory) {
  mux_memory_t Memory;
  ASSERT_EQ(muxAllocateMemory(Device, 64, 0, mux_memory_property_host_coherent,
                              &Memory),
            mux_success);
  void *Data;
  EXPECT_EQ(muxMapMemory(Device, Memory, 32, 64, &Data),
            mux_error_invalid_value);
  EXPECT_EQ(muxMapMemory(Device, Memory, 0, 64, &Data), mux_success);
  muxFreeMemory(Device, Memory);
}

TEST_F(MuxTest, BindBufferLargerThanMemory) {
  mux_memory_t Memory;
  mux_buffer_t Buffer;
  ASSERT_EQ(muxAllocateMemory(Device, 64, 0, mux_memory_property_host_coherent,
                              &Memory),
            mux_success);
  ASSERT_EQ(muxCreateBuffer(Device, 48, &Buffer), mux_success);
  EXPECT_EQ(muxBindBufferMemory(Device, Memory, Buffer, 32),
            mux_error_invalid_value);
  EXPECT_EQ(muxBindBufferMemory(Device, Memory, Buffer, 16), mux_success);
  EXPECT_EQ(muxBindBufferMemory(Device, Memory, Buffer, 0),
            mux_error_invalid_state);
  muxDestroyBuffer(Device, Buffer);
  muxFreeMemory(Device, Memory);
}

TEST_F(MuxTest, ExecutableFromGarbage) {
  const char Garbage[] = "this is not an ELF object";
  mux_executable_t Executable;
  EXPECT_EQ(muxCreateExecutable(Device, Garbage, sizeof(Garbage), &Executable),
            mux_error_invalid_binary);
  EXPECT_NE(std::string(muxGetLastErrorMessage()).find("invalid binary"),
            std::string::npos);
}

TEST_F(MuxTest, ExecutableFromNull) {
  mux_executable_t Executable;
  EXPECT_EQ(muxCreateExecutable(Device, nullptr, 10, &Executable),
            mux_error_null_out_parameter);
}

TEST_F(MuxTest, WriteOutsideBuffer) {
  mux_buffer_t Buffer = makeBoundBuffer(64);
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  char Host[128] = {};
  EXPECT_EQ(muxCommandWriteBuffer(CB, Buffer, 32, Host, 64),
            mux_error_invalid_value);
  EXPECT_EQ(muxCommandWriteBuffer(CB, Buffer, 0, nullptr, 8),
            mux_error_null_out_parameter);
  EXPECT_EQ(muxCommandReadBuffer(CB, Buffer, 0, Host, 0),
            mux_error_invalid_value);
  muxDestroyCommandBuffer(Device, CB);
}

TEST_F(MuxTest, WriteToUnboundBuffer) {
  mux_buffer_t Buffer;
  ASSERT_EQ(muxCreateBuffer(Device, 64, &Buffer), mux_success);
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  char Host[64] = {};
  EXPECT_EQ(muxCommandWriteBuffer(CB, Buffer, 0, Host, 64),
            mux_error_invalid_state);
  muxDestroyCommandBuffer(Device, CB);
  muxDestroyBuffer(Device, Buffer);
}

TEST_F(MuxTest, RecordAfterFinalize) {
  mux_buffer_t Buffer = makeBoundBuffer(64);
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
  char Host[64] = {};
  EXPECT_EQ(muxCommandWriteBuffer(CB, Buffer, 0, Host, 64),
            mux_error_invalid_state);
  EXPECT_EQ(muxFinalizeCommandBuffer(CB), mux_error_invalid_state);
  muxDestroyCommandBuffer(Device, CB);
}

TEST_F(MuxTest, DispatchUnfinalized) {
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  EXPECT_EQ(
      muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr, nullptr),
      mux_error_invalid_state);
  muxDestroyCommandBuffer(Device, CB);
}

TEST_F(MuxTest, WriteThenReadRoundTrips) {
  mux_buffer_t Buffer = makeBoundBuffer(256);
  mux_command_buffer_t CB;
  ASSERT_EQ(muxCreateCommandBuffer(Device, &CB), mux_success);
  uint8_t In[256], Out[256] = {};
  for (int I = 0; I < 256; ++I)
    In[I] = static_cast<uint8_t>(I * 7);
  ASSERT_EQ(muxCommandWriteBuffer(CB, Buffer, 0, In, 256), mux_success);
  ASSERT_EQ(muxCommandReadBuffer(CB, Buffer, 128, Out, 128), mux_success);
  ASSERT_EQ(muxFinalizeCommandBuffer(CB), mux_success);
  ASSERT_EQ(
      muxDispatch(Queue, CB, nullptr, nullptr, 0, nullptr, 0, nullptr, nullptr),
      mux_success);
  ASSERT_EQ(muxWaitAll(Queue), mux_success);
  for (int I = 0; I < 128; ++I)
    EXPECT_EQ(Out[I], In[128 + I]) << "byte " << I;
  muxDestroyCommandBuffer(Device, CB);
}

TEST_F(MuxTest, QueueIndexOutOfRange) {
  mux_queue_t Other;
  EXPECT_EQ(muxGetQueue(Device, 1, &Other), mux_error_invalid_value);
}

TEST_F(MuxTest, WaitOnNullQueue) {
  EXPECT_EQ(muxWaitAll(nullptr), mux_error_invalid_handle);
}

} // namespace
