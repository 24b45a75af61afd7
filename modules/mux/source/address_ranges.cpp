//===- address_ranges.cpp - Address ranges any thread may look up ---------===//
///
/// \file
/// See address_ranges.h.
///
//===----------------------------------------------------------------------===//

#include "address_ranges.h"

namespace mux {

AddressRangeRegistry::Listing &
AddressRangeRegistry::Listing::operator=(Listing &&Other) noexcept {
  if (this != &Other) {
    reset();
    Listed = Other.Listed;
    Other.Listed = nullptr;
  }
  return *this;
}

void AddressRangeRegistry::Listing::reset() {
  if (!Listed)
    return;
  Listed->High.store(0, std::memory_order_release);
  Listed->Low.store(0, std::memory_order_release);
  Listed->Claimed.store(false, std::memory_order_release);
  Listed = nullptr;
}

AddressRangeRegistry::Listing AddressRangeRegistry::list(uintptr_t Low,
                                                         uintptr_t High) {
  if (High <= Low)
    return Listing();
  for (size_t I = 0; I < Capacity; ++I) {
    bool Free = false;
    if (!Slots[I].Claimed.compare_exchange_strong(Free, true))
      continue;
    Slots[I].Low.store(Low, std::memory_order_release);
    Slots[I].High.store(High, std::memory_order_release);
    size_t Used = SlotsUsed.load();
    while (Used < I + 1 && !SlotsUsed.compare_exchange_weak(Used, I + 1))
      ;
    return Listing(&Slots[I]);
  }
  return Listing();
}

bool AddressRangeRegistry::contains(const void *Address) const {
  uintptr_t A = reinterpret_cast<uintptr_t>(Address);
  size_t Used = SlotsUsed.load(std::memory_order_acquire);
  for (size_t I = 0; I < Used; ++I) {
    uintptr_t High = Slots[I].High.load(std::memory_order_acquire);
    uintptr_t Low = Slots[I].Low.load(std::memory_order_acquire);
    if (High != 0 && A >= Low && A < High)
      return true;
  }
  return false;
}

AddressRangeRegistry &localArenas() {
  // Constant-initialized (atomics only), so usable from any static
  // initializer or destructor.
  static AddressRangeRegistry Arenas;
  return Arenas;
}

} // namespace mux
