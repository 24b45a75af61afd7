//===- elf_loader.cpp - Loads Loom's ELF relocatable objects --------------===//
///
/// \file
/// See elf_loader.h. The loader validates the whole file before it maps
/// anything, then lays the region out as
///
///   [code sections][call stubs] | page | [data sections][GOT]
///
/// so every PC-relative reference inside the object is within 2 GiB.
///
//===----------------------------------------------------------------------===//

#include "elf_loader.h"

#include "environment.h"
#include "external_symbols.h"

#include <elf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <variant>

namespace mux {

namespace {

using Status = cargo::expected<std::monostate, std::string>;
const Status Ok = std::monostate{};

Status fail(std::string Message) {
  return cargo::unexpected(std::move(Message));
}

/// Whether [Offset, Offset + Length) lies within [0, Size), without overflow.
bool inBounds(uint64_t Offset, uint64_t Length, uint64_t Size) {
  return Offset <= Size && Length <= Size - Offset;
}

uint64_t alignUp(uint64_t Value, uint64_t Alignment) {
  return (Value + Alignment - 1) & ~(Alignment - 1);
}

bool isPowerOf2(uint64_t V) { return V != 0 && (V & (V - 1)) == 0; }

constexpr uint64_t MaxImageSize = uint64_t(1) << 30;
constexpr uint64_t MaxSectionAlignment = 4096;
constexpr size_t StubSize = 16;

class ElfLoader {
public:
  ElfLoader(const uint8_t *Data, size_t Size) : Data(Data), Size(Size) {}

  cargo::expected<std::unique_ptr<LoadedObject>, std::string>
  load(const std::vector<std::string> &KeepSections);

private:
  Status readHeader();
  Status readSections();
  Status checkNoOverlap() const;
  Status readSymbols();
  Status planLayout();
  Status countIndirections();
  Status mapImage();
  Status applyRelocations();
  Status applyRelocation(const Elf64_Shdr &Target, size_t TargetIndex,
                         const Elf64_Rela &Rela);
  Status protectCode();
  void exportSymbols(std::vector<std::string> const &KeepSections);
  void writePerfMap() const;

  std::string sectionName(size_t Index) const;
  cargo::expected<uint64_t, std::string> symbolAddress(uint32_t Index);
  uint64_t stubAddress(uint32_t Symbol, uint64_t Target);
  uint64_t gotAddress(uint32_t Symbol, uint64_t Target);

  const uint8_t *Data;
  size_t Size;
  Elf64_Ehdr Header;
  std::vector<Elf64_Shdr> Sections;
  std::vector<const char *> SectionNames;
  size_t SymbolTableIndex = 0;
  std::vector<Elf64_Sym> Symbols;
  const char *SymbolNames = nullptr;
  uint64_t SymbolNamesSize = 0;

  /// Offset in the image of each loaded section (-1 if not loaded).
  std::vector<int64_t> SectionOffsets;
  std::map<uint32_t, uint64_t> StubSlots;
  std::map<uint32_t, uint64_t> GotSlots;
  uint64_t CodeSize = 0;
  uint64_t StubsOffset = 0;
  uint64_t GotOffset = 0;
  uint64_t ImageSize = 0;
  std::unique_ptr<LoadedObject> Object;
  uint8_t *Image = nullptr;
};

Status ElfLoader::readHeader() {
  if (Size < sizeof(Elf64_Ehdr))
    return fail("file too small for an ELF header");
  std::memcpy(&Header, Data, sizeof(Header));
  if (std::memcmp(Header.e_ident, ELFMAG, SELFMAG) != 0)
    return fail("not an ELF file (bad magic number)");
  if (Header.e_ident[EI_CLASS] != ELFCLASS64 ||
      Header.e_ident[EI_DATA] != ELFDATA2LSB)
    return fail("not a little-endian ELF64 file");
  if (Header.e_type != ET_REL)
    return fail("not a relocatable object (e_type " +
                std::to_string(Header.e_type) + ")");
  if (Header.e_machine != EM_X86_64)
    return fail("built for machine " + std::to_string(Header.e_machine) +
                ", not x86-64");
  if (Header.e_shentsize != sizeof(Elf64_Shdr) || Header.e_shnum == 0)
    return fail("bad section header table entry size or count");
  if (!inBounds(Header.e_shoff, uint64_t(Header.e_shnum) * sizeof(Elf64_Shdr),
                Size))
    return fail("section header table runs past the end of the file");
  if (Header.e_shstrndx >= Header.e_shnum)
    return fail("section name table index out of range");
  return Ok;
}

/// Sections with contents in the file must not share bytes: a linker never
/// makes such a file, and one section's relocations would rewrite
/// another's contents.
Status ElfLoader::checkNoOverlap() const {
  std::vector<std::pair<uint64_t, size_t>> Ranges; // offset, section
  for (size_t I = 0; I < Sections.size(); ++I)
    if (Sections[I].sh_type != SHT_NOBITS && Sections[I].sh_size > 0)
      Ranges.emplace_back(Sections[I].sh_offset, I);
  std::sort(Ranges.begin(), Ranges.end());
  for (size_t K = 1; K < Ranges.size(); ++K) {
    const Elf64_Shdr &Before = Sections[Ranges[K - 1].second];
    if (Before.sh_offset + Before.sh_size > Ranges[K].first)
      return fail("sections " + std::to_string(Ranges[K - 1].second) + " and " +
                  std::to_string(Ranges[K].second) + " overlap in the file");
  }
  return Ok;
}

Status ElfLoader::readSections() {
  Sections.resize(Header.e_shnum);
  std::memcpy(Sections.data(), Data + Header.e_shoff,
              Sections.size() * sizeof(Elf64_Shdr));
  for (size_t I = 0; I < Sections.size(); ++I) {
    const Elf64_Shdr &S = Sections[I];
    // Every section but NOBITS ones may be read, SHT_NULL ones included
    // (a null section with flags and a size is still copied if allocated).
    if (S.sh_type != SHT_NOBITS && !inBounds(S.sh_offset, S.sh_size, Size))
      return fail("section " + std::to_string(I) +
                  " runs past the end of the file");
    if (S.sh_addralign > MaxSectionAlignment ||
        (S.sh_addralign > 1 && !isPowerOf2(S.sh_addralign)))
      return fail("section " + std::to_string(I) + " has alignment " +
                  std::to_string(S.sh_addralign));
  }
  if (Status S = checkNoOverlap(); !S)
    return S;
  const Elf64_Shdr &Names = Sections[Header.e_shstrndx];
  if (Names.sh_type != SHT_STRTAB || Names.sh_size == 0 ||
      Data[Names.sh_offset + Names.sh_size - 1] != '\0')
    return fail("malformed section name table");
  for (const Elf64_Shdr &S : Sections) {
    if (S.sh_name >= Names.sh_size)
      return fail("section name offset out of range");
    SectionNames.push_back(
        reinterpret_cast<const char *>(Data + Names.sh_offset + S.sh_name));
  }
  return Ok;
}

std::string ElfLoader::sectionName(size_t Index) const {
  return Index < SectionNames.size() ? SectionNames[Index] : "?";
}

Status ElfLoader::readSymbols() {
  for (size_t I = 0; I < Sections.size(); ++I) {
    if (Sections[I].sh_type != SHT_SYMTAB)
      continue;
    if (SymbolTableIndex != 0)
      return fail("more than one symbol table");
    SymbolTableIndex = I;
  }
  if (SymbolTableIndex == 0)
    return fail("no symbol table");
  const Elf64_Shdr &Table = Sections[SymbolTableIndex];
  if (Table.sh_entsize != sizeof(Elf64_Sym) ||
      Table.sh_size % sizeof(Elf64_Sym) != 0)
    return fail("malformed symbol table");
  if (Table.sh_link == 0 || Table.sh_link >= Sections.size())
    return fail("symbol table has no string table");
  const Elf64_Shdr &Strings = Sections[Table.sh_link];
  if (Strings.sh_type != SHT_STRTAB || Strings.sh_size == 0 ||
      Data[Strings.sh_offset + Strings.sh_size - 1] != '\0')
    return fail("malformed symbol string table");
  SymbolNames = reinterpret_cast<const char *>(Data + Strings.sh_offset);
  SymbolNamesSize = Strings.sh_size;
  Symbols.resize(Table.sh_size / sizeof(Elf64_Sym));
  if (!Symbols.empty()) // memcpy to an empty vector's null data is UB
    std::memcpy(Symbols.data(), Data + Table.sh_offset, Table.sh_size);
  for (const Elf64_Sym &Sym : Symbols)
    if (Sym.st_name >= SymbolNamesSize)
      return fail("symbol name offset out of range");
  return Ok;
}

Status ElfLoader::planLayout() {
  SectionOffsets.assign(Sections.size(), -1);
  uint64_t Offset = 0;
  // Code first, then (after the stubs and a page boundary) everything else.
  for (bool Code : {true, false}) {
    if (!Code) {
      StubsOffset = alignUp(Offset, StubSize);
      CodeSize = alignUp(StubsOffset + StubSlots.size() * StubSize,
                         static_cast<uint64_t>(sysconf(_SC_PAGESIZE)));
      Offset = CodeSize;
    }
    for (size_t I = 0; I < Sections.size(); ++I) {
      const Elf64_Shdr &S = Sections[I];
      if (!(S.sh_flags & SHF_ALLOC) || S.sh_size == 0 ||
          bool(S.sh_flags & SHF_EXECINSTR) != Code)
        continue;
      if (S.sh_type == SHT_INIT_ARRAY || S.sh_type == SHT_FINI_ARRAY ||
          S.sh_type == SHT_PREINIT_ARRAY)
        return fail("section '" + sectionName(I) +
                    "' holds constructors or destructors, which kernels "
                    "may not have");
      Offset = alignUp(Offset, S.sh_addralign ? S.sh_addralign : 1);
      SectionOffsets[I] = static_cast<int64_t>(Offset);
      Offset += S.sh_size;
      if (Offset > MaxImageSize)
        return fail("sections add up to more than 1 GiB");
    }
  }
  GotOffset = alignUp(Offset, 8);
  ImageSize = GotOffset + GotSlots.size() * 8;
  return Ok;
}

/// Reserves a call stub or GOT slot for each symbol a relocation needs one
/// for, before the layout is planned.
Status ElfLoader::countIndirections() {
  for (size_t I = 0; I < Sections.size(); ++I) {
    const Elf64_Shdr &S = Sections[I];
    if (S.sh_type == SHT_REL)
      return fail("section '" + sectionName(I) +
                  "' uses REL relocations; x86-64 objects use RELA");
    if (S.sh_type != SHT_RELA)
      continue;
    if (S.sh_entsize != sizeof(Elf64_Rela) || S.sh_size % sizeof(Elf64_Rela))
      return fail("malformed relocation section '" + sectionName(I) + "'");
    if (S.sh_link != SymbolTableIndex || S.sh_info >= Sections.size())
      return fail("relocation section '" + sectionName(I) +
                  "' refers to the wrong symbol table or section");
    for (uint64_t At = 0; At < S.sh_size; At += sizeof(Elf64_Rela)) {
      Elf64_Rela Rela;
      std::memcpy(&Rela, Data + S.sh_offset + At, sizeof(Rela));
      uint32_t Sym = ELF64_R_SYM(Rela.r_info);
      if (Sym >= Symbols.size())
        return fail("relocation in '" + sectionName(I) + "' names symbol " +
                    std::to_string(Sym) + ", past the symbol table");
      switch (ELF64_R_TYPE(Rela.r_info)) {
      case R_X86_64_PLT32:
      case R_X86_64_PC32:
        if (Symbols[Sym].st_shndx == SHN_UNDEF && Sym != 0)
          StubSlots.emplace(Sym, 0);
        break;
      case R_X86_64_GOTPCREL:
      case R_X86_64_GOTPCRELX:
      case R_X86_64_REX_GOTPCRELX:
        GotSlots.emplace(Sym, 0);
        break;
      default:
        break;
      }
    }
  }
  uint64_t Index = 0;
  for (auto &Slot : StubSlots)
    Slot.second = Index++;
  Index = 0;
  for (auto &Slot : GotSlots)
    Slot.second = Index++;
  return Ok;
}

Status ElfLoader::mapImage() {
  void *Base = mmap(nullptr, ImageSize ? ImageSize : 1, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Base == MAP_FAILED)
    return fail("cannot map " + std::to_string(ImageSize) + " bytes");
  Object = std::make_unique<LoadedObject>(Base, ImageSize ? ImageSize : 1);
  Image = static_cast<uint8_t *>(Base);
  for (size_t I = 0; I < Sections.size(); ++I)
    if (SectionOffsets[I] >= 0 && Sections[I].sh_type != SHT_NOBITS)
      std::memcpy(Image + SectionOffsets[I], Data + Sections[I].sh_offset,
                  Sections[I].sh_size);
  return Ok;
}

cargo::expected<uint64_t, std::string>
ElfLoader::symbolAddress(uint32_t Index) {
  if (Index == 0)
    return uint64_t(0);
  const Elf64_Sym &Sym = Symbols[Index];
  const char *Name = SymbolNames + Sym.st_name;
  switch (Sym.st_shndx) {
  case SHN_UNDEF:
    if (void *Address = findExternalSymbol(Name))
      return reinterpret_cast<uint64_t>(Address);
    return cargo::unexpected("undefined symbol '" + std::string(Name) +
                             "', which the driver does not provide");
  case SHN_ABS:
    return uint64_t(Sym.st_value);
  case SHN_COMMON:
    return cargo::unexpected("common symbol '" + std::string(Name) +
                             "' is not supported");
  default:
    break;
  }
  if (Sym.st_shndx >= Sections.size() || SectionOffsets[Sym.st_shndx] < 0)
    return cargo::unexpected("symbol '" + std::string(Name) +
                             "' is in a section that is not loaded");
  if (Sym.st_value > Sections[Sym.st_shndx].sh_size)
    return cargo::unexpected("symbol '" + std::string(Name) +
                             "' lies outside its section");
  return reinterpret_cast<uint64_t>(Image + SectionOffsets[Sym.st_shndx] +
                                    Sym.st_value);
}

/// A `jmp *0(%rip)` followed by the 8-byte target: reaches any address
/// without clobbering a register.
uint64_t ElfLoader::stubAddress(uint32_t Symbol, uint64_t Target) {
  uint8_t *Stub = Image + StubsOffset + StubSlots.at(Symbol) * StubSize;
  static const uint8_t Jump[6] = {0xff, 0x25, 0x00, 0x00, 0x00, 0x00};
  std::memcpy(Stub, Jump, sizeof(Jump));
  std::memcpy(Stub + sizeof(Jump), &Target, sizeof(Target));
  return reinterpret_cast<uint64_t>(Stub);
}

uint64_t ElfLoader::gotAddress(uint32_t Symbol, uint64_t Target) {
  uint8_t *Slot = Image + GotOffset + GotSlots.at(Symbol) * 8;
  std::memcpy(Slot, &Target, sizeof(Target));
  return reinterpret_cast<uint64_t>(Slot);
}

Status ElfLoader::applyRelocation(const Elf64_Shdr &Target, size_t TargetIndex,
                                  const Elf64_Rela &Rela) {
  uint32_t Type = ELF64_R_TYPE(Rela.r_info);
  uint32_t SymIndex = ELF64_R_SYM(Rela.r_info);
  if (Type == R_X86_64_NONE)
    return Ok;
  unsigned Width = (Type == R_X86_64_64 || Type == R_X86_64_PC64) ? 8 : 4;
  if (!inBounds(Rela.r_offset, Width, Target.sh_size))
    return fail("relocation at offset " + std::to_string(Rela.r_offset) +
                " lies outside section '" + sectionName(TargetIndex) + "'");
  auto S = symbolAddress(SymIndex);
  if (!S)
    return fail(std::move(S).error());
  uint8_t *Place = Image + SectionOffsets[TargetIndex] + Rela.r_offset;
  uint64_t P = reinterpret_cast<uint64_t>(Place);
  int64_t A = Rela.r_addend;
  uint64_t Value;
  switch (Type) {
  case R_X86_64_64:
    Value = *S + A;
    std::memcpy(Place, &Value, 8);
    return Ok;
  case R_X86_64_PC64:
    Value = *S + A - P;
    std::memcpy(Place, &Value, 8);
    return Ok;
  case R_X86_64_PLT32:
  case R_X86_64_PC32:
    if (StubSlots.count(SymIndex))
      Value = stubAddress(SymIndex, *S) + A - P;
    else
      Value = *S + A - P;
    break;
  case R_X86_64_GOTPCREL:
  case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX:
    Value = gotAddress(SymIndex, *S) + A - P;
    break;
  case R_X86_64_32:
  case R_X86_64_32S:
    Value = *S + A;
    break;
  default:
    return fail("unsupported relocation type " + std::to_string(Type) +
                " in section '" + sectionName(TargetIndex) + "'");
  }
  int64_t Signed = static_cast<int64_t>(Value);
  bool Fits = Type == R_X86_64_32 ? Value <= UINT32_MAX
                                  : Signed >= INT32_MIN && Signed <= INT32_MAX;
  if (!Fits)
    return fail("relocation type " + std::to_string(Type) + " in '" +
                sectionName(TargetIndex) + "' does not fit in 32 bits");
  uint32_t Truncated = static_cast<uint32_t>(Value);
  std::memcpy(Place, &Truncated, 4);
  return Ok;
}

Status ElfLoader::applyRelocations() {
  for (const Elf64_Shdr &S : Sections) {
    if (S.sh_type != SHT_RELA || SectionOffsets[S.sh_info] < 0)
      continue; // Relocations of debug sections, which are not loaded.
    const Elf64_Shdr &Target = Sections[S.sh_info];
    if (Target.sh_type == SHT_NOBITS)
      return fail("relocations against a section with no contents");
    for (uint64_t At = 0; At < S.sh_size; At += sizeof(Elf64_Rela)) {
      Elf64_Rela Rela;
      std::memcpy(&Rela, Data + S.sh_offset + At, sizeof(Rela));
      Status Applied = applyRelocation(Target, S.sh_info, Rela);
      if (!Applied)
        return Applied;
    }
  }
  return Ok;
}

Status ElfLoader::protectCode() {
  if (CodeSize == 0)
    return Ok;
  if (mprotect(Image, CodeSize, PROT_READ | PROT_EXEC) != 0)
    return fail("cannot make the code executable");
  return Ok;
}

void ElfLoader::exportSymbols(const std::vector<std::string> &KeepSections) {
  for (size_t I = 1; I < Symbols.size(); ++I) {
    const Elf64_Sym &Sym = Symbols[I];
    unsigned Binding = ELF64_ST_BIND(Sym.st_info);
    if ((Binding != STB_GLOBAL && Binding != STB_WEAK) ||
        Sym.st_shndx == SHN_UNDEF || Sym.st_shndx >= Sections.size() ||
        SectionOffsets[Sym.st_shndx] < 0 ||
        Sym.st_value > Sections[Sym.st_shndx].sh_size)
      continue;
    Object->addSymbol(SymbolNames + Sym.st_name,
                      Image + SectionOffsets[Sym.st_shndx] + Sym.st_value);
  }
  for (size_t I = 0; I < Sections.size(); ++I) {
    const Elf64_Shdr &S = Sections[I];
    for (const std::string &Name : KeepSections)
      if (Name == SectionNames[I] && S.sh_type != SHT_NOBITS)
        Object->keepSection(
            Name, std::vector<uint8_t>(Data + S.sh_offset,
                                       Data + S.sh_offset + S.sh_size));
  }
}

/// Appends each loaded function (start, size and name in hex, as perf reads
/// them) to /tmp/perf-<pid>.map, so that `perf report` names a kernel's
/// code. Loads on several threads append whole lines under one lock.
void ElfLoader::writePerfMap() const {
  static std::mutex Writing;
  std::lock_guard<std::mutex> Lock(Writing);
  std::string Path = "/tmp/perf-" + std::to_string(getpid()) + ".map";
  std::FILE *Map = std::fopen(Path.c_str(), "a");
  if (!Map)
    return;
  for (const Elf64_Sym &Sym : Symbols) {
    if (ELF64_ST_TYPE(Sym.st_info) != STT_FUNC || Sym.st_size == 0 ||
        Sym.st_shndx == SHN_UNDEF || Sym.st_shndx >= Sections.size() ||
        SectionOffsets[Sym.st_shndx] < 0 ||
        !(Sections[Sym.st_shndx].sh_flags & SHF_EXECINSTR))
      continue;
    const uint8_t *Start = Image + SectionOffsets[Sym.st_shndx] + Sym.st_value;
    std::fprintf(Map, "%" PRIxPTR " %" PRIx64 " %s\n",
                 reinterpret_cast<uintptr_t>(Start),
                 static_cast<uint64_t>(Sym.st_size), SymbolNames + Sym.st_name);
  }
  std::fclose(Map);
}

cargo::expected<std::unique_ptr<LoadedObject>, std::string>
ElfLoader::load(const std::vector<std::string> &KeepSections) {
  for (Status (ElfLoader::*Step)() :
       {&ElfLoader::readHeader, &ElfLoader::readSections,
        &ElfLoader::readSymbols, &ElfLoader::countIndirections,
        &ElfLoader::planLayout, &ElfLoader::mapImage,
        &ElfLoader::applyRelocations, &ElfLoader::protectCode}) {
    Status Done = (this->*Step)();
    if (!Done)
      return cargo::unexpected(std::move(Done).error());
  }
  exportSymbols(KeepSections);
  if (readEnvironmentCount("LOOM_PERF_MAP", 0, 1) == 1)
    writePerfMap();
  return std::move(Object);
}

} // namespace

LoadedObject::~LoadedObject() { munmap(Base, Size); }

void *LoadedObject::findSymbol(const std::string &Name) const {
  auto It = Symbols.find(Name);
  return It == Symbols.end() ? nullptr : It->second;
}

const std::vector<uint8_t> *
LoadedObject::findSection(const std::string &Name) const {
  auto It = KeptSections.find(Name);
  return It == KeptSections.end() ? nullptr : &It->second;
}

cargo::expected<std::unique_ptr<LoadedObject>, std::string>
loadElfObject(const void *Data, size_t Size,
              const std::vector<std::string> &KeepSections) {
  if (!Data)
    return cargo::unexpected(std::string("no binary"));
  return ElfLoader(static_cast<const uint8_t *>(Data), Size).load(KeepSections);
}

} // namespace mux
