//===- elf_loader_test.cpp - Tests of the driver's ELF loader -------------===//
///
/// Loads objects the system C compiler made (Inputs/*.c) and runs their
/// code, then feeds the loader corrupted copies: each must give an error,
/// never a crash.
///
//===----------------------------------------------------------------------===//

#include "elf_loader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <elf.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iterator>

namespace {

std::vector<uint8_t> readObject(const char *Name) {
  std::ifstream In(std::string(LOOM_MUX_TEST_INPUTS) + "/" + Name,
                   std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(In), {});
}

class ElfLoaderTest : public ::testing::Test {
protected:
  void SetUp() override {
    Object = readObject("relocatable.o");
    ASSERT_GT(Object.size(), sizeof(Elf64_Ehdr)) << "test input missing";
  }

  Elf64_Ehdr header() const {
    Elf64_Ehdr H;
    std::memcpy(&H, Object.data(), sizeof(H));
    return H;
  }

  /// Overwrites the section header of section \p Index via \p Edit.
  template <class Fn> void editSection(size_t Index, Fn Edit) {
    Elf64_Ehdr H = header();
    Elf64_Shdr S;
    uint8_t *At = Object.data() + H.e_shoff + Index * sizeof(Elf64_Shdr);
    std::memcpy(&S, At, sizeof(S));
    Edit(S);
    std::memcpy(At, &S, sizeof(S));
  }

  size_t findSection(uint32_t Type) const {
    Elf64_Ehdr H = header();
    for (size_t I = 0; I < H.e_shnum; ++I) {
      Elf64_Shdr S;
      std::memcpy(&S, Object.data() + H.e_shoff + I * sizeof(S), sizeof(S));
      if (S.sh_type == Type)
        return I;
    }
    return 0;
  }

  /// Overwrites the first relocation of the first RELA section via \p Edit.
  template <class Fn> void editFirstRelocation(Fn Edit) {
    size_t Rela = findSection(SHT_RELA);
    ASSERT_NE(Rela, 0u) << "the test object has no relocations";
    Elf64_Shdr S;
    std::memcpy(&S, Object.data() + header().e_shoff + Rela * sizeof(S),
                sizeof(S));
    Elf64_Rela R;
    std::memcpy(&R, Object.data() + S.sh_offset, sizeof(R));
    Edit(R);
    std::memcpy(Object.data() + S.sh_offset, &R, sizeof(R));
  }

  std::string loadError() {
    auto Loaded = mux::loadElfObject(Object.data(), Object.size(), {});
    return Loaded ? std::string() : Loaded.error();
  }

  std::vector<uint8_t> Object;
};

TEST_F(ElfLoaderTest, LoadsAndRunsCode) {
  auto Loaded = mux::loadElfObject(Object.data(), Object.size(), {});
  ASSERT_TRUE(Loaded) << Loaded.error();
  auto *Add = reinterpret_cast<int (*)(int, int)>(
      (*Loaded)->findSymbol("loom_test_add"));
  ASSERT_NE(Add, nullptr);
  EXPECT_EQ(Add(1, 2), 1 + 2 + 20);
}

// LOOM_PERF_MAP=1 appends each loaded function to /tmp/perf-<pid>.map as
// perf reads it ("start size name", hex), so that perf names kernel code;
// unset, no map is written.
TEST_F(ElfLoaderTest, WritesAPerfMapWhenAsked) {
  std::string Path = "/tmp/perf-" + std::to_string(getpid()) + ".map";
  std::filesystem::remove(Path);
  unsetenv("LOOM_PERF_MAP");
  auto Quiet = mux::loadElfObject(Object.data(), Object.size(), {});
  ASSERT_TRUE(Quiet) << Quiet.error();
  EXPECT_FALSE(std::filesystem::exists(Path));

  setenv("LOOM_PERF_MAP", "1", 1);
  auto Loaded = mux::loadElfObject(Object.data(), Object.size(), {});
  unsetenv("LOOM_PERF_MAP");
  ASSERT_TRUE(Loaded) << Loaded.error();
  std::ifstream Map(Path);
  std::string Start, Size, Name;
  bool Found = false;
  while (Map >> Start >> Size >> Name)
    if (Name == "loom_test_add") {
      Found = true;
      EXPECT_EQ(
          std::stoull(Start, nullptr, 16),
          reinterpret_cast<uintptr_t>((*Loaded)->findSymbol("loom_test_add")));
      EXPECT_GT(std::stoull(Size, nullptr, 16), 0u);
    } else {
      // Functions only: no data symbol.
      EXPECT_NE(Name, "loom_test_table");
    }
  EXPECT_TRUE(Found) << "loom_test_add is not in " << Path;
  std::filesystem::remove(Path);
}

TEST_F(ElfLoaderTest, ResolvesExternalsAndZeroesBss) {
  auto Loaded = mux::loadElfObject(Object.data(), Object.size(), {});
  ASSERT_TRUE(Loaded) << Loaded.error();
  auto *Clear =
      reinterpret_cast<int (*)(int)>((*Loaded)->findSymbol("loom_test_clear"));
  ASSERT_NE(Clear, nullptr);
  EXPECT_EQ(Clear(16), 16);
}

TEST_F(ElfLoaderTest, AppliesAbsoluteRelocations) {
  auto Loaded = mux::loadElfObject(Object.data(), Object.size(), {});
  ASSERT_TRUE(Loaded) << Loaded.error();
  auto **Pointer = reinterpret_cast<int (**)(int, int)>(
      (*Loaded)->findSymbol("loom_test_pointer"));
  ASSERT_NE(Pointer, nullptr);
  EXPECT_EQ(*Pointer, (*Loaded)->findSymbol("loom_test_add"));
  EXPECT_EQ((*Pointer)(5, 5), 30);
}

TEST_F(ElfLoaderTest, KeepsRequestedSections) {
  auto Loaded = mux::loadElfObject(Object.data(), Object.size(), {".data"});
  ASSERT_TRUE(Loaded) << Loaded.error();
  const std::vector<uint8_t> *Data = (*Loaded)->findSection(".data");
  ASSERT_NE(Data, nullptr);
  ASSERT_GE(Data->size(), 16u);
  int First;
  std::memcpy(&First, Data->data(), 4);
  EXPECT_EQ(First, 10);
  EXPECT_EQ((*Loaded)->findSection(".text.missing"), nullptr);
}

TEST_F(ElfLoaderTest, UndefinedSymbolIsNamed) {
  Object = readObject("undefined.o");
  EXPECT_NE(loadError().find("undefined symbol 'loom_missing_function'"),
            std::string::npos)
      << loadError();
}

TEST_F(ElfLoaderTest, EveryTruncationIsAnError) {
  std::vector<uint8_t> Full = Object;
  for (size_t Length = 0; Length < Full.size(); Length += 7) {
    auto Loaded = mux::loadElfObject(Full.data(), Length, {});
    EXPECT_FALSE(Loaded) << "object cut to " << Length << " bytes was loaded";
  }
}

TEST_F(ElfLoaderTest, BadMagicIsAnError) {
  Object[1] = 'X';
  EXPECT_NE(loadError().find("bad magic"), std::string::npos);
}

TEST_F(ElfLoaderTest, OtherMachineIsAnError) {
  Object[offsetof(Elf64_Ehdr, e_machine)] = EM_AARCH64;
  EXPECT_NE(loadError().find("not x86-64"), std::string::npos) << loadError();
}

TEST_F(ElfLoaderTest, SectionTableOutOfFileIsAnError) {
  Elf64_Ehdr H = header();
  H.e_shoff = ~uint64_t(0) - 16;
  std::memcpy(Object.data(), &H, sizeof(H));
  EXPECT_NE(loadError().find("past the end"), std::string::npos) << loadError();
}

TEST_F(ElfLoaderTest, SectionContentsOutOfFileAreAnError) {
  size_t Text = findSection(SHT_PROGBITS);
  ASSERT_NE(Text, 0u);
  editSection(Text, [&](Elf64_Shdr &S) { S.sh_offset = Object.size() - 2; });
  EXPECT_NE(loadError().find("runs past the end of the file"),
            std::string::npos)
      << loadError();
}

TEST_F(ElfLoaderTest, RelocationOutsideItsSectionIsAnError) {
  editFirstRelocation([](Elf64_Rela &R) { R.r_offset = uint64_t(1) << 40; });
  EXPECT_NE(loadError().find("lies outside section"), std::string::npos)
      << loadError();
}

TEST_F(ElfLoaderTest, UnknownRelocationTypeIsAnError) {
  editFirstRelocation([](Elf64_Rela &R) {
    R.r_info = ELF64_R_INFO(ELF64_R_SYM(R.r_info), R_X86_64_TLSGD);
  });
  EXPECT_NE(loadError().find("unsupported relocation type"), std::string::npos)
      << loadError();
}

TEST_F(ElfLoaderTest, SymbolIndexPastTableIsAnError) {
  editFirstRelocation([](Elf64_Rela &R) {
    R.r_info = ELF64_R_INFO(0xffffff, ELF64_R_TYPE(R.r_info));
  });
  EXPECT_NE(loadError().find("past the symbol table"), std::string::npos)
      << loadError();
}

TEST_F(ElfLoaderTest, RandomByteCorruptionNeverCrashes) {
  // A fixed pseudo-random sequence, so a failure can be reproduced.
  std::vector<uint8_t> Pristine = Object;
  uint64_t State = 0x9E3779B97F4A7C15ull;
  for (int Trial = 0; Trial < 300; ++Trial) {
    Object = Pristine;
    for (int Flip = 0; Flip < 4; ++Flip) {
      State = State * 6364136223846793005ull + 1442695040888963407ull;
      Object[(State >> 33) % Object.size()] ^= uint8_t(State >> 20) | 1;
    }
    // A corruption may hit bytes nobody reads; a rejection must say why.
    auto Loaded = mux::loadElfObject(Object.data(), Object.size(), {});
    if (!Loaded)
      EXPECT_FALSE(Loaded.error().empty()) << "trial " << Trial;
  }
}

/// test/unit/mux/Inputs/corrupt: objects each broken in one field (its
/// README says how); every one is refused with a message.
TEST(ElfLoaderCorpus, EveryCorruptObjectIsRefused) {
  size_t Files = 0;
  for (const auto &Entry :
       std::filesystem::directory_iterator(LOOM_MUX_CORRUPT_INPUTS)) {
    if (Entry.path().extension() != ".o")
      continue;
    ++Files;
    std::ifstream In(Entry.path(), std::ios::binary);
    std::vector<char> Bytes((std::istreambuf_iterator<char>(In)),
                            std::istreambuf_iterator<char>());
    auto Loaded = mux::loadElfObject(Bytes.data(), Bytes.size(), {});
    EXPECT_FALSE(Loaded.has_value()) << Entry.path().filename();
    if (!Loaded.has_value())
      EXPECT_FALSE(Loaded.error().empty()) << Entry.path().filename();
  }
  EXPECT_GE(Files, 21u);
}

} // namespace
