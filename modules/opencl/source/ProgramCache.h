//===- ProgramCache.h - Built programs kept on disk -------------*- C++ -*-===//
///
/// \file
/// Loom's program cache: clBuildProgram of OpenCL C or SPIR-V keeps each
/// device's object, with its build log, in a folder on disk, and a later
/// build of the same program (in this process or another) loads it instead
/// of compiling. An entry's key is a SHA-256 of everything the object
/// depends on: the source or SPIR-V, the specialization constants, the
/// build options, the device's target, the host's CPU and features, Loom's
/// version, kernel ABI and descriptor format, and the size and time of each
/// of Loom's libraries the process loaded (so that another build of Loom
/// does not use it). The folder is LOOM_PROGRAM_CACHE_DIR, else
/// $XDG_CACHE_HOME/loom/programs, else ~/.cache/loom/programs;
/// LOOM_PROGRAM_CACHE=0 turns the cache off (as pocl's POCL_KERNEL_CACHE=0
/// does). An entry is written under a temporary name and renamed, so a
/// reader never sees half of one; one that does not load is compiled again
/// and replaced.
///
//===----------------------------------------------------------------------===//

#ifndef OPENCL_PROGRAMCACHE_H
#define OPENCL_PROGRAMCACHE_H

#include "Objects.h"

#include <optional>
#include <string>

namespace loom {
namespace opencl {

/// The cache's folder, or none when the cache is off or no folder is known.
std::optional<std::string> programCacheFolder();

/// The key of \p Program's build for \p Device with \p Options.
std::string programCacheKey(const _cl_program &Program, cl_device_id Device,
                            const std::string &Options);

/// Reads entry \p Key of \p Folder into \p Built's binary and log; whether
/// there was one.
bool readCachedBuild(const std::string &Folder, const std::string &Key,
                     _cl_program::Build &Built);

/// Writes \p Built's binary and log as entry \p Key of \p Folder; a cache
/// that cannot be written is no error (the build has succeeded).
void writeCachedBuild(const std::string &Folder, const std::string &Key,
                      const _cl_program::Build &Built);

} // namespace opencl
} // namespace loom

#endif // OPENCL_PROGRAMCACHE_H
