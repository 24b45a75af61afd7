//===- device_memory_test.cpp - Device memory on huge pages ---------------===//

#include "device_memory.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace {

using mux::HugePageBytes;

/// Sets LOOM_HUGE_PAGES for the lifetime of the object.
class ScopedHugePagesSetting {
public:
  explicit ScopedHugePagesSetting(const char *Value) {
    setenv("LOOM_HUGE_PAGES", Value, 1);
  }
  ~ScopedHugePagesSetting() { unsetenv("LOOM_HUGE_PAGES"); }
};

bool isAlignedTo(const void *P, uint64_t Alignment) {
  return reinterpret_cast<uintptr_t>(P) % Alignment == 0;
}

/// The THPeligible field of the mapping of this process that holds \p P, as
/// /proc/self/smaps reports it; nothing when the kernel does not say.
std::optional<int> thpEligibility(const void *P) {
  std::ifstream Smaps("/proc/self/smaps");
  auto Address = reinterpret_cast<uintptr_t>(P);
  bool InMapping = false;
  for (std::string Line; std::getline(Smaps, Line);) {
    uintptr_t Start = 0, End = 0;
    char Dash = 0;
    std::istringstream Header(Line);
    if (Header >> std::hex >> Start >> Dash >> End && Dash == '-') {
      InMapping = Start <= Address && Address < End;
      continue;
    }
    if (InMapping && Line.rfind("THPeligible:", 0) == 0)
      return std::atoi(Line.c_str() + std::strlen("THPeligible:"));
  }
  return std::nullopt;
}

/// The selected mode in /sys/kernel/mm/transparent_hugepage/enabled
/// ("[madvise]" in "always [madvise] never"), or empty.
std::string transparentHugePageMode() {
  std::ifstream Setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string Text;
  std::getline(Setting, Text);
  size_t Open = Text.find('['), Close = Text.find(']');
  if (Open == std::string::npos || Close == std::string::npos || Close < Open)
    return "";
  return Text.substr(Open + 1, Close - Open - 1);
}

bool transparentHugePagesAreOff() {
  std::string Mode = transparentHugePageMode();
  return Mode.empty() || Mode == "never";
}

bool transparentHugePagesAreAlwaysOn() {
  return transparentHugePageMode() == "always";
}

TEST(DeviceMemory, OffUnlessAskedFor) {
  unsetenv("LOOM_HUGE_PAGES");
  EXPECT_FALSE(mux::wantsHugePages(100 * HugePageBytes));
  ScopedHugePagesSetting Off("0");
  EXPECT_FALSE(mux::wantsHugePages(100 * HugePageBytes));
}

TEST(DeviceMemory, OnlyAllocationsOfAHugePageOrMoreWantThem) {
  ScopedHugePagesSetting On("1");
  EXPECT_FALSE(mux::wantsHugePages(4096));
  EXPECT_FALSE(mux::wantsHugePages(HugePageBytes - 1));
  EXPECT_TRUE(mux::wantsHugePages(HugePageBytes));
  EXPECT_TRUE(mux::wantsHugePages(100 * HugePageBytes));
}

TEST(DeviceMemory, AMistypedSettingIsIgnored) {
  ScopedHugePagesSetting Mistyped("yes");
  EXPECT_FALSE(mux::wantsHugePages(100 * HugePageBytes));
}

TEST(DeviceMemory, LargeAllocationsStartOnAHugePage) {
  ScopedHugePagesSetting On("1");
  uint64_t Size = 3 * HugePageBytes + 100;
  mux::AlignedBytes Bytes = mux::allocateDeviceBytes(Size, 64);
  ASSERT_TRUE(Bytes);
  EXPECT_TRUE(isAlignedTo(Bytes.get(), HugePageBytes));
  // Every byte is there, the last one included.
  std::memset(Bytes.get(), 0x5a, Size);
  EXPECT_EQ(Bytes.get()[Size - 1], 0x5a);
}

TEST(DeviceMemory, SmallAllocationsKeepTheirAlignment) {
  ScopedHugePagesSetting On("1");
  mux::AlignedBytes Bytes = mux::allocateDeviceBytes(1000, 256);
  ASSERT_TRUE(Bytes);
  EXPECT_TRUE(isAlignedTo(Bytes.get(), 256));
}

/// THPeligible of a fresh allocation of 4 huge pages made with
/// LOOM_HUGE_PAGES set to \p Setting; nothing when this machine cannot tell
/// (transparent huge pages off, or an older kernel).
std::optional<int> eligibilityOfALargeAllocation(const char *Setting) {
  if (transparentHugePagesAreOff())
    return std::nullopt;
  ScopedHugePagesSetting Scoped(Setting);
  mux::AlignedBytes Bytes = mux::allocateDeviceBytes(4 * HugePageBytes, 64);
  if (!Bytes)
    return std::nullopt;
  return thpEligibility(Bytes.get());
}

TEST(DeviceMemory, AskedForTheKernelMayBackThemWithHugePages) {
  std::optional<int> Eligible = eligibilityOfALargeAllocation("1");
  if (!Eligible)
    GTEST_SKIP() << "this machine does not report huge-page eligibility";
  EXPECT_EQ(*Eligible, 1);
}

TEST(DeviceMemory, NotAskedForTheyStayOnOrdinaryPages) {
  // In `always` mode every anonymous mapping is eligible, asked or not.
  if (transparentHugePagesAreAlwaysOn())
    GTEST_SKIP() << "transparent huge pages are always on on this machine";
  std::optional<int> Eligible = eligibilityOfALargeAllocation("0");
  if (!Eligible)
    GTEST_SKIP() << "this machine does not report huge-page eligibility";
  EXPECT_EQ(*Eligible, 0);
}

} // namespace
