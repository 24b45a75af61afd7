//===- buffer_test.cpp - Buffers as kernels see them ----------------------===//
//
// Sub-buffers as applications use them: regions of a buffer that kernels,
// reads, writes and copies reach, each write seen through the parent and
// the other way round; the flags they inherit; the parent kept alive while
// a sub-buffer lives; the error codes clCreateSubBuffer and
// clEnqueueCopyBuffer give for what the specification refuses. And a null
// buffer argument, a null pointer in the kernel; and the rect commands,
// checked against a byte-by-byte model of the host's; fills, maps and the
// flags clCreateBuffer refuses. Every element is checked against the
// host's own values.
//
//===----------------------------------------------------------------------===//

#include "OnDevice.h"

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

using namespace loom_opencl_test;

constexpr size_t N = 4096;
/// The alignment of sub-buffer offsets every device asks for.
constexpr size_t Aligned = 1024;

template <class T> T memValue(cl_mem Memory, cl_mem_info Param) {
  T Value{};
  EXPECT_EQ(clGetMemObjectInfo(Memory, Param, sizeof Value, &Value, nullptr),
            CL_SUCCESS);
  return Value;
}

cl_mem subBuffer(cl_mem Parent, cl_mem_flags Flags, size_t Origin, size_t Size,
                 cl_int *Error) {
  cl_buffer_region Region = {Origin, Size};
  return clCreateSubBuffer(Parent, Flags, CL_BUFFER_CREATE_TYPE_REGION, &Region,
                           Error);
}

const char *AddOne = R"(
__kernel void add_one(__global int *x) { x[get_global_id(0)] += 1; })";

// A buffer's address is aligned as CL_DEVICE_MEM_BASE_ADDR_ALIGN says (the
// widest type, long16), whatever its size, so that an array of long16 in it
// is aligned (the CTS's test_vectors vec_align_struct_arr): a kernel writes
// its buffer's address, read back here.
TEST(ClCreateBuffer, BuffersAreAlignedForTheWidestType) {
  const char *Address = R"(
__kernel void address(__global long16 *buffer, __global ulong *out) {
  out[0] = (ulong)buffer;
})";
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    const cl_uint Bits =
        deviceValue<cl_uint>(Device, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
    ASSERT_EQ(Bits, 128u * 8);
    cl_kernel Kernel = On.kernel(On.program(Address), "address");
    cl_mem Out = On.buffer(CL_MEM_READ_WRITE, sizeof(cl_ulong));
    ASSERT_EQ(clSetKernelArg(Kernel, 1, sizeof Out, &Out), CL_SUCCESS);
    // Many buffers of sizes that are not multiples of the alignment, so that
    // one at an address of a smaller alignment would show.
    for (size_t Size : {4, 100, 128, 1000, 4096, 5000, 65537}) {
      for (int Copy = 0; Copy < 8; ++Copy) {
        cl_mem Buffer = On.buffer(CL_MEM_READ_WRITE, Size);
        ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof Buffer, &Buffer),
                  CL_SUCCESS);
        const size_t One = 1;
        ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &One,
                                         nullptr, 0, nullptr, nullptr),
                  CL_SUCCESS);
        cl_ulong Seen = 0;
        ASSERT_EQ(clEnqueueReadBuffer(On.Queue, Out, CL_TRUE, 0, sizeof Seen,
                                      &Seen, 0, nullptr, nullptr),
                  CL_SUCCESS);
        ASSERT_NE(Seen, 0u);
        EXPECT_EQ(Seen % (Bits / 8), 0u) << Size << " bytes, copy " << Copy;
      }
    }
  }
}

TEST(ClCreateSubBuffer, KernelsAndCopiesReachTheParentsMemory) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    const cl_uint Bits =
        deviceValue<cl_uint>(Device, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
    ASSERT_EQ(Aligned % (Bits / 8), 0u);
    std::vector<cl_int> Host(N);
    std::iota(Host.begin(), Host.end(), 0);
    cl_mem Parent = On.buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                              N * sizeof(cl_int), Host.data());
    cl_int Error = CL_INVALID_VALUE;
    // Ints [256, 768) and [1024, 1280).
    cl_mem Middle = subBuffer(Parent, 0, Aligned, 512 * sizeof(cl_int), &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    cl_mem Later = subBuffer(Parent, CL_MEM_READ_ONLY, 4 * Aligned,
                             256 * sizeof(cl_int), &Error);
    ASSERT_EQ(Error, CL_SUCCESS);
    EXPECT_EQ(memValue<cl_mem>(Middle, CL_MEM_ASSOCIATED_MEMOBJECT), Parent);
    EXPECT_EQ(memValue<size_t>(Middle, CL_MEM_OFFSET), Aligned);
    EXPECT_EQ(memValue<size_t>(Middle, CL_MEM_SIZE), 512 * sizeof(cl_int));
    // Flags of a kind not given are the parent's.
    EXPECT_EQ(memValue<cl_mem_flags>(Middle, CL_MEM_FLAGS),
              CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR);
    EXPECT_EQ(memValue<cl_mem_flags>(Later, CL_MEM_FLAGS),
              CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR);
    EXPECT_EQ(memValue<cl_mem>(Parent, CL_MEM_ASSOCIATED_MEMOBJECT), nullptr);
    EXPECT_EQ(memValue<cl_uint>(Parent, CL_MEM_REFERENCE_COUNT), 3u);

    // A kernel on the sub-buffer adds one to its ints of the parent.
    cl_kernel Kernel = On.kernel(On.program(AddOne), "add_one");
    ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof Middle, &Middle), CL_SUCCESS);
    const size_t Items = 512;
    ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &Items,
                                     nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    // Copied from one sub-buffer to another: ints [256, 512) go to [1024,
    // 1280), after the kernel's addition.
    ASSERT_EQ(clEnqueueCopyBuffer(On.Queue, Middle, Later, 0, 0,
                                  256 * sizeof(cl_int), 0, nullptr, nullptr),
              CL_SUCCESS);
    // Written through the parent, read through the sub-buffer.
    const cl_int Marked = -7;
    ASSERT_EQ(clEnqueueWriteBuffer(On.Queue, Parent, CL_TRUE,
                                   767 * sizeof(cl_int), sizeof Marked, &Marked,
                                   0, nullptr, nullptr),
              CL_SUCCESS);
    for (size_t I = 0; I < N; ++I) {
      if (I >= 256 && I < 768)
        Host[I] += 1;
      if (I >= 1024 && I < 1280)
        Host[I] = Host[I - 768];
    }
    Host[767] = Marked;
    std::vector<cl_int> Whole = readInts(On.Queue, Parent, N);
    for (size_t I = 0; I < N; ++I)
      ASSERT_EQ(Whole[I], Host[I]) << "at " << I;
    std::vector<cl_int> Part = readInts(On.Queue, Middle, 512);
    for (size_t I = 0; I < 512; ++I)
      ASSERT_EQ(Part[I], Host[256 + I]) << "at " << I;
    EXPECT_EQ(clReleaseMemObject(Middle), CL_SUCCESS);
    EXPECT_EQ(clReleaseMemObject(Later), CL_SUCCESS);
  }
}

TEST(ClCreateSubBuffer, AUseHostPtrParentsMemoryHoldsWhatKernelsWrote) {
  OnDevice On(loomDevices()[0]);
  std::vector<cl_int> Host(N, 5);
  cl_mem Parent = On.buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                            N * sizeof(cl_int), Host.data());
  cl_int Error = CL_INVALID_VALUE;
  cl_mem Part = subBuffer(Parent, 0, Aligned, Aligned, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(memValue<void *>(Part, CL_MEM_HOST_PTR),
            reinterpret_cast<char *>(Host.data()) + Aligned);
  cl_kernel Kernel = On.kernel(On.program(AddOne), "add_one");
  ASSERT_EQ(clSetKernelArg(Kernel, 0, sizeof Part, &Part), CL_SUCCESS);
  const size_t Items = Aligned / sizeof(cl_int);
  ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &Items,
                                   nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clFinish(On.Queue), CL_SUCCESS);
  for (size_t I = 0; I < N; ++I) {
    bool InPart = I >= Items && I < 2 * Items;
    ASSERT_EQ(Host[I], InPart ? 6 : 5) << "at " << I;
  }
  EXPECT_EQ(clReleaseMemObject(Part), CL_SUCCESS);
}

TEST(ClCreateSubBuffer, KeepsItsParentAlive) {
  OnDevice On(loomDevices()[0]);
  cl_int Error = CL_INVALID_VALUE;
  cl_mem Parent = clCreateBuffer(On.Context, CL_MEM_READ_WRITE,
                                 N * sizeof(cl_int), nullptr, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  static int ParentGone = 0;
  ParentGone = 0;
  ASSERT_EQ(clSetMemObjectDestructorCallback(
                Parent, [](cl_mem, void *) { ++ParentGone; }, nullptr),
            CL_SUCCESS);
  cl_mem Part = subBuffer(Parent, 0, 0, Aligned, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(Parent), CL_SUCCESS);
  EXPECT_EQ(ParentGone, 0);
  const cl_int Value = 31;
  ASSERT_EQ(clEnqueueFillBuffer(On.Queue, Part, &Value, sizeof Value, 0,
                                Aligned, 0, nullptr, nullptr),
            CL_SUCCESS);
  for (cl_int Read : readInts(On.Queue, Part, Aligned / sizeof(cl_int)))
    ASSERT_EQ(Read, Value);
  EXPECT_EQ(clReleaseMemObject(Part), CL_SUCCESS);
  EXPECT_EQ(ParentGone, 1);
}

TEST(ClCreateSubBuffer, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  cl_mem Parent =
      On.buffer(CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, N * sizeof(cl_int));
  const size_t Bytes = N * sizeof(cl_int);
  cl_int Error = CL_SUCCESS;
  auto Refused = [&](cl_mem_flags Flags, size_t Origin, size_t Size) {
    Error = CL_SUCCESS;
    EXPECT_EQ(subBuffer(Parent, Flags, Origin, Size, &Error), nullptr);
    return Error;
  };
  EXPECT_EQ(Refused(0, 4, 64), CL_MISALIGNED_SUB_BUFFER_OFFSET);
  EXPECT_EQ(Refused(0, 0, 0), CL_INVALID_BUFFER_SIZE);
  EXPECT_EQ(Refused(0, Aligned, Bytes), CL_INVALID_VALUE);
  EXPECT_EQ(Refused(CL_MEM_READ_ONLY, 0, 64), CL_INVALID_VALUE);
  EXPECT_EQ(Refused(CL_MEM_READ_WRITE, 0, 64), CL_INVALID_VALUE);
  EXPECT_EQ(Refused(CL_MEM_HOST_READ_ONLY, 0, 64), CL_INVALID_VALUE);
  EXPECT_EQ(Refused(CL_MEM_ALLOC_HOST_PTR, 0, 64), CL_INVALID_VALUE);
  EXPECT_EQ(Refused(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 0, 64),
            CL_INVALID_VALUE);
  cl_buffer_region Region = {0, 64};
  EXPECT_EQ(clCreateSubBuffer(Parent, 0, 0x1234, &Region, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(clCreateSubBuffer(Parent, 0, CL_BUFFER_CREATE_TYPE_REGION, nullptr,
                              &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(subBuffer(nullptr, 0, 0, 64, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_MEM_OBJECT);
  cl_mem Part = subBuffer(Parent, 0, 0, 2 * Aligned, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(subBuffer(Part, 0, 0, 64, &Error), nullptr);
  EXPECT_EQ(Error, CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(memValue<cl_mem_flags>(Part, CL_MEM_FLAGS),
            CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS);

  // Copies between sub-buffers of one buffer may not overlap in it.
  cl_mem Next = subBuffer(Parent, 0, Aligned, 2 * Aligned, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  EXPECT_EQ(clEnqueueCopyBuffer(On.Queue, Part, Next, Aligned, 0, 64, 0,
                                nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(On.Queue, Part, Parent, Aligned, Aligned + 16,
                                64, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBuffer(On.Queue, Part, Next, 0, Aligned, 64, 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clFinish(On.Queue), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(Part), CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(Next), CL_SUCCESS);
}

/// Copies a box byte by byte, the host's model of the rect commands:
/// \p Region bytes by rows by slices from \p From (origin, row pitch,
/// slice pitch) of \p Source to \p To of \p Destination.
struct Side {
  size_t X, Y, Z, Row, Slice;
  size_t at(size_t I, size_t J, size_t K) const {
    return (Z + K) * Slice + (Y + J) * Row + X + I;
  }
};
void modelCopy(std::vector<uint8_t> &Destination, Side To,
               const std::vector<uint8_t> &Source, Side From,
               const size_t *Region) {
  for (size_t K = 0; K < Region[2]; ++K)
    for (size_t J = 0; J < Region[1]; ++J)
      for (size_t I = 0; I < Region[0]; ++I)
        Destination.at(To.at(I, J, K)) = Source.at(From.at(I, J, K));
}

TEST(ClEnqueueBufferRect, ReadsWritesAndCopiesBoxesAsTheHostModelDoes) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    // B: 4 slices of 8 rows of 16 bytes; C: 3 slices of 6 rows of 12.
    std::vector<uint8_t> ModelB(512), ModelC(216, 0);
    for (size_t I = 0; I < ModelB.size(); ++I)
      ModelB[I] = static_cast<uint8_t>(I % 251);
    cl_mem B =
        On.buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 512, ModelB.data());
    cl_mem C =
        On.buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 216, ModelC.data());

    // From the host's 3 slices of 10 rows of 20 bytes into B.
    std::vector<uint8_t> Host(600);
    for (size_t I = 0; I < Host.size(); ++I)
      Host[I] = static_cast<uint8_t>(255 - I % 199);
    const size_t Written[3] = {5, 3, 2};
    const size_t BufferAt[3] = {2, 1, 1}, HostAt[3] = {1, 2, 0};
    ASSERT_EQ(clEnqueueWriteBufferRect(On.Queue, B, CL_FALSE, BufferAt, HostAt,
                                       Written, 16, 128, 20, 200, Host.data(),
                                       0, nullptr, nullptr),
              CL_SUCCESS);
    modelCopy(ModelB, {2, 1, 1, 16, 128}, Host, {1, 2, 0, 20, 200}, Written);

    // From B to C, packed pitches on C's side (0: the region's).
    const size_t Copied[3] = {12, 2, 3};
    const size_t FromB[3] = {3, 1, 0}, ToC[3] = {0, 0, 0};
    ASSERT_EQ(clEnqueueCopyBufferRect(On.Queue, B, C, FromB, ToC, Copied, 16,
                                      128, 0, 0, 0, nullptr, nullptr),
              CL_SUCCESS);
    modelCopy(ModelC, {0, 0, 0, 12, 24}, ModelB, {3, 1, 0, 16, 128}, Copied);

    // Within B, boxes that do not overlap.
    const size_t Moved[3] = {4, 2, 1};
    const size_t MovedFrom[3] = {0, 0, 2}, MovedTo[3] = {8, 4, 3};
    ASSERT_EQ(clEnqueueCopyBufferRect(On.Queue, B, B, MovedFrom, MovedTo, Moved,
                                      16, 128, 16, 128, 0, nullptr, nullptr),
              CL_SUCCESS);
    modelCopy(ModelB, {8, 4, 3, 16, 128}, ModelB, {0, 0, 2, 16, 128}, Moved);

    // Read back whole, and one box of B into a pitched host array.
    std::vector<uint8_t> GotB(512), GotC(216), Box(4 * 7 * 2, 0);
    const size_t Whole[3] = {512, 1, 1}, WholeC[3] = {216, 1, 1};
    const size_t Zero[3] = {0, 0, 0};
    ASSERT_EQ(clEnqueueReadBufferRect(On.Queue, B, CL_TRUE, Zero, Zero, Whole,
                                      0, 0, 0, 0, GotB.data(), 0, nullptr,
                                      nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueReadBufferRect(On.Queue, C, CL_TRUE, Zero, Zero, WholeC,
                                      0, 0, 0, 0, GotC.data(), 0, nullptr,
                                      nullptr),
              CL_SUCCESS);
    const size_t Read[3] = {3, 5, 2}, ReadFrom[3] = {6, 2, 1},
                 ReadTo[3] = {1, 1, 0};
    ASSERT_EQ(clEnqueueReadBufferRect(On.Queue, B, CL_TRUE, ReadFrom, ReadTo,
                                      Read, 16, 128, 4, 28, Box.data(), 0,
                                      nullptr, nullptr),
              CL_SUCCESS);
    std::vector<uint8_t> ModelBox(Box.size(), 0);
    modelCopy(ModelBox, {1, 1, 0, 4, 28}, ModelB, {6, 2, 1, 16, 128}, Read);
    EXPECT_EQ(GotB, ModelB);
    EXPECT_EQ(GotC, ModelC);
    EXPECT_EQ(Box, ModelBox);
  }
}

TEST(ClEnqueueBufferRect, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, 512);
  uint8_t Host[512] = {};
  const size_t Zero[3] = {0, 0, 0}, Region[3] = {4, 2, 2};
  auto Read = [&](const size_t *At, const size_t *Size, size_t Row,
                  size_t Slice) {
    return clEnqueueReadBufferRect(On.Queue, B, CL_TRUE, At, Zero, Size, Row,
                                   Slice, 0, 0, Host, 0, nullptr, nullptr);
  };
  const size_t Empty[3] = {4, 0, 1}, Late[3] = {0, 0, 3};
  EXPECT_EQ(Read(Zero, Empty, 0, 0), CL_INVALID_VALUE);
  EXPECT_EQ(Read(Zero, Region, 3, 0), CL_INVALID_VALUE);    // row < width
  EXPECT_EQ(Read(Zero, Region, 16, 24), CL_INVALID_VALUE);  // slice < rows
  EXPECT_EQ(Read(Zero, Region, 16, 40), CL_INVALID_VALUE);  // not a multiple
  EXPECT_EQ(Read(Late, Region, 16, 128), CL_INVALID_VALUE); // past the end
  EXPECT_EQ(Read(nullptr, Region, 16, 128), CL_INVALID_VALUE);
  EXPECT_EQ(Read(Zero, Region, 16, 128), CL_SUCCESS);
  // Overlapping boxes of one buffer, and of a buffer and its sub-buffer.
  const size_t Near[3] = {2, 1, 0};
  EXPECT_EQ(clEnqueueCopyBufferRect(On.Queue, B, B, Zero, Near, Region, 16, 128,
                                    16, 128, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBufferRect(On.Queue, B, B, Zero, Near, Region, 16, 128,
                                    32, 128, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  cl_int Error = CL_INVALID_VALUE;
  cl_mem Tail = subBuffer(B, 0, 256, 256, &Error);
  ASSERT_EQ(Error, CL_SUCCESS);
  const size_t InTail[3] = {0, 0, 2};
  EXPECT_EQ(clEnqueueCopyBufferRect(On.Queue, B, Tail, InTail, Zero, Region, 16,
                                    128, 16, 128, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(clEnqueueCopyBufferRect(On.Queue, B, Tail, Zero, Zero, Region, 16,
                                    128, 16, 128, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clReleaseMemObject(Tail), CL_SUCCESS);

  // Migrating memory moves nothing but is a command with its event.
  cl_event Migrated = nullptr;
  EXPECT_EQ(
      clEnqueueMigrateMemObjects(On.Queue, 1, &B, 0x80, 0, nullptr, nullptr),
      CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMigrateMemObjects(On.Queue, 0, &B, 0, 0, nullptr, nullptr),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueMigrateMemObjects(On.Queue, 1, &B,
                                       CL_MIGRATE_MEM_OBJECT_HOST, 0, nullptr,
                                       &Migrated),
            CL_SUCCESS);
  cl_command_type Type = 0;
  EXPECT_EQ(clGetEventInfo(Migrated, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type,
                           nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Type, CL_COMMAND_MIGRATE_MEM_OBJECTS);
  EXPECT_EQ(clWaitForEvents(1, &Migrated), CL_SUCCESS);
  EXPECT_EQ(clReleaseEvent(Migrated), CL_SUCCESS);
}

// clSetKernelArg with a null cl_mem: the kernel sees a null pointer.
TEST(ClSetKernelArg, ANullBufferIsANullPointerInTheKernel) {
  for (cl_device_id Device : loomDevices()) {
    SCOPED_TRACE(deviceName(Device));
    OnDevice On(Device);
    cl_kernel Kernel = On.kernel(On.program(R"(
__kernel void maybe(__global const int *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = in ? in[i] * 2 : -1;
})"),
                                 "maybe");
    std::vector<cl_int> Host(N);
    std::iota(Host.begin(), Host.end(), 0);
    cl_mem In = On.buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                          N * sizeof(cl_int), Host.data());
    cl_mem Out = On.buffer(CL_MEM_WRITE_ONLY, N * sizeof(cl_int));
    ASSERT_EQ(clSetKernelArg(Kernel, 1, sizeof Out, &Out), CL_SUCCESS);
    for (bool Null : {true, false}) {
      SCOPED_TRACE(Null ? "null" : "a buffer");
      cl_mem Given = Null ? nullptr : In;
      // Either a pointer to a null cl_mem or a null pointer is a null buffer.
      ASSERT_EQ(
          clSetKernelArg(Kernel, 0, sizeof Given, Null ? nullptr : &Given),
          CL_SUCCESS);
      ASSERT_EQ(clEnqueueNDRangeKernel(On.Queue, Kernel, 1, nullptr, &N,
                                       nullptr, 0, nullptr, nullptr),
                CL_SUCCESS);
      std::vector<cl_int> Got = readInts(On.Queue, Out, N);
      for (size_t I = 0; I < N; ++I)
        ASSERT_EQ(Got[I], Null ? -1 : Host[I] * 2) << "at " << I;
    }
  }
}

TEST(ClEnqueueFillBuffer, FillsAndCopiesAsTheHostWould) {
  OnDevice On(loomDevices()[0]);
  const size_t N = 1024;
  cl_mem A = On.buffer(CL_MEM_READ_WRITE, N);
  cl_mem B = On.buffer(CL_MEM_READ_WRITE, N);
  const uint32_t Pattern = 0xa1b2c3d4;
  ASSERT_EQ(clEnqueueFillBuffer(On.Queue, A, &Pattern, sizeof Pattern, 0, N, 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  const uint8_t Zero = 0;
  ASSERT_EQ(
      clEnqueueFillBuffer(On.Queue, B, &Zero, 1, 0, N, 0, nullptr, nullptr),
      CL_SUCCESS);
  ASSERT_EQ(
      clEnqueueCopyBuffer(On.Queue, A, B, 16, 32, 100, 0, nullptr, nullptr),
      CL_SUCCESS);
  std::vector<uint8_t> Result(N);
  ASSERT_EQ(clEnqueueReadBuffer(On.Queue, B, CL_TRUE, 0, N, Result.data(), 0,
                                nullptr, nullptr),
            CL_SUCCESS);
  const auto *PatternBytes = reinterpret_cast<const uint8_t *>(&Pattern);
  for (size_t I = 0; I < N; ++I) {
    uint8_t Expected = I >= 32 && I < 132 ? PatternBytes[(I - 32 + 16) % 4] : 0;
    EXPECT_EQ(Result[I], Expected) << I;
  }
  EXPECT_EQ(clEnqueueCopyBuffer(On.Queue, A, A, 0, 8, 16, 0, nullptr, nullptr),
            CL_MEM_COPY_OVERLAP);
  EXPECT_EQ(
      clEnqueueFillBuffer(On.Queue, A, &Pattern, 3, 0, N, 0, nullptr, nullptr),
      CL_INVALID_VALUE);
}

TEST(ClEnqueueMapBuffer, MapsTheBuffersBytesForReadingAndWriting) {
  OnDevice On(loomDevices()[0]);
  for (cl_mem_flags HostFlag :
       {cl_mem_flags(0), cl_mem_flags(CL_MEM_USE_HOST_PTR)}) {
    SCOPED_TRACE(HostFlag ? "USE_HOST_PTR" : "driver memory");
    std::vector<int> Host(256, 5);
    cl_mem B = On.buffer(HostFlag | (HostFlag ? 0 : CL_MEM_COPY_HOST_PTR),
                         Host.size() * sizeof(int), Host.data());
    cl_int Error = 1;
    auto *Mapped = static_cast<int *>(clEnqueueMapBuffer(
        On.Queue, B, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 16 * sizeof(int),
        32 * sizeof(int), 0, nullptr, nullptr, &Error));
    ASSERT_EQ(Error, CL_SUCCESS);
    ASSERT_NE(Mapped, nullptr);
    cl_uint Count = 0;
    EXPECT_EQ(
        clGetMemObjectInfo(B, CL_MEM_MAP_COUNT, sizeof Count, &Count, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(Count, 1u);
    for (int I = 0; I < 32; ++I) {
      EXPECT_EQ(Mapped[I], 5);
      Mapped[I] = 100 + I;
    }
    EXPECT_EQ(clEnqueueUnmapMemObject(On.Queue, B, Mapped, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clEnqueueUnmapMemObject(On.Queue, B, Mapped, 0, nullptr, nullptr),
              CL_INVALID_VALUE);
    std::vector<int> Result(256);
    ASSERT_EQ(clEnqueueReadBuffer(On.Queue, B, CL_TRUE, 0,
                                  Result.size() * sizeof(int), Result.data(), 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    for (int I = 0; I < 256; ++I)
      EXPECT_EQ(Result[I], I >= 16 && I < 48 ? 100 + I - 16 : 5) << I;
    EXPECT_EQ(clEnqueueMapBuffer(On.Queue, B, CL_TRUE,
                                 CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION,
                                 0, 4, 0, nullptr, nullptr, &Error),
              nullptr);
    EXPECT_EQ(Error, CL_INVALID_VALUE);
    EXPECT_EQ(clEnqueueMapBuffer(On.Queue, B, CL_TRUE, CL_MAP_READ, 1020, 8, 0,
                                 nullptr, nullptr, &Error),
              nullptr);
    EXPECT_EQ(Error, CL_INVALID_VALUE);
  }
}

TEST(ClCreateBuffer, RefusesWhatTheSpecificationRefuses) {
  OnDevice On(loomDevices()[0]);
  cl_int Error = CL_SUCCESS;
  int Host[4] = {};
  EXPECT_EQ(clCreateBuffer(On.Context, CL_MEM_READ_WRITE, 0, nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_BUFFER_SIZE);
  EXPECT_EQ(clCreateBuffer(On.Context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16,
                           nullptr, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  EXPECT_EQ(
      clCreateBuffer(On.Context, CL_MEM_USE_HOST_PTR, 16, nullptr, &Error),
      nullptr);
  EXPECT_EQ(Error, CL_INVALID_HOST_PTR);
  EXPECT_EQ(clCreateBuffer(On.Context, CL_MEM_READ_WRITE, 16, Host, &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_HOST_PTR);
  EXPECT_EQ(clCreateBuffer(On.Context,
                           CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, Host,
                           &Error),
            nullptr);
  EXPECT_EQ(Error, CL_INVALID_VALUE);
  cl_mem B = On.buffer(CL_MEM_HOST_NO_ACCESS, 16);
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, B, CL_TRUE, 0, 16, Host, 0, nullptr,
                                nullptr),
            CL_INVALID_OPERATION);
  cl_mem C = On.buffer(CL_MEM_READ_WRITE, 16);
  EXPECT_EQ(clEnqueueReadBuffer(On.Queue, C, CL_TRUE, 8, 16, Host, 0, nullptr,
                                nullptr),
            CL_INVALID_VALUE);
  size_t Size = 0;
  EXPECT_EQ(clGetMemObjectInfo(C, CL_MEM_SIZE, sizeof Size, &Size, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Size, 16u);
}

} // namespace
