//===- CaseFigures.cpp - What a kernel case's runner measured -------------===//
///
/// \file
/// See CaseFigures.h.
///
//===----------------------------------------------------------------------===//

#include "CaseFigures.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace loom {

double microsecondsSince(CaseClock::time_point Start) {
  return std::chrono::duration<double, std::micro>(CaseClock::now() - Start)
      .count();
}

double median(std::vector<double> Values) {
  std::sort(Values.begin(), Values.end());
  size_t N = Values.size();
  return N % 2 ? Values[N / 2] : (Values[N / 2 - 1] + Values[N / 2]) / 2;
}

void printFiguresJSON(llvm::raw_ostream &OS, const CaseFigures &Figures) {
  llvm::json::Array Outputs;
  for (const std::string &Path : Figures.Outputs)
    Outputs.push_back(Path);
  const std::vector<double> &Kernel = Figures.KernelUs, &Wall = Figures.WallUs;
  llvm::json::Object Result{
      {"name", Figures.Name},
      {"device", Figures.Device},
      {"build_ms", Figures.BuildMs},
      {"warmup_us", Figures.WarmupUs},
      {"kernel_us_min", *std::min_element(Kernel.begin(), Kernel.end())},
      {"kernel_us_median", median(Kernel)},
      {"wall_us_min", *std::min_element(Wall.begin(), Wall.end())},
      {"wall_us_median", median(Wall)},
      {"repeat", static_cast<int64_t>(Kernel.size())},
      {"outputs", std::move(Outputs)}};
  OS << llvm::json::Value(std::move(Result)) << "\n";
}

} // namespace loom
