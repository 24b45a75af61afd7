//===- clsmith_run.cpp - Runs one CLsmith kernel on Loom ------------------===//
///
/// \file
/// `loom-clsmith-run KERNEL.cl TARGET 'BUILD OPTIONS'`: compiles a kernel
/// that CLsmith generated for one of Loom's targets and runs it on the
/// reference driver with the arguments its first line asks for, made as
/// CLsmith's own host program (cl_launcher.c) makes them: the result buffer
/// (one ulong per work-item, zero), atomic counters and special values
/// (`--atomics N`: N per group each, zero), the reduction targets
/// (`---atomic_reductions`: one int per group, zero), EMI's input (1024
/// ints, 1024 - i), fake divergence's input (one int per index of the
/// largest dimension, 10 + i) and inter-thread communication's values (one
/// long per work-item, 1). Prints the result buffer, one hexadecimal value
/// a line, and how long the compile took on stderr (`compiled in S s`).
/// Exits 2 when the kernel does not compile, 3 when the run fails,
/// with the diagnostics on stderr; a kernel that crashes takes this
/// process down, which is why the campaign runs each in a process of its
/// own (differential.py).
///
//===----------------------------------------------------------------------===//

#include "KernelRunner.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

using namespace loom::e2e;

namespace {

/// What the first line of a CLsmith kernel says about its launch.
struct Launch {
  std::vector<uint64_t> Global, Local;
  unsigned AtomicCounters = 0;
  bool AtomicReductions = false, EMI = false, FakeDivergence = false,
       InterThreadComm = false;
};

std::vector<uint64_t> parseSizes(const std::string &Text) {
  std::vector<uint64_t> Sizes;
  std::stringstream In(Text);
  for (std::string Size; std::getline(In, Size, ',');)
    Sizes.push_back(std::strtoull(Size.c_str(), nullptr, 10));
  return Sizes;
}

/// The launch of `// [--atomics N] [---MODE ...] -g X,Y,Z -l X,Y,Z`, or an
/// empty one when the line is not of that form.
Launch parseFirstLine(const std::string &Line) {
  Launch L;
  std::stringstream In(Line);
  std::string Word;
  In >> Word; // "//"
  while (In >> Word) {
    if (Word == "-g" && In >> Word)
      L.Global = parseSizes(Word);
    else if (Word == "-l" && In >> Word)
      L.Local = parseSizes(Word);
    else if (Word == "--atomics" && In >> Word)
      L.AtomicCounters = unsigned(std::strtoul(Word.c_str(), nullptr, 10));
    else if (Word == "---atomic_reductions")
      L.AtomicReductions = true;
    else if (Word == "---emi")
      L.EMI = true;
    else if (Word == "---fake_divergence")
      L.FakeDivergence = true;
    else if (Word == "---inter_thread_comm")
      L.InterThreadComm = true;
  }
  return L;
}

uint64_t product(const std::vector<uint64_t> &Sizes) {
  return std::accumulate(Sizes.begin(), Sizes.end(), uint64_t(1),
                         std::multiplies<uint64_t>());
}

/// The kernel's arguments, in the order cl_launcher.c sets them.
std::vector<KernelArg> makeArguments(const Launch &L) {
  uint64_t WorkItems = product(L.Global);
  uint64_t Groups = 1;
  for (size_t D = 0; D < L.Global.size(); ++D)
    Groups *= L.Global[D] / L.Local[D];
  std::vector<KernelArg> Args = {
      KernelArg::buffer(std::vector<uint64_t>(WorkItems, 0))};
  if (L.AtomicCounters) {
    std::vector<uint32_t> Zeros(L.AtomicCounters * Groups, 0);
    Args.push_back(KernelArg::buffer(Zeros));
    Args.push_back(KernelArg::buffer(Zeros));
  }
  if (L.AtomicReductions)
    Args.push_back(KernelArg::buffer(std::vector<int32_t>(Groups, 0)));
  if (L.EMI) {
    std::vector<int32_t> Values(1024);
    for (int32_t I = 0; I < 1024; ++I)
      Values[I] = 1024 - I;
    Args.push_back(KernelArg::buffer(Values));
  }
  if (L.FakeDivergence) {
    uint64_t Largest = *std::max_element(L.Global.begin(), L.Global.end());
    std::vector<int32_t> Sequence(Largest);
    for (uint64_t I = 0; I < Largest; ++I)
      Sequence[I] = int32_t(10 + I);
    Args.push_back(KernelArg::buffer(Sequence));
  }
  if (L.InterThreadComm)
    Args.push_back(KernelArg::buffer(std::vector<int64_t>(WorkItems, 1)));
  return Args;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 4) {
    std::fprintf(stderr, "usage: loom-clsmith-run KERNEL.cl TARGET "
                         "'BUILD OPTIONS'\n");
    return 1;
  }
  std::ifstream File(Argv[1]);
  if (!File) {
    std::fprintf(stderr, "loom-clsmith-run: error: cannot read '%s'\n",
                 Argv[1]);
    return 1;
  }
  std::stringstream Source;
  Source << File.rdbuf();
  std::string FirstLine = Source.str().substr(0, Source.str().find('\n'));
  Launch L = parseFirstLine(FirstLine);
  bool Fits = !L.Global.empty() && L.Global.size() == L.Local.size();
  for (size_t D = 0; Fits && D < L.Global.size(); ++D)
    Fits = L.Local[D] != 0 && L.Global[D] % L.Local[D] == 0;
  if (!Fits) {
    std::fprintf(stderr,
                 "loom-clsmith-run: error: '%s' does not start with "
                 "CLsmith's launch line (// ... -g X,Y,Z -l X,Y,Z)\n",
                 Argv[1]);
    return 1;
  }
  std::vector<char> Binary;
  auto Start = std::chrono::steady_clock::now();
  std::string Problem =
      compileKernel(Source.str(), Binary, Argv[3], Argv[2], Argv[1]);
  if (!Problem.empty()) {
    std::fprintf(stderr, "%s\n", Problem.c_str());
    return 2;
  }
  // differential.py limits a configuration's run and its compile apart.
  std::fprintf(
      stderr, "loom-clsmith-run: compiled in %.3f s\n",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count());
  std::vector<KernelArg> Args = makeArguments(L);
  Problem = runKernel(Binary, "entry", Args, {L.Global, L.Local, {}});
  if (!Problem.empty()) {
    std::fprintf(stderr, "%s\n", Problem.c_str());
    return 3;
  }
  for (uint64_t Value : Args[0].as<uint64_t>())
    std::printf("%#" PRIx64 "\n", Value);
  return 0;
}
