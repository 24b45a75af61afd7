//===- ndrange_command.cpp - An ND-range launch, recorded -----------------===//
///
/// \file
/// See ndrange_command.h.
///
//===----------------------------------------------------------------------===//

#include "ndrange_command.h"

#include "accumulators.h"
#include "bounds_check.h"
#include "validation.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace md = loom::metadata;

namespace mux {

namespace {

uint64_t alignLocal(uint64_t Bytes) {
  return (Bytes + LOOM_LOCAL_MEMORY_ALIGNMENT - 1) /
         LOOM_LOCAL_MEMORY_ALIGNMENT * LOOM_LOCAL_MEMORY_ALIGNMENT;
}

/// Places each __local buffer argument after what the arena already holds
/// (the kernel's own variables), calling \p Place(ArgIndex, Offset) for
/// each; the bytes the arena needs.
template <class Placer>
uint64_t placeLocalArguments(const md::KernelDescriptor &K,
                             const mux_descriptor_info_s *Descriptors,
                             Placer Place) {
  uint64_t End = K.LocalMemoryBytes;
  for (uint32_t I = 0; I < K.Args.size(); ++I) {
    if (K.Args[I].Kind != md::ArgKind::LocalBuffer)
      continue;
    End = alignLocal(End);
    Place(I, End);
    End += Descriptors[I].data_size;
  }
  return End;
}

/// Copies argument \p Info into the packed block at \p Arg's offset: the
/// address of a buffer's data, or a value's bytes.
void packArgument(const md::ArgDescriptor &Arg,
                  const mux_descriptor_info_s &Info, uint8_t *Packed) {
  if (isBufferArgument(Arg)) {
    uint8_t *Address =
        Info.buffer ? Info.buffer->Data + Info.buffer_offset : nullptr;
    std::memcpy(Packed + Arg.Offset, &Address, sizeof(Address));
    return;
  }
  if (Arg.Kind == md::ArgKind::Image) {
    const loom_image_t *Header = Info.image->Header.get();
    std::memcpy(Packed + Arg.Offset, &Header, sizeof(Header));
    return;
  }
  if (Arg.Kind == md::ArgKind::Sampler) {
    uint64_t Bits = Info.sampler;
    std::memcpy(Packed + Arg.Offset, &Bits, sizeof(Bits));
    return;
  }
  std::memcpy(Packed + Arg.Offset, Info.data, Arg.Size);
}

/// What a launch with bounds-checked buffers needs to name the argument a
/// fault is in.
void recordCheckedArguments(const md::KernelDescriptor &K,
                            const mux_descriptor_info_s *Descriptors,
                            NDRangeCommand &Launch) {
  for (uint32_t I = 0; I < K.Args.size(); ++I) {
    const mux_descriptor_info_s &Info = Descriptors[I];
    if (!isBufferArgument(K.Args[I]) || !Info.buffer)
      continue;
    Launch.CheckedArguments.push_back({I,
                                       Info.buffer->Data + Info.buffer_offset,
                                       Info.buffer->Size - Info.buffer_offset});
  }
}

} // namespace

bool isBufferArgument(const md::ArgDescriptor &Arg) {
  return Arg.Kind == md::ArgKind::GlobalBuffer ||
         Arg.Kind == md::ArgKind::ConstantBuffer;
}

uint64_t getLocalArenaBytes(const md::KernelDescriptor &K,
                            const mux_descriptor_info_s *Descriptors) {
  return placeLocalArguments(K, Descriptors, [](uint32_t, uint64_t) {});
}

mux_result_t recordNDRange(mux_command_buffer_s &CB, const mux_kernel_s &Kernel,
                           const mux_ndrange_options_s &Options) {
  const md::KernelDescriptor &K = *Kernel.Descriptor;
  NDRangeCommand Launch;
  Launch.Entry = Kernel.Entry;
  Launch.Kernel = Kernel.Descriptor;
  Launch.PrintfSlot = Kernel.PrintfSlot;
  Launch.Image = Kernel.Image;
  Launch.Loaded = Kernel.Loaded;
  uint32_t PackedBytes = std::max<uint32_t>(K.PackedArgsSize, 1);
  Launch.PackedArgs = allocateAligned(PackedBytes, 128);
  if (!Launch.PackedArgs)
    return fail(mux_error_out_of_memory, "cannot allocate kernel arguments");
  std::memset(Launch.PackedArgs.get(), 0, PackedBytes);
  Launch.PackedArgsSize = K.PackedArgsSize;
  Launch.WorkGroupInfoLayout = K.WorkGroupInfoLayout;
  for (uint32_t I = 0; I < K.Args.size(); ++I)
    if (K.Args[I].Kind != md::ArgKind::LocalBuffer)
      packArgument(K.Args[I], Options.descriptors[I], Launch.PackedArgs.get());
  Launch.ArenaSize = placeLocalArguments(
      K, Options.descriptors, [&](uint32_t I, uint64_t Offset) {
        Launch.LocalArguments.push_back({K.Args[I].Offset, Offset});
      });
  for (uint32_t D = 0; D < 3; ++D) {
    bool Used = D < Options.dimensions;
    Launch.LocalSize[D] = Options.local_size[D];
    Launch.GlobalSize[D] = Used ? Options.global_size[D] : 1;
    Launch.NumGroups[D] = Launch.GlobalSize[D] / Launch.LocalSize[D] +
                          (Launch.GlobalSize[D] % Launch.LocalSize[D] != 0);
    Launch.GlobalOffset[D] =
        Used && Options.global_offset ? Options.global_offset[D] : 0;
  }
  Launch.Dimensions = Options.dimensions;
  uint64_t WorkItems = 1;
  for (uint32_t D = 0; D < Options.dimensions; ++D)
    WorkItems *= Options.global_size[D];
  if (checkingBounds())
    recordCheckedArguments(K, Options.descriptors, Launch);
  else // A worker's copy of an accumulator has no guard pages.
    planPrivateAccumulators(K, Options.descriptors, WorkItems,
                            CB.Device->Workers->size(), Launch);
  CB.Commands.push_back(std::move(Launch));
  for (uint32_t I = 0; I < K.Args.size(); ++I) {
    if (isBufferArgument(K.Args[I]) && Options.descriptors[I].buffer)
      CB.uses(*Options.descriptors[I].buffer);
    if (K.Args[I].Kind == md::ArgKind::Image)
      CB.uses(*Options.descriptors[I].image);
  }
  return mux_success;
}

} // namespace mux
