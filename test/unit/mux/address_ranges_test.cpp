//===- address_ranges_test.cpp - Ranges listed for lookups from any thread ===//
///
/// AddressRangeRegistry, behind to_private, to_local, to_global and
/// get_fence on another work-item's or work-group's pointer: a range is
/// found from its first byte to its last while listed, and not after; a
/// listing moves with its owner; a full table lists nothing more and says
/// so by an empty listing; and `__loom_is_local_address` answers from the
/// workers' local arenas.
///
//===----------------------------------------------------------------------===//

#include "address_ranges.h"
#include "external_symbols.h"

#include "metadata/abi.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

using namespace mux;

namespace {

TEST(AddressRanges, AListedRangeIsFoundFromItsFirstByteToItsLast) {
  static AddressRangeRegistry Registry;
  char Bytes[64];
  {
    AddressRangeRegistry::Listing Listed = Registry.list(Bytes + 8, 16);
    EXPECT_FALSE(Registry.contains(Bytes + 7));
    EXPECT_TRUE(Registry.contains(Bytes + 8));
    EXPECT_TRUE(Registry.contains(Bytes + 23));
    EXPECT_FALSE(Registry.contains(Bytes + 24));
  }
  EXPECT_FALSE(Registry.contains(Bytes + 8));
}

TEST(AddressRanges, AListingMovesWithItsOwnerAndGoesWithIt) {
  static AddressRangeRegistry Registry;
  char Bytes[16];
  std::vector<AddressRangeRegistry::Listing> Owners;
  Owners.push_back(Registry.list(Bytes, sizeof Bytes));
  // Growing the vector moves the listing: still listed, once.
  for (int I = 0; I < 8; ++I)
    Owners.emplace_back();
  EXPECT_TRUE(Registry.contains(Bytes));
  AddressRangeRegistry::Listing Taken = std::move(Owners.front());
  Owners.clear();
  EXPECT_TRUE(Registry.contains(Bytes));
  Taken.reset();
  EXPECT_FALSE(Registry.contains(Bytes));
  // An empty range is not listed.
  AddressRangeRegistry::Listing Empty = Registry.list(Bytes, 0);
  EXPECT_FALSE(Registry.contains(Bytes));
}

TEST(AddressRanges, AFullTableListsNothingMoreUntilASlotIsFree) {
  static AddressRangeRegistry Registry;
  std::vector<char> Bytes(2048);
  std::vector<AddressRangeRegistry::Listing> Listed;
  for (size_t I = 0; I < Bytes.size(); ++I)
    Listed.push_back(Registry.list(&Bytes[I], 1));
  size_t Found = 0;
  for (char &Byte : Bytes)
    Found += Registry.contains(&Byte);
  EXPECT_GT(Found, 0u);
  EXPECT_LT(Found, Bytes.size());
  EXPECT_FALSE(Registry.contains(&Bytes.back()));
  Listed.front().reset();
  AddressRangeRegistry::Listing Last = Registry.list(&Bytes.back(), 1);
  EXPECT_TRUE(Registry.contains(&Bytes.back()));
}

TEST(AddressRanges, IsLocalAddressAnswersFromTheWorkersArenas) {
  using IsLocal = int (*)(const void *);
  auto IsLocalAddress = reinterpret_cast<IsLocal>(
      findExternalSymbol(LOOM_IS_LOCAL_ADDRESS_SYMBOL));
  ASSERT_NE(IsLocalAddress, nullptr);
  auto Arena = std::make_unique<char[]>(256);
  EXPECT_EQ(IsLocalAddress(Arena.get() + 100), 0);
  {
    AddressRangeRegistry::Listing Listed = localArenas().list(Arena.get(), 256);
    EXPECT_EQ(IsLocalAddress(Arena.get() + 100), 1);
    EXPECT_EQ(IsLocalAddress(Arena.get() + 256), 0);
  }
  EXPECT_EQ(IsLocalAddress(Arena.get() + 100), 0);
}

} // namespace
