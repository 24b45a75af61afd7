//===- accumulators.cpp - Private copies of add-only buffers --------------===//
///
/// \file
/// See accumulators.h.
///
//===----------------------------------------------------------------------===//

#include "accumulators.h"

#include "environment.h"

#include <cstring>
#include <vector>

namespace mux {

namespace md = loom::metadata;

namespace {

/// The bytes a buffer argument may reach: from where it points to the end of
/// its buffer.
struct ByteRange {
  const uint8_t *Begin;
  const uint8_t *End;

  bool overlaps(const ByteRange &O) const {
    return Begin < O.End && O.Begin < End;
  }
};

bool isBuffer(const md::ArgDescriptor &Arg) {
  return Arg.Kind == md::ArgKind::GlobalBuffer ||
         Arg.Kind == md::ArgKind::ConstantBuffer;
}

/// The range of buffer or image argument \p Info (validated by packArgument);
/// none for a null buffer.
ByteRange getRange(const mux_descriptor_info_s &Info) {
  if (Info.type == mux_descriptor_info_type_image && Info.image)
    return {Info.image->Data, Info.image->Data + Info.image->Size};
  if (!Info.buffer)
    return {nullptr, nullptr};
  const uint8_t *Begin = Info.buffer->Data + Info.buffer_offset;
  return {Begin, Info.buffer->Data + Info.buffer->Size};
}

/// Whether buffer argument \p Index shares a byte with any other buffer or
/// image argument of \p K.
bool overlapsAnotherBuffer(const md::KernelDescriptor &K,
                           const mux_descriptor_info_s *Descriptors,
                           uint32_t Index) {
  ByteRange Mine = getRange(Descriptors[Index]);
  for (uint32_t I = 0; I < K.Args.size(); ++I)
    if (I != Index &&
        (isBuffer(K.Args[I]) || K.Args[I].Kind == md::ArgKind::Image) &&
        Mine.overlaps(getRange(Descriptors[I])))
      return true;
  return false;
}

constexpr uint64_t CacheLineBytes = 64;

uint64_t roundUpToLine(uint64_t Bytes) {
  return (Bytes + CacheLineBytes - 1) / CacheLineBytes * CacheLineBytes;
}

template <class T>
void addCopy(const uint8_t *Copy, uint8_t *Buffer, uint64_t Elements) {
  const T *From = reinterpret_cast<const T *>(Copy);
  T *To = reinterpret_cast<T *>(Buffer);
  for (uint64_t I = 0; I < Elements; ++I)
    if (From[I] != 0)
      __atomic_fetch_add(&To[I], From[I], __ATOMIC_RELAXED);
}

} // namespace

void planPrivateAccumulators(const md::KernelDescriptor &K,
                             const mux_descriptor_info_s *Descriptors,
                             uint64_t WorkItems, unsigned Workers,
                             NDRangeCommand &Launch) {
  Launch.Accumulators.clear();
  Launch.AccumulatorCopyBytes = 0;
  if (Workers < 2 ||
      readEnvironmentCount("LOOM_PRIVATE_ACCUMULATORS", 0, 1).value_or(1) == 0)
    return;
  std::vector<PrivateAccumulator> Chosen;
  uint64_t CopyBytes = 0;
  uint64_t Elements = 0;
  for (uint32_t I = 0; I < K.Args.size(); ++I) {
    const md::ArgDescriptor &Arg = K.Args[I];
    if (Arg.Kind != md::ArgKind::GlobalBuffer || Arg.AccumulatorBytes == 0)
      continue;
    ByteRange Range = getRange(Descriptors[I]);
    uint32_t Bytes = Arg.AccumulatorBytes;
    if (reinterpret_cast<uintptr_t>(Range.Begin) % Bytes != 0 ||
        overlapsAnotherBuffer(K, Descriptors, I))
      continue;
    PrivateAccumulator A;
    A.PackedOffset = Arg.Offset;
    A.Buffer = const_cast<uint8_t *>(Range.Begin);
    A.Elements = static_cast<uint64_t>(Range.End - Range.Begin) / Bytes;
    A.ElementBytes = Bytes;
    A.CopyOffset = CopyBytes;
    if (A.Elements == 0)
      continue;
    CopyBytes += roundUpToLine(A.Elements * Bytes);
    Elements += A.Elements;
    Chosen.push_back(A);
  }
  // All or nothing: the limits are on the launch's copies together.
  if (Chosen.empty() || CopyBytes > MaxAccumulatorCopyBytes ||
      WorkItems / MinWorkItemsPerAccumulatorElement < Elements)
    return;
  Launch.Accumulators = std::move(Chosen);
  Launch.AccumulatorCopyBytes = CopyBytes;
}

void addAccumulatorCopies(const uint8_t *Copies, const NDRangeCommand &Launch) {
  for (const PrivateAccumulator &A : Launch.Accumulators) {
    const uint8_t *Copy = Copies + A.CopyOffset;
    switch (A.ElementBytes) {
    case 1:
      addCopy<uint8_t>(Copy, A.Buffer, A.Elements);
      break;
    case 2:
      addCopy<uint16_t>(Copy, A.Buffer, A.Elements);
      break;
    case 4:
      addCopy<uint32_t>(Copy, A.Buffer, A.Elements);
      break;
    default:
      addCopy<uint64_t>(Copy, A.Buffer, A.Elements);
      break;
    }
  }
}

} // namespace mux
