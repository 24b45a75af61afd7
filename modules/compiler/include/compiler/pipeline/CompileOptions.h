//===- CompileOptions.h - Options of one compilation ------------*- C++ -*-===//
///
/// \file
/// What a user can say about one compilation: the OpenCL build options
/// (`-cl-std=`, `-D`, `-I`, `-cl-opt-disable`, `-w`, `-Werror`, the
/// `-cl-*` math and argument-info flags, Loom's `-cl-vec=`, `-cl-wfv=`,
/// `-vecz-width=`, `-vecz-rows=`, `-vecz-interleave=`, `-vecz-layout=` and
/// `-streaming-store-bytes=`) and how diagnostics look. parseBuildOptions turns
/// a build-options string, as given to clBuildProgram or in a kernel case, into
/// CompileOptions and rejects an option it does not know.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_COMPILEOPTIONS_H
#define COMPILER_PIPELINE_COMPILEOPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace compiler {

/// Early (per work-item) vectorization, `-cl-vec=none|loop|slp|all`.
enum class EarlyVectorization { None, Loop, SLP, All };

/// Whole-function vectorization across work-items by Vecz, `-cl-wfv=`:
/// never; where its cost model says the vector kernel pays (`auto`); or for
/// every kernel it can handle (`always`).
enum class WFVMode { Never, Auto, Always };

/// How Vecz lays out a varying value of an OpenCL vector type (`float4`)
/// across W work-items, `-vecz-layout=`: as the cost model picks (`auto`);
/// interleaved, one `<W * N x T>` with each lane's vector whole; or
/// scalarized then widened, N `<W x T>` values, one per element.
enum class VeczLayout { Auto, Interleaved, Scalarized };

/// The `-vecz-layout=` value \p Name names, if any.
std::optional<VeczLayout> parseVeczLayout(llvm::StringRef Name);

/// The name of \p Layout, as parseVeczLayout reads it.
llvm::StringRef getVeczLayoutName(VeczLayout Layout);

/// The values of one of Vecz's numeric options: the powers of two from Min
/// to Max. One table for the build options (`-vecz-width=`), Vecz's pass
/// parameters (`vecz<width=N>`), the targets' caps and loomc's --help.
struct VeczNumberRange {
  /// As in `-vecz-<Name>=` and `vecz<Name=N>`.
  const char *Name;
  unsigned Min;
  unsigned Max;

  bool contains(unsigned N) const {
    return N >= Min && N <= Max && (N & (N - 1)) == 0;
  }
  /// "1, 2 or 4", or "a power of two from 2 to 64" for longer ranges.
  std::string describe() const;
};

/// Work-items per vector.
inline constexpr VeczNumberRange VeczWidthRange{"width", 2, 64};
/// Rows of work-items a vector kernel runs per call (vecz/JamRows.h; 1: no
/// jammed variant).
inline constexpr VeczNumberRange VeczRowsRange{"rows", 1, 8};
/// Vectors of work-items a wide variant runs per call (1: none).
inline constexpr VeczNumberRange VeczInterleaveRange{"interleave", 1, 4};

/// \p Text as a value of \p Range, or none.
std::optional<unsigned> parseVeczNumber(const VeczNumberRange &Range,
                                        llvm::StringRef Text);

/// The defaults of options that passes take too (the passes' own
/// defaults, as lit tests run them).
inline constexpr uint64_t DefaultStreamingStoreBytes = 8u << 20;
inline constexpr uint64_t DefaultOutlineInstructions = 2000;

/// The newest SPIR-V version BaseModule::loadSPIRV reads as it is: it reads
/// 1.0 to this one (SPIRV-LLVM-Translator 15's newest), and a newer module
/// as this version when the module validates as one (doc/tools/loomc.md).
/// The version word's form: 0x00MMmm00.
constexpr uint32_t NewestSPIRVVersion = 0x00010400;

/// The OpenCL C versions Loom compiles, as X(Major, Minor): `-cl-std=` takes
/// CL<Major>.<Minor>, and OpenCL devices report them
/// (CL_DEVICE_OPENCL_C_ALL_VERSIONS). As for OpenCL 3.0 devices, 1.x and
/// 3.0, not 2.0, whose mandatory features Loom does not all have.
#define LOOM_OPENCL_C_VERSIONS(X) X(1, 0) X(1, 1) X(1, 2) X(3, 0)

/// The OpenCL version of every device Loom makes: what CL_DEVICE_VERSION
/// and CL_DEVICE_NUMERIC_VERSION report, and what `__OPENCL_VERSION__` says
/// to a kernel in every OpenCL C version (major * 100 + minor * 10). Clang
/// leaves that macro to the implementation: OpenCL C defines it as the
/// device's version, not the language's (`__OPENCL_C_VERSION__`).
inline constexpr unsigned OpenCLDeviceMajorVersion = 3;
inline constexpr unsigned OpenCLDeviceMinorVersion = 0;

/// The `-cl-std=` spellings of LOOM_OPENCL_C_VERSIONS, for messages and
/// --help: "CL1.0, CL1.1, CL1.2 or CL3.0".
const std::string &describeOpenCLCVersions();

/// The OpenMP versions `-fopenmp-version=` takes, as X(Number), the number
/// as Clang 15 spells it (45: OpenMP 4.5); without the option, Clang's
/// default, 5.0. 5.1's constructs Clang 15 implements (`atomic compare`,
/// `masked`, `omp_*` routines of 5.1) need 51.
#define LOOM_OPENMP_VERSIONS(X) X(45) X(50) X(51)

/// The `-fopenmp-version=` values of LOOM_OPENMP_VERSIONS, for messages and
/// --help: "45, 50 or 51".
const std::string &describeOpenMPVersions();

/// What BaseModule::compile takes: OpenCL C, or plain C (C11, freestanding)
/// whose kernels are functions marked `annotate("loom_kernel")`.
enum class SourceLanguage { OpenCLC, C };

/// Where a program's kernels come from, for the rules that differ: source
/// (BaseModule::compile) or SPIR-V (BaseModule::loadSPIRV), which has no
/// OpenCL C version.
enum class ProgramInput { Source, SPIRV };

/// The OpenCL build options Clang itself implements, passed to it as given.
/// One list for parsing, loomc's options and --help.
#define LOOM_CLANG_BUILD_OPTIONS(X)                                            \
  X("w", "Suppress all warnings")                                              \
  X("Werror", "Make warnings errors")                                          \
  X("cl-denorms-are-zero", "Allow denormals to be flushed to zero")            \
  X("cl-fast-relaxed-math",                                                    \
    "-cl-finite-math-only and -cl-unsafe-math-optimizations")                  \
  X("cl-finite-math-only", "Assume no NaNs or infinities")                     \
  X("cl-kernel-arg-info", "Keep kernel argument information")                  \
  X("cl-mad-enable", "Allow a * b + c with reduced accuracy")                  \
  X("cl-no-signed-zeros", "Ignore the sign of zeros")                          \
  X("cl-single-precision-constant", "Treat double constants as float")         \
  X("cl-unsafe-math-optimizations",                                            \
    "Allow optimizations that may lose accuracy")                              \
  X("cl-uniform-work-group-size",                                              \
    "Require global sizes that are multiples of the local size")

/// The OpenCL C extensions and OpenCL C 3.0 optional features Loom reports,
/// as Clang's `-cl-ext=` takes them: everything else (half, pipes,
/// device-side enqueue, depth and multi-sample images, vendor extensions) is
/// switched off, so a kernel that uses it gets Clang's error rather than a
/// missing builtin. Images (builtins/image.cl) are OpenCL C 3.0's images,
/// read-write images and 3D image writes features, and the
/// cl_khr_3d_image_writes extension. Sub-groups, of
/// one work-item each (builtins/sub_group.cl), are OpenCL C 3.0's optional
/// feature, not the cl_khr_subgroups extension, which requires sub-groups
/// to progress independently (a work-group's run one after the other).
inline constexpr const char *OpenCLExtensions =
    "-all,+cl_khr_fp64,+cl_khr_byte_addressable_store,"
    "+cl_khr_global_int32_base_atomics,+cl_khr_global_int32_extended_atomics,"
    "+cl_khr_local_int32_base_atomics,+cl_khr_local_int32_extended_atomics,"
    "+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics,"
    "+__opencl_c_fp64,+__opencl_c_int64,+__opencl_c_generic_address_space,"
    "+__opencl_c_program_scope_global_variables,"
    "+__opencl_c_work_group_collective_functions,"
    "+__opencl_c_atomic_order_acq_rel,+__opencl_c_atomic_order_seq_cst,"
    "+__opencl_c_atomic_scope_device,+__opencl_c_atomic_scope_all_devices,"
    "+__opencl_c_subgroups,+cl_khr_subgroup_extended_types,"
    "+cl_khr_subgroup_non_uniform_vote,+cl_khr_subgroup_ballot,"
    "+cl_khr_subgroup_non_uniform_arithmetic,+cl_khr_subgroup_shuffle,"
    "+cl_khr_subgroup_shuffle_relative,+cl_khr_subgroup_clustered_reduce,"
    "+__opencl_c_images,+__opencl_c_read_write_images,"
    "+__opencl_c_3d_image_writes,+cl_khr_3d_image_writes";

/// The work-items of every sub-group of a kernel Vecz does not make
/// sub-groups of (a kernel without a tail variant, KernelMetadata.h): each
/// work-item is a sub-group of its own, as the mux builtins' bodies and
/// builtins/sub_group.cl answer. The only size a kernel may require
/// (intel_reqd_sub_group_size) until Vecz picks its width from it.
inline constexpr unsigned SubGroupSize = 1;

/// A header a target ships with its kernels (BaseModule::getTargetHeaders):
/// found by `#include <Path>` as if in a system include directory.
struct TargetHeader {
  llvm::StringRef Path;
  llvm::StringRef Contents;
};

struct CompileOptions {
  /// The name diagnostics give the kernel source.
  std::string FileName = "kernel.cl";
  SourceLanguage Language = SourceLanguage::OpenCLC;
  /// The OpenCL C version, as `-cl-std=` spells it (LOOM_OPENCL_C_VERSIONS).
  std::string Standard = "CL1.2";
  /// `-D` macros, each `NAME` or `NAME=VALUE`.
  std::vector<std::string> Defines;
  /// `-I` directories.
  std::vector<std::string> IncludeDirs;
  /// `-cl-opt-disable`: no optimization.
  bool OptDisable = false;
  /// `-fopenmp`: OpenMP directives in the source (doc/compiler-spec.md,
  /// "Parallel loops"). Implies line tables, as `-g`, so that OpenMP errors
  /// and warnings say `file:line:col`.
  bool OpenMP = false;
  /// `-fopenmp-runtime` (implies -fopenmp): every parallel region runs on
  /// the driver's OpenMP runtime, none as Loom's parallel loop.
  bool OpenMPRuntime = false;
  /// `-fopenmp-version=`: the OpenMP version of the directives, one of
  /// LOOM_OPENMP_VERSIONS; empty for Clang's default. Only with -fopenmp.
  std::string OpenMPVersion;
  /// `-g`: line tables in the IR, so that warnings from Loom's passes say
  /// `file:line:col`. The reference driver loads no DWARF: code generation
  /// drops it.
  bool DebugInfo = false;
  /// Colour in diagnostics (for a terminal).
  bool ColorDiagnostics = false;
  /// SPIR-V specialization constants: id to value.
  std::map<uint32_t, uint64_t> SpecConstants;
  /// Build options of LOOM_CLANG_BUILD_OPTIONS given, without the dash.
  std::vector<std::string> ClangFlags;
  /// The kernels to compile (`loomc --kernel=`; `loom-run` names the one it
  /// launches); none: every kernel of the program. The others are dropped
  /// before the pipeline spends time on them (`select-kernels`).
  std::vector<std::string> Kernels;

  /// Whether launches of kernels built with these options from \p Input
  /// must be uniform (every global size a multiple of the local size): with
  /// `-cl-uniform-work-group-size`, and for OpenCL C 1.x source, as OpenCL
  /// 2.0 and later say. SPIR-V has no OpenCL C version: `-cl-std=` does not
  /// apply to it, and only the flag counts.
  bool requiresUniformWorkGroups(ProgramInput Input) const;
  /// Whether the options relax the accuracy of the math builtins
  /// (`-cl-fast-relaxed-math`, `-cl-unsafe-math-optimizations`), for every
  /// input: SPIR-V and LLVM IR carry no fast-math flags on those calls.
  bool relaxesMath() const;
  /// `-cl-vec=`: which vectorizers run on each work-item before Loom's own
  /// passes.
  EarlyVectorization Vectorize = EarlyVectorization::None;
  /// `-cl-wfv=`: whether Vecz vectorizes kernels across work-items (by
  /// default where its cost model says it pays), and
  /// `-vecz-width=`: how many (a power of two, 2 to 64; 0, the default:
  /// chosen per kernel from the target's vector registers).
  WFVMode WholeFunctionVectorization = WFVMode::Auto;
  unsigned VeczWidth = 0;
  /// `-vecz-rows=`: how many rows of work-items (dimension 1) a vector
  /// kernel runs per call, jammed into one pass over its code (1, 2, 4 or
  /// 8; 0, the default: chosen from the target's vector registers where
  /// the cost model says it pays, else 1).
  unsigned VeczRows = 0;
  /// `-vecz-interleave=`: how many vectors of work-items a wide variant
  /// runs per call, their dependence chains side by side (1, 2 or 4; 0, the
  /// default: chosen for kernels with loops where the cost model says it
  /// pays, else 1).
  unsigned VeczInterleave = 0;
  /// `-vecz-layout=`: how a vector kernel lays out values of vector types.
  VeczLayout VeczVectorLayout = VeczLayout::Auto;
  /// `-vecz-tail=`: whether a vectorized kernel runs each row's last
  /// Lx mod W work-items as one masked vector (`always`: its tail variant)
  /// or the scalar kernel one by one (`never`, the default; a kernel that
  /// works with sub-groups always has its tail variant).
  bool VeczTail = false;
  /// `-streaming-store-bytes=`: a vector store to an output-only buffer
  /// goes past the caches when the launch writes at least this many bytes
  /// through it (streaming-stores; 0: never). The default, 8 MiB, is where
  /// it paid on the development machine (doc/performance.md).
  uint64_t StreamingStoreBytes = DefaultStreamingStoreBytes;
  /// `-outline-instructions=`: a kernel (or vector variant) of more
  /// instructions than this is cut into pieces of about this many, each a
  /// function of its own, before the late pipeline (outline-huge-kernels; 0:
  /// never), and a barrier region of more stays a function the region
  /// scheduler calls (work-item-loops' max-inlined-region), so that compile
  /// time grows in proportion to kernel size (doc/performance.md).
  uint64_t OutlineInstructions = DefaultOutlineInstructions;
  /// `-mcpu=`: the x86-64 CPU code is generated and tuned for, by LLVM's
  /// name (`znver3`, `skylake-avx512`, `x86-64-v4`), with every feature
  /// that CPU has; empty, the default: this host's CPU and features. For
  /// binaries made elsewhere, and for tests whose IR depends on the CPU.
  std::string TargetCPU;
  /// `-Rpass=` / `-Rpass-missed=`: regular expressions of the passes whose
  /// optimization remarks (done / not done) go to the warning handler, as
  /// Clang's options of those names do (`-Rpass-missed=vecz`).
  std::string RemarksPassed;
  std::string RemarksMissed;
  /// Whether the IR keeps the names of its values (instructions, arguments,
  /// blocks; functions and globals keep theirs either way). Only someone
  /// reading the IR needs them, and they cost compile time (a tenth of a
  /// large kernel's, doc/performance.md): loomc keeps them for its IR and
  /// SPIR-V outputs, and the OpenCL platform drops them.
  bool KeepValueNames = false;
  /// Whether value names are kept: as KeepValueNames says, and whatever it
  /// says while LLVM prints IR (`--print-after=` and the like) and with
  /// OpenMP, whose diagnostics name loops by their header block.
  bool keepsValueNames() const;

  /// Adds the options in \p BuildOptions (separated by spaces; `-D X` and
  /// `-DX` both accepted) to these.
  llvm::Error parseBuildOptions(llvm::StringRef BuildOptions);
};

} // namespace compiler

#endif // COMPILER_PIPELINE_COMPILEOPTIONS_H
