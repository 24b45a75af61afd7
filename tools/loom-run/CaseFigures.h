//===- CaseFigures.h - What a kernel case's runner measured -----*- C++ -*-===//
///
/// \file
/// The figures every runner of kernel cases reports (loom-run, the bench's
/// opencl-run and openmp-native-run): build time, the warm-up launch, and
/// the kernel and wall times of each timed launch, with the output files;
/// printed as the one JSON object of their `--json` option, which
/// bench/compare.py and bench/openmp/compare.py read.
///
//===----------------------------------------------------------------------===//

#ifndef TOOLS_LOOMRUN_CASEFIGURES_H
#define TOOLS_LOOMRUN_CASEFIGURES_H

#include <chrono>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace loom {

using CaseClock = std::chrono::steady_clock;

/// Microseconds from \p Start to now.
double microsecondsSince(CaseClock::time_point Start);

/// The median of \p Values (the mean of the middle two of an even count);
/// \p Values must not be empty.
double median(std::vector<double> Values);

struct CaseFigures {
  std::string Name;
  /// Who ran it: `loom-<target>`, an OpenCL platform's device, a native
  /// build.
  std::string Device;
  double BuildMs = 0;
  double WarmupUs = 0;
  /// One of each per timed launch: the device's duration of the kernel
  /// (where it has none, the wall time), and the host's wall time.
  std::vector<double> KernelUs, WallUs;
  std::vector<std::string> Outputs;
};

/// Prints \p Figures as one JSON object on a line: name, device, build_ms,
/// warmup_us, kernel_us_min and _median, wall_us_min and _median, repeat
/// (the timed launches) and outputs. There must be a timed launch.
void printFiguresJSON(llvm::raw_ostream &OS, const CaseFigures &Figures);

} // namespace loom

#endif // TOOLS_LOOMRUN_CASEFIGURES_H
