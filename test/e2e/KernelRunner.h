//===- KernelRunner.h - Compile a kernel, run it on the driver -*- C++ -*-===//
///
/// \file
/// The end-to-end tests' harness: compiles OpenCL C for a Loom target in
/// process, loads the binary on the reference driver and runs one ND-range
/// with the given arguments, returning every buffer's final contents so the
/// test can check each element against values it computes itself.
///
//===----------------------------------------------------------------------===//

#ifndef TEST_E2E_KERNELRUNNER_H
#define TEST_E2E_KERNELRUNNER_H

#include "PrintfStreams.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace loom {
namespace e2e {

/// A kernel argument: a buffer (contents in, contents out), a scalar, a
/// size of __local memory, an image (its texels packed in, and out) or a
/// sampler.
struct KernelArg {
  bool IsBuffer = true;
  std::vector<uint8_t> Bytes;
  uint64_t LocalBytes = 0;
  bool IsImage = false;
  mux_image_desc_s Image = {};
  bool IsSampler = false;
  uint32_t SamplerBits = 0;

  static KernelArg local(uint64_t Bytes) {
    KernelArg A;
    A.IsBuffer = false;
    A.LocalBytes = Bytes;
    return A;
  }

  template <class T> static KernelArg buffer(const std::vector<T> &Values) {
    KernelArg A;
    A.Bytes.resize(Values.size() * sizeof(T));
    std::memcpy(A.Bytes.data(), Values.data(), A.Bytes.size());
    return A;
  }
  template <class T> static KernelArg scalar(T Value) {
    KernelArg A;
    A.IsBuffer = false;
    A.Bytes.resize(sizeof(T));
    std::memcpy(A.Bytes.data(), &Value, sizeof(T));
    return A;
  }
  /// An image as \p Desc describes it (with zero pitches), holding
  /// \p Texels packed: rows, then slices or layers.
  template <class T>
  static KernelArg image(const mux_image_desc_s &Desc,
                         const std::vector<T> &Texels) {
    KernelArg A = buffer(Texels);
    A.IsBuffer = false;
    A.IsImage = true;
    A.Image = Desc;
    return A;
  }
  static KernelArg sampler(uint32_t Bits) {
    KernelArg A;
    A.IsBuffer = false;
    A.IsSampler = true;
    A.SamplerBits = Bits;
    return A;
  }
  template <class T> std::vector<T> as() const {
    std::vector<T> Values(Bytes.size() / sizeof(T));
    std::memcpy(Values.data(), Bytes.data(), Values.size() * sizeof(T));
    return Values;
  }
};

struct NDRange {
  std::vector<uint64_t> Global;
  std::vector<uint64_t> Local;
  std::vector<uint64_t> Offset; ///< Empty for none.
};

/// Compiles \p Source (kernel file name \p FileName in diagnostics) for
/// target \p Target. Returns "" and fills \p Binary, or the diagnostics.
std::string compileKernel(const std::string &Source, std::vector<char> &Binary,
                          const std::string &BuildOptions = "",
                          const std::string &Target = "csa",
                          const std::string &FileName = "kernel.cl");

/// Like compileKernel, from LLVM IR text.
std::string compileIR(const std::string &IR, std::vector<char> &Binary,
                      const std::string &Target = "csa");

/// Like compileKernel, from the SPIR-V that llvm-spirv made of
/// test/e2e/kernels/<Name>.cl at build time.
std::string compileSPIRV(const std::string &Name, std::vector<char> &Binary,
                         const std::string &Target = "csa");

/// Whether this run's extra options (LOOM_E2E_EXTRA_OPTIONS) include
/// -cl-opt-disable, for the few tests whose results may legally differ
/// without optimization.
bool runsUnoptimized();

/// Reads a kernel from test/e2e/kernels.
std::string readKernelSource(const std::string &Name);

/// Where a run's printf output goes (muxSetPrintfCallback): by default
/// stdout, and the driver's warning to stderr (tools/common/PrintfStreams.h);
/// a null Callback leaves the driver's default.
struct PrintfSink {
  mux_printf_callback_t Callback = writePrintfToStdStreams;
  void *UserData = const_cast<char *>("loom");
};

/// Runs \p Kernel of \p Binary over \p Range; buffers in \p Args are updated
/// with their final contents. Returns "" or what went wrong.
std::string runKernel(const std::vector<char> &Binary,
                      const std::string &Kernel, std::vector<KernelArg> &Args,
                      const NDRange &Range, PrintfSink Printf = {});

/// \p N values of a fixed xorshift sequence: inputs that look random and
/// are the same in every run.
std::vector<uint32_t> xorshiftSequence(size_t N);

} // namespace e2e
} // namespace loom

#endif // TEST_E2E_KERNELRUNNER_H
