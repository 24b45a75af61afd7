//===- ProgramCache.cpp - Built programs kept on disk ---------------------===//
///
/// \file
/// See ProgramCache.h.
///
//===----------------------------------------------------------------------===//

#include "ProgramCache.h"

#include "compiler/pipeline/Target.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Host.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loom {
namespace opencl {

namespace {

/// Bumped when an entry's form or key changes.
constexpr const char *CacheFormat = "loom-program-cache-1";

/// What identifies this build of Loom: the path, size and modification time
/// of each of its libraries the process has loaded (the ICD, the compiler,
/// Vecz, target plugins).
const std::string &loomBuildIdentity() {
  static const std::string Identity = [] {
    std::string Text;
    dl_iterate_phdr(
        [](dl_phdr_info *Info, size_t, void *Out) {
          llvm::StringRef Path(Info->dlpi_name ? Info->dlpi_name : "");
          struct stat File;
          if (llvm::sys::path::filename(Path).startswith("libloom-") &&
              stat(Info->dlpi_name, &File) == 0)
            *static_cast<std::string *>(Out) +=
                Path.str() + ":" + std::to_string(File.st_size) + ":" +
                std::to_string(File.st_mtim.tv_sec) + "." +
                std::to_string(File.st_mtim.tv_nsec) + ";";
          return 0;
        },
        &Text);
    return Text;
  }();
  return Identity;
}

/// The host's CPU and its features, which the object's code is made for.
std::string hostMachine() {
  std::string Text = llvm::sys::getHostCPUName().str();
  llvm::StringMap<bool> Features;
  llvm::sys::getHostCPUFeatures(Features);
  std::vector<std::string> Names;
  for (const auto &Feature : Features)
    Names.push_back((Feature.getValue() ? "+" : "-") + Feature.getKey().str());
  std::sort(Names.begin(), Names.end());
  for (const std::string &Name : Names)
    Text += "," + Name;
  return Text;
}

/// Adds \p Part to \p Hash with its length, so that parts cannot run into
/// each other.
void addPart(llvm::SHA256 &Hash, llvm::StringRef Part) {
  Hash.update(std::to_string(Part.size()) + ":");
  Hash.update(Part);
}

std::string entryPath(const std::string &Folder, const std::string &Key,
                      llvm::StringRef Extension) {
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, Key + Extension.str());
  return Path.str().str();
}

/// Writes \p Bytes to \p Path through a temporary file renamed over it.
bool writeAtomically(const std::string &Path, llvm::StringRef Bytes) {
  std::string Temporary = Path + ".tmp." + std::to_string(getpid());
  {
    std::error_code Error;
    llvm::raw_fd_ostream Out(Temporary, Error);
    if (Error)
      return false;
    Out << Bytes;
    Out.close();
    if (Out.has_error()) {
      Out.clear_error();
      llvm::sys::fs::remove(Temporary);
      return false;
    }
  }
  if (llvm::sys::fs::rename(Temporary, Path)) {
    llvm::sys::fs::remove(Temporary);
    return false;
  }
  return true;
}

} // namespace

std::optional<std::string> programCacheFolder() {
  const char *Switch = std::getenv("LOOM_PROGRAM_CACHE");
  if (Switch && llvm::StringRef(Switch) == "0")
    return std::nullopt;
  if (const char *Folder = std::getenv("LOOM_PROGRAM_CACHE_DIR");
      Folder && *Folder)
    return std::string(Folder);
  llvm::SmallString<256> Path;
  if (const char *Cache = std::getenv("XDG_CACHE_HOME"); Cache && *Cache)
    Path = Cache;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    llvm::sys::path::append(Path, Home, ".cache");
  else
    return std::nullopt;
  llvm::sys::path::append(Path, "loom", "programs");
  return Path.str().str();
}

std::string programCacheKey(const _cl_program &Program, cl_device_id Device,
                            const std::string &Options) {
  llvm::SHA256 Hash;
  addPart(Hash, CacheFormat);
  addPart(Hash, LOOM_VERSION);
  addPart(Hash, std::to_string(LOOM_ABI_VERSION) + "/" +
                    std::to_string(loom::metadata::DescriptorFormatVersion));
  addPart(Hash, loomBuildIdentity());
  addPart(Hash, hostMachine());
  addPart(Hash, Device->Target->Name);
  addPart(Hash, Options);
  addPart(Hash, Program.Source);
  addPart(Hash, llvm::StringRef(Program.IL.data(), Program.IL.size()));
  for (const auto &[Id, Value] : Program.SpecConstants)
    addPart(Hash, std::to_string(Id) + "=" + std::to_string(Value));
  return llvm::toHex(Hash.final(), /*LowerCase=*/true);
}

bool readCachedBuild(const std::string &Folder, const std::string &Key,
                     _cl_program::Build &Built) {
  auto Object = llvm::MemoryBuffer::getFile(entryPath(Folder, Key, ".o"));
  auto Log = llvm::MemoryBuffer::getFile(entryPath(Folder, Key, ".log"));
  if (!Object || !Log)
    return false;
  Built.Binary.assign((*Object)->getBufferStart(), (*Object)->getBufferEnd());
  Built.Log = (*Log)->getBuffer().str();
  return true;
}

void writeCachedBuild(const std::string &Folder, const std::string &Key,
                      const _cl_program::Build &Built) {
  if (llvm::sys::fs::create_directories(Folder))
    return;
  // The log first: an object's presence says its entry is whole.
  if (writeAtomically(entryPath(Folder, Key, ".log"), Built.Log))
    writeAtomically(entryPath(Folder, Key, ".o"),
                    llvm::StringRef(Built.Binary.data(), Built.Binary.size()));
}

} // namespace opencl
} // namespace loom
