//===- address_ranges.h - Address ranges any thread may look up -*- C++ -*-===//
///
/// \file
/// A table of address ranges that their owners list and unlist while other
/// threads look addresses up in it, without a lock: the stacks of the
/// threads that run work-groups (private memory) and the workers' local
/// memory arenas, so that to_private, to_local, to_global and get_fence
/// answer for another work-item's or another work-group's pointer as for
/// their own.
///
/// A listing is a slot of a fixed table: when every slot is taken, the
/// range is not listed and only lookups of addresses in it are wrong (the
/// answers the builtins give for such pointers, nothing else).
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_ADDRESS_RANGES_H
#define MUX_SOURCE_ADDRESS_RANGES_H

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace mux {

class AddressRangeRegistry {
  struct Slot;

public:
  /// A range listed for as long as the object lives (movable, as the
  /// object owning the range may be).
  class Listing {
  public:
    Listing() = default;
    Listing(Listing &&Other) noexcept : Listed(Other.Listed) {
      Other.Listed = nullptr;
    }
    Listing &operator=(Listing &&Other) noexcept;
    Listing(const Listing &) = delete;
    Listing &operator=(const Listing &) = delete;
    ~Listing() { reset(); }
    /// Unlists the range now.
    void reset();

  private:
    friend class AddressRangeRegistry;
    explicit Listing(Slot *Listed) : Listed(Listed) {}
    Slot *Listed = nullptr;
  };

  /// Lists [Low, High); an empty listing when the range is empty or every
  /// slot is taken.
  Listing list(uintptr_t Low, uintptr_t High);
  /// Lists the \p Size bytes at \p Start.
  Listing list(const void *Start, size_t Size) {
    uintptr_t Low = reinterpret_cast<uintptr_t>(Start);
    return list(Low, Low + Size);
  }
  /// Whether a listed range holds \p Address.
  bool contains(const void *Address) const;

private:
  /// A slot's bounds are atomics, set Low first and cleared High first: a
  /// reader skips a slot whose High is 0.
  struct Slot {
    std::atomic<bool> Claimed{false};
    std::atomic<uintptr_t> Low{0}, High{0};
  };
  static constexpr size_t Capacity = 1024;
  Slot Slots[Capacity];
  /// One past the highest slot ever claimed: readers look no further.
  std::atomic<size_t> SlotsUsed{0};
};

/// The workers' local-memory arenas, each listed while it is allocated
/// (WorkerState::ArenaListing): `__loom_is_local_address`, behind to_local,
/// to_global and get_fence, answers for another work-group's __local
/// pointer (one a program-scope variable passed on) as for its own.
AddressRangeRegistry &localArenas();

} // namespace mux

#endif // MUX_SOURCE_ADDRESS_RANGES_H
