//===- openmp_memory.cpp - OpenMP's memory allocators ---------------------===//
///
/// \file
/// The driver's OpenMP runtime's memory management (OpenMP 5.0): the
/// `omp_*alloc` routines and `omp_free`, the allocators `omp_init_allocator`
/// makes of traits, def-allocator-var, and the `__kmpc_*alloc` entry points
/// the `allocate` clause calls, with libomp's handles (Loom's omp.h): the
/// predefined allocators are small numbers, an allocator of the runtime's
/// own is its object's address, and omp_null_allocator stands for
/// def-allocator-var's.
///
/// Every memory space is the host's memory. What an allocator's traits
/// change is the alignment of its blocks, the pool its blocks may take
/// (`pool_size`), and what it does when that is spent or the system has
/// no memory (`fallback`: the default allocator, null, another allocator,
/// or `abort_fb`, which ends the kernel's launch as a trap does); the
/// other traits are checked and kept to no effect. Each block starts
/// after a header that says which allocator made it, where its memory
/// begins and its size, so a block goes back to its own allocator
/// whichever allocator `omp_free` names.
///
//===----------------------------------------------------------------------===//

#include "kernel_faults.h"
#include "openmp_state.h"

#include "metadata/openmp_kinds.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_set>

namespace mux {

namespace {

/// omp.h's omp_alloctrait_t: a trait's key and its value.
struct AllocatorTrait {
  int32_t Key;
  uintptr_t Value;
};

/// omp_default_mem_alloc.
constexpr uintptr_t DefaultMemoryAllocator = LOOM_OMP_DEFAULT_MEM_ALLOC;
/// The memory spaces: omp.h's five, and libomp's target ones (100-102).
bool isMemorySpace(uintptr_t Space) {
  return Space <= 4 || (Space >= 100 && Space <= 102);
}

/// An allocator: its traits that change what it does, and the pool its
/// blocks have taken.
struct Allocator {
  size_t Alignment = alignof(std::max_align_t);
  /// 0: no pool, as much as the system gives.
  uint64_t PoolSize = 0;
  uintptr_t Fallback = LOOM_OMP_ATV_DEFAULT_MEM_FB;
  /// The allocator of `allocator_fb`.
  uintptr_t FallbackAllocator = 0;
  std::atomic<uint64_t> Used{0};
};

/// What the predefined allocators are: the default memory, no pool.
Allocator Predefined;

/// The allocators omp_init_allocator made and omp_destroy_allocator has
/// not destroyed: destroying any other handle changes nothing. Those a
/// kernel left (one that faulted before destroying its own) go with the
/// process.
struct LiveAllocators {
  std::mutex Lock;
  std::unordered_set<Allocator *> Made;
  ~LiveAllocators() {
    for (Allocator *Left : Made)
      delete Left;
  }
};
LiveAllocators Live;

/// What is before each block.
struct alignas(std::max_align_t) BlockHeader {
  /// What malloc gave, which the block is in.
  void *Memory;
  size_t Size;
  Allocator *By;
};

bool isPowerOfTwo(uintptr_t Value) {
  return Value != 0 && (Value & (Value - 1)) == 0;
}

/// The allocator \p Handle names (omp_null_allocator: def-allocator-var's).
Allocator &allocatorOf(uintptr_t Handle) {
  if (Handle == 0)
    Handle = Member.Icvs.DefaultAllocator;
  if (Handle < LOOM_OMP_FIRST_ALLOCATOR_OBJECT)
    return Predefined;
  return *reinterpret_cast<Allocator *>(Handle);
}

BlockHeader &headerOf(void *Block) {
  return *(static_cast<BlockHeader *>(Block) - 1);
}

/// Takes \p Size bytes of \p From's pool; false if it has not so many.
bool takeFromPool(Allocator &From, size_t Size) {
  if (!From.PoolSize)
    return true;
  uint64_t Used = From.Used.load(std::memory_order_relaxed);
  do {
    if (Size > From.PoolSize - Used)
      return false;
  } while (!From.Used.compare_exchange_weak(Used, Used + Size,
                                            std::memory_order_relaxed));
  return true;
}

void returnToPool(Allocator &From, size_t Size) {
  if (From.PoolSize)
    From.Used.fetch_sub(Size, std::memory_order_relaxed);
}

/// A block of \p Size bytes, aligned to \p Alignment and \p From's
/// alignment, from \p From's pool; null if the pool or the system has no
/// room.
void *allocateFrom(Allocator &From, size_t Alignment, size_t Size) {
  Alignment = std::max({Alignment, From.Alignment, alignof(BlockHeader)});
  if (Size > SIZE_MAX - sizeof(BlockHeader) - Alignment ||
      !takeFromPool(From, Size))
    return nullptr;
  void *Memory = std::malloc(sizeof(BlockHeader) + Alignment + Size);
  if (!Memory) {
    returnToPool(From, Size);
    return nullptr;
  }
  const uintptr_t First =
      reinterpret_cast<uintptr_t>(Memory) + sizeof(BlockHeader);
  void *Block = reinterpret_cast<void *>(
      (First + Alignment - 1) & ~static_cast<uintptr_t>(Alignment - 1));
  headerOf(Block) = BlockHeader{Memory, Size, &From};
  return Block;
}

/// `omp_aligned_alloc(alignment, size, allocator)`: a block from the
/// allocator \p Handle names, or from its fallback when it has no room;
/// null for no bytes or an alignment that is not a power of two.
void *allocate(size_t Alignment, size_t Size, uintptr_t Handle) {
  if (Size == 0 || !isPowerOfTwo(Alignment))
    return nullptr;
  // An allocator_fb chain that comes back to an allocator ends there.
  for (unsigned Hops = 0; Hops < 16; ++Hops) {
    Allocator &From = allocatorOf(Handle);
    if (void *Block = allocateFrom(From, Alignment, Size))
      return Block;
    switch (From.Fallback) {
    case LOOM_OMP_ATV_DEFAULT_MEM_FB:
      if (&From == &Predefined)
        return nullptr;
      Handle = DefaultMemoryAllocator;
      continue;
    case LOOM_OMP_ATV_ALLOCATOR_FB:
      Handle = From.FallbackAllocator;
      continue;
    case LOOM_OMP_ATV_ABORT_FB:
      // OpenMP ends the program; the driver ends the kernel's launch.
      raiseKernelFault(KernelFault{KernelFault::Trap, SIGTRAP, {}});
      return nullptr;
    default:
      return nullptr;
    }
  }
  return nullptr;
}

/// `omp_free(ptr, allocator)`: back to the allocator that made it.
void deallocate(void *Block, uintptr_t) {
  if (!Block)
    return;
  BlockHeader &Header = headerOf(Block);
  returnToPool(*Header.By, Header.Size);
  std::free(Header.Memory);
}

void *allocateZeroed(size_t Alignment, size_t Count, size_t Size,
                     uintptr_t Handle) {
  if (Size && Count > SIZE_MAX / Size)
    return nullptr;
  void *Block = allocate(Alignment, Count * Size, Handle);
  if (Block)
    std::memset(Block, 0, Count * Size);
  return Block;
}

/// `omp_realloc(ptr, size, allocator, free_allocator)`: a block of \p Size
/// bytes from \p Handle's allocator (omp_null_allocator: \p Block's) with
/// \p Block's bytes, which goes back to its allocator; null and \p Block
/// kept if there is no room.
void *reallocate(void *Block, size_t Size, uintptr_t Handle, uintptr_t) {
  if (!Block)
    return allocate(1, Size, Handle);
  if (Size == 0) {
    deallocate(Block, 0);
    return nullptr;
  }
  BlockHeader &Header = headerOf(Block);
  // An allocator's handle is its address (the predefined ones' too).
  void *Moved = allocate(
      1, Size, Handle ? Handle : reinterpret_cast<uintptr_t>(Header.By));
  if (!Moved)
    return nullptr;
  std::memcpy(Moved, Block, std::min(Size, Header.Size));
  deallocate(Block, 0);
  return Moved;
}

/// Whether \p Trait is one omp.h allows, set into \p Made if it changes
/// what the allocator does.
bool applyTrait(const AllocatorTrait &Trait, Allocator &Made) {
  const uintptr_t Value = Trait.Value;
  if (Value == LOOM_OMP_ATV_DEFAULT)
    return Trait.Key >= LOOM_OMP_ATK_SYNC_HINT &&
           Trait.Key <= LOOM_OMP_ATK_PARTITION;
  switch (Trait.Key) {
  case LOOM_OMP_ATK_SYNC_HINT:
    return Value >= LOOM_OMP_ATV_CONTENDED && Value <= LOOM_OMP_ATV_PRIVATE;
  case LOOM_OMP_ATK_ALIGNMENT:
    if (!isPowerOfTwo(Value))
      return false;
    Made.Alignment = std::max<size_t>(Made.Alignment, Value);
    return true;
  case LOOM_OMP_ATK_ACCESS:
    return Value >= LOOM_OMP_ATV_ALL && Value <= LOOM_OMP_ATV_CGROUP;
  case LOOM_OMP_ATK_POOL_SIZE:
    Made.PoolSize = Value;
    return true;
  case LOOM_OMP_ATK_FALLBACK:
    if (Value < LOOM_OMP_ATV_DEFAULT_MEM_FB ||
        Value > LOOM_OMP_ATV_ALLOCATOR_FB)
      return false;
    Made.Fallback = Value;
    return true;
  case LOOM_OMP_ATK_FB_DATA:
    Made.FallbackAllocator = Value;
    return true;
  case LOOM_OMP_ATK_PINNED: // omp_atv_false or omp_atv_true
    return Value <= 1;
  case LOOM_OMP_ATK_PARTITION:
    return Value >= LOOM_OMP_ATV_ENVIRONMENT &&
           Value <= LOOM_OMP_ATV_INTERLEAVED;
  default:
    return false;
  }
}

/// `omp_init_allocator(memspace, ntraits, traits)`: an allocator of the
/// traits; omp_null_allocator if one is not allowed.
uintptr_t initAllocator(uintptr_t Space, int32_t Count,
                        const AllocatorTrait *Traits) {
  if (!isMemorySpace(Space) || Count < 0 || (Count > 0 && !Traits))
    return 0;
  auto *Made = new Allocator;
  for (int32_t I = 0; I < Count; ++I)
    if (!applyTrait(Traits[I], *Made)) {
      delete Made;
      return 0;
    }
  if (Made->Fallback == LOOM_OMP_ATV_ALLOCATOR_FB && !Made->FallbackAllocator) {
    delete Made;
    return 0;
  }
  std::lock_guard<std::mutex> Guard(Live.Lock);
  Live.Made.insert(Made);
  return reinterpret_cast<uintptr_t>(Made);
}

/// `omp_destroy_allocator(allocator)`.
void destroyAllocator(uintptr_t Handle) {
  auto *Made = reinterpret_cast<Allocator *>(Handle);
  {
    std::lock_guard<std::mutex> Guard(Live.Lock);
    if (!Live.Made.erase(Made))
      return;
  }
  delete Made;
}

/// `omp_set_default_allocator(allocator)` and
/// `omp_get_default_allocator()`: def-allocator-var, of the calling
/// implicit task (omp_null_allocator changes nothing).
void setDefaultAllocator(uintptr_t Handle) {
  if (Handle)
    Member.Icvs.DefaultAllocator = Handle;
}
uintptr_t getDefaultAllocator() { return Member.Icvs.DefaultAllocator; }

void *ompAlloc(size_t Size, uintptr_t Handle) {
  return allocate(1, Size, Handle);
}
void *ompCalloc(size_t Count, size_t Size, uintptr_t Handle) {
  return allocateZeroed(1, Count, Size, Handle);
}
void *ompAlignedCalloc(size_t Alignment, size_t Count, size_t Size,
                       uintptr_t Handle) {
  return allocateZeroed(Alignment, Count, Size, Handle);
}

/// The `allocate` clause's entry points: the routines, after the thread's
/// number.
void *kmpcAlloc(int32_t, size_t Size, uintptr_t Handle) {
  return allocate(1, Size, Handle);
}
void *kmpcAlignedAlloc(int32_t, size_t Alignment, size_t Size,
                       uintptr_t Handle) {
  return allocate(Alignment, Size, Handle);
}
void *kmpcCalloc(int32_t, size_t Count, size_t Size, uintptr_t Handle) {
  return allocateZeroed(1, Count, Size, Handle);
}
void *kmpcRealloc(int32_t, void *Block, size_t Size, uintptr_t Handle,
                  uintptr_t FreeHandle) {
  return reallocate(Block, Size, Handle, FreeHandle);
}
void kmpcFree(int32_t, void *Block, uintptr_t Handle) {
  deallocate(Block, Handle);
}

const RuntimeFunction MemoryFunctions[] = {
    {"omp_init_allocator", address(&initAllocator)},
    {"omp_destroy_allocator", address(&destroyAllocator)},
    {"omp_set_default_allocator", address(&setDefaultAllocator)},
    {"omp_get_default_allocator", address(&getDefaultAllocator)},
    {"omp_alloc", address(&ompAlloc)},
    {"omp_aligned_alloc", address(&allocate)},
    {"omp_calloc", address(&ompCalloc)},
    {"omp_aligned_calloc", address(&ompAlignedCalloc)},
    {"omp_realloc", address(&reallocate)},
    {"omp_free", address(&deallocate)},
    {"__kmpc_alloc", address(&kmpcAlloc)},
    {"__kmpc_aligned_alloc", address(&kmpcAlignedAlloc)},
    {"__kmpc_calloc", address(&kmpcCalloc)},
    {"__kmpc_realloc", address(&kmpcRealloc)},
    {"__kmpc_free", address(&kmpcFree)},
};

} // namespace

void *findMemoryFunction(std::string_view Name) {
  return lookUp(MemoryFunctions, Name);
}

} // namespace mux
