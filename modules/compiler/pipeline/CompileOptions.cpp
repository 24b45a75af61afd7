//===- CompileOptions.cpp - Options of one compilation --------------------===//
///
/// \file
/// See compiler/pipeline/CompileOptions.h.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/CompileOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/PrintPasses.h"

#include <optional>

using namespace llvm;

namespace compiler {

static Error buildOptionError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message.str().c_str());
}

/// Takes the value of an option written `-X value` or `-Xvalue`.
static Expected<std::string> takeValue(StringRef Option, StringRef Flag,
                                       ArrayRef<StringRef> Words, size_t &I) {
  StringRef Inline = Option.drop_front(Flag.size());
  if (!Inline.empty())
    return Inline.str();
  if (I + 1 >= Words.size())
    return buildOptionError("missing value after '" + Flag + "'");
  return Words[++I].str();
}

/// Sets \p Value from `-vecz-<name>=Text`, or says what \p Range takes.
static Error parseVeczBuildOption(const VeczNumberRange &Range, StringRef Text,
                                  unsigned &Value) {
  std::optional<unsigned> N = parseVeczNumber(Range, Text);
  if (!N)
    return buildOptionError(Twine("-vecz-") + Range.Name + "= takes " +
                            Range.describe() + ", not '" + Text + "'");
  Value = *N;
  return Error::success();
}

static bool isClangBuildOption(StringRef Word) {
  return StringSwitch<bool>(Word)
#define LOOM_CLANG_OPTION_CASE(Name, Description) .Case("-" Name, true)
      LOOM_CLANG_BUILD_OPTIONS(LOOM_CLANG_OPTION_CASE)
#undef LOOM_CLANG_OPTION_CASE
          .Default(false);
}

std::optional<VeczLayout> parseVeczLayout(StringRef Name) {
  return StringSwitch<std::optional<VeczLayout>>(Name)
      .Case("auto", VeczLayout::Auto)
      .Case("interleaved", VeczLayout::Interleaved)
      .Case("scalarized", VeczLayout::Scalarized)
      .Default(std::nullopt);
}

StringRef getVeczLayoutName(VeczLayout Layout) {
  switch (Layout) {
  case VeczLayout::Auto:
    return "auto";
  case VeczLayout::Interleaved:
    return "interleaved";
  case VeczLayout::Scalarized:
    return "scalarized";
  }
  llvm_unreachable("a VeczLayout without a name");
}

/// \p Spellings as a message lists them: "a, b or c".
static std::string describeAlternatives(ArrayRef<std::string> Spellings) {
  std::string Text;
  for (size_t I = 0; I < Spellings.size(); ++I)
    Text += (I == 0                      ? ""
             : I + 1 == Spellings.size() ? " or "
                                         : ", ") +
            Spellings[I];
  return Text;
}

std::string VeczNumberRange::describe() const {
  SmallVector<std::string, 4> Values;
  for (unsigned N = Min; N <= Max; N *= 2)
    Values.push_back(std::to_string(N));
  if (Values.size() > 4)
    return "a power of two from " + Values.front() + " to " + Values.back();
  return describeAlternatives(Values);
}

std::optional<unsigned> parseVeczNumber(const VeczNumberRange &Range,
                                        StringRef Text) {
  unsigned N;
  if (Text.getAsInteger(10, N) || !Range.contains(N))
    return std::nullopt;
  return N;
}

bool CompileOptions::keepsValueNames() const {
  return KeepValueNames || OpenMP || shouldPrintBeforeSomePass() ||
         shouldPrintAfterSomePass();
}

bool CompileOptions::requiresUniformWorkGroups(ProgramInput Input) const {
  bool OpenCLC1 =
      Input == ProgramInput::Source && StringRef(Standard).startswith("CL1.");
  return OpenCLC1 ||
         llvm::is_contained(ClangFlags, "cl-uniform-work-group-size");
}

bool CompileOptions::relaxesMath() const {
  return llvm::is_contained(ClangFlags, "cl-fast-relaxed-math") ||
         llvm::is_contained(ClangFlags, "cl-unsafe-math-optimizations");
}

/// The `-fopenmp-version=` spellings of LOOM_OPENMP_VERSIONS.
static ArrayRef<std::string> openMPVersionSpellings() {
  static const std::vector<std::string> Spellings = {
#define LOOM_OPENMP_VERSION_SPELLING(Number) #Number,
      LOOM_OPENMP_VERSIONS(LOOM_OPENMP_VERSION_SPELLING)
#undef LOOM_OPENMP_VERSION_SPELLING
  };
  return Spellings;
}

/// The `-cl-std=` spellings of LOOM_OPENCL_C_VERSIONS.
static ArrayRef<std::string> openCLCVersionSpellings() {
  static const std::vector<std::string> Spellings = {
#define LOOM_OPENCL_C_VERSION_SPELLING(Major, Minor) "CL" #Major "." #Minor,
      LOOM_OPENCL_C_VERSIONS(LOOM_OPENCL_C_VERSION_SPELLING)
#undef LOOM_OPENCL_C_VERSION_SPELLING
  };
  return Spellings;
}

/// Whether \p Spelling is one of \p Spellings.
static bool isOneOf(ArrayRef<std::string> Spellings, StringRef Spelling) {
  return llvm::any_of(Spellings, [&](const std::string &Candidate) {
    return Candidate == Spelling;
  });
}

const std::string &describeOpenMPVersions() {
  static const std::string Description =
      describeAlternatives(openMPVersionSpellings());
  return Description;
}

const std::string &describeOpenCLCVersions() {
  static const std::string Description =
      describeAlternatives(openCLCVersionSpellings());
  return Description;
}

Error CompileOptions::parseBuildOptions(StringRef BuildOptions) {
  SmallVector<StringRef, 8> Words;
  BuildOptions.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef Word = Words[I];
    if (Word.consume_front("-cl-std=")) {
      if (!isOneOf(openCLCVersionSpellings(), Word))
        return buildOptionError("unsupported OpenCL C version '" + Word +
                                "' in -cl-std= (" + describeOpenCLCVersions() +
                                ")");
      Standard = Word.str();
    } else if (Word == "-cl-no-subgroup-ifp") {
      // OpenCL 2.1's promise that the kernels need no independent forward
      // progress of sub-groups: Loom has no sub-groups to relax.
    } else if (Word == "-g") {
      DebugInfo = true;
    } else if (Word == "-cl-opt-disable") {
      OptDisable = true;
    } else if (Word == "-fopenmp") {
      OpenMP = true;
    } else if (Word == "-fopenmp-runtime") {
      OpenMP = OpenMPRuntime = true;
    } else if (Word.consume_front("-fopenmp-version=")) {
      if (!isOneOf(openMPVersionSpellings(), Word))
        return buildOptionError("unsupported OpenMP version '" + Word +
                                "' in -fopenmp-version= (" +
                                describeOpenMPVersions() + ")");
      OpenMPVersion = Word.str();
    } else if (Word.consume_front("-cl-vec=")) {
      std::optional<EarlyVectorization> Kind =
          StringSwitch<std::optional<EarlyVectorization>>(Word)
              .Case("none", EarlyVectorization::None)
              .Case("loop", EarlyVectorization::Loop)
              .Case("slp", EarlyVectorization::SLP)
              .Case("all", EarlyVectorization::All)
              .Default(std::nullopt);
      if (!Kind)
        return buildOptionError("unknown -cl-vec= value '" + Word +
                                "' (none, loop, slp or all)");
      Vectorize = *Kind;
    } else if (Word.consume_front("-cl-wfv=")) {
      std::optional<WFVMode> Mode = StringSwitch<std::optional<WFVMode>>(Word)
                                        .Case("never", WFVMode::Never)
                                        .Case("auto", WFVMode::Auto)
                                        .Case("always", WFVMode::Always)
                                        .Default(std::nullopt);
      if (!Mode)
        return buildOptionError("unknown -cl-wfv= value '" + Word +
                                "' (never, auto or always)");
      WholeFunctionVectorization = *Mode;
    } else if (Word.consume_front("-vecz-width=")) {
      if (Error E = parseVeczBuildOption(VeczWidthRange, Word, VeczWidth))
        return E;
    } else if (Word.consume_front("-vecz-rows=")) {
      if (Error E = parseVeczBuildOption(VeczRowsRange, Word, VeczRows))
        return E;
    } else if (Word.consume_front("-vecz-interleave=")) {
      if (Error E =
              parseVeczBuildOption(VeczInterleaveRange, Word, VeczInterleave))
        return E;
    } else if (Word.consume_front("-vecz-layout=")) {
      std::optional<VeczLayout> Layout = parseVeczLayout(Word);
      if (!Layout)
        return buildOptionError("unknown -vecz-layout= value '" + Word +
                                "' (auto, interleaved or scalarized)");
      VeczVectorLayout = *Layout;
    } else if (Word.consume_front("-vecz-tail=")) {
      if (Word != "never" && Word != "always")
        return buildOptionError("unknown -vecz-tail= value '" + Word +
                                "' (never or always)");
      VeczTail = Word == "always";
    } else if (Word.consume_front("-streaming-store-bytes=")) {
      if (Word.getAsInteger(10, StreamingStoreBytes))
        return buildOptionError("-streaming-store-bytes= takes a number of "
                                "bytes (0: never), not '" +
                                Word + "'");
    } else if (Word.consume_front("-outline-instructions=")) {
      if (Word.getAsInteger(10, OutlineInstructions))
        return buildOptionError("-outline-instructions= takes a number of "
                                "instructions (0: never), not '" +
                                Word + "'");
    } else if (Word.consume_front("-mcpu=")) {
      if (Word.empty())
        return buildOptionError("-mcpu= takes a CPU name (znver3, "
                                "skylake-avx512, x86-64-v4, ...)");
      TargetCPU = Word.str();
    } else if (Word.consume_front("-Rpass=")) {
      RemarksPassed = Word.str();
    } else if (Word.consume_front("-Rpass-missed=")) {
      RemarksMissed = Word.str();
    } else if (isClangBuildOption(Word)) {
      ClangFlags.push_back(Word.drop_front().str());
    } else if (Word.startswith("-D") || Word.startswith("-I")) {
      StringRef Flag = Word.take_front(2);
      Expected<std::string> Value = takeValue(Word, Flag, Words, I);
      if (!Value)
        return Value.takeError();
      (Flag == "-D" ? Defines : IncludeDirs).push_back(std::move(*Value));
    } else {
      return buildOptionError("unknown build option '" + Word + "'");
    }
  }
  return Error::success();
}

} // namespace compiler
