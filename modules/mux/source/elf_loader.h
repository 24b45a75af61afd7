//===- elf_loader.h - Loads Loom's ELF relocatable objects -----*- C++ -*-===//
///
/// \file
/// Loads an x86-64 ELF64 relocatable object (as LLVM emits for a Loom
/// target) into executable memory: maps every allocated section into one
/// region (code first, read-execute; data after, read-write), applies the
/// x86-64 relocations LLVM 15 emits, resolves undefined symbols against the
/// driver's table of externals (external_symbols.h), and builds its own GOT
/// and call stubs for symbols out of 32-bit reach. Every input byte is
/// untrusted: a malformed object gives an error message, never a crash.
/// With LOOM_PERF_MAP=1 it appends the loaded functions to
/// /tmp/perf-<pid>.map, where Linux perf finds the names of code it did not
/// load from a file (best effort: a map it cannot write is no error).
///
//===----------------------------------------------------------------------===//

#ifndef MUX_SOURCE_ELF_LOADER_H
#define MUX_SOURCE_ELF_LOADER_H

#include "cargo/expected.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace mux {

class LoadedObject {
public:
  LoadedObject(void *Base, size_t Size) : Base(Base), Size(Size) {}
  ~LoadedObject();
  LoadedObject(const LoadedObject &) = delete;
  LoadedObject &operator=(const LoadedObject &) = delete;

  /// The loaded image: code, data and the GOT.
  const uint8_t *imageBegin() const { return static_cast<uint8_t *>(Base); }
  size_t imageSize() const { return Size; }

  /// The address of defined global symbol \p Name, or null.
  void *findSymbol(const std::string &Name) const;
  /// The contents of the section named \p Name as in the file, or null.
  const std::vector<uint8_t> *findSection(const std::string &Name) const;

  /// Used by the loader while it builds the object.
  void addSymbol(std::string Name, void *Address) {
    Symbols[std::move(Name)] = Address;
  }
  void keepSection(std::string Name, std::vector<uint8_t> Bytes) {
    KeptSections[std::move(Name)] = std::move(Bytes);
  }

private:
  void *Base;
  size_t Size;
  std::unordered_map<std::string, void *> Symbols;
  std::unordered_map<std::string, std::vector<uint8_t>> KeptSections;
};

/// Loads \p Data; \p KeepSections names non-code sections whose bytes the
/// caller wants (e.g. the kernel descriptors).
cargo::expected<std::unique_ptr<LoadedObject>, std::string>
loadElfObject(const void *Data, size_t Size,
              const std::vector<std::string> &KeepSections);

} // namespace mux

#endif // MUX_SOURCE_ELF_LOADER_H
