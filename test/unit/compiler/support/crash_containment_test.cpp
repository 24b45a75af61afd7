//===- crash_containment_test.cpp - A crashing pass is an error -----------===//
///
/// compiler/support/CrashContainment.h through BaseModule, as a target's
/// author meets it: a target whose late pass crashes (a fault, a fatal LLVM
/// error) on the kernel `crash_here` gets an internal compiler error from
/// finalize that names the pass, what it ran on and the kernel, and the
/// process goes on compiling.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/ReferencePipeline.h"
#include "compiler/pipeline/Target.h"
#include "compiler/support/CrashContainment.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/ErrorHandling.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

constexpr const char *Source = R"(
kernel void crash_here(global int *out) { out[get_global_id(0)] = 1; }
kernel void fine(global int *out) { out[get_global_id(0)] = 2; }
)";

constexpr const char *SafeSource = R"(
kernel void fine(global int *out) { out[get_global_id(0)] = 2; }
)";

/// Writes through a null pointer the compiler cannot see is null.
void fault() {
  static int *volatile Null = nullptr;
  *Null = 1;
}

/// Faults when it runs on the function `crash_here`.
struct FaultOnKernelPass : PassInfoMixin<FaultOnKernelPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (F.getName() == "crash_here")
      fault();
    return PreservedAnalyses::all();
  }
};

/// Works on each kernel in turn, saying which, as Vecz does; on
/// `crash_here`, LLVM's fatal error handling ends it.
struct FatalErrorOnKernelPass : PassInfoMixin<FatalErrorOnKernelPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    for (Function &F : M) {
      compiler::utils::CrashNote Working("kernel '" + F.getName() + "'");
      if (F.getName() == "crash_here")
        report_fatal_error("a check failed");
    }
    return PreservedAnalyses::all();
  }
};

enum class Crash { Fault, FatalError };

/// The reference target's pipeline, after the pass that crashes.
template <Crash How> class CrashingModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

protected:
  void getLateTargetPasses(ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override {
    if (How == Crash::Fault)
      MPM.addPass(createModuleToFunctionPassAdaptor(FaultOnKernelPass()));
    else
      MPM.addPass(FatalErrorOnKernelPass());
    compiler::addReferenceLatePasses(
        MPM, Machinery.getPassBuilder(),
        compiler::getReferencePipelineOptions(*this, Machinery));
  }
};

template <Crash How> class CrashContainmentTest : public ::testing::Test {
protected:
  /// finalize's result on \p Text, compiled as kernel.cl.
  std::string finalizeError(const char *Text) {
    Module = Target.createModule(Ctx, compiler::CompileOptions());
    if (Error E = Module->compile(Text))
      return "compile failed: " + toString(std::move(E));
    Error E = Module->finalize();
    return E ? toString(std::move(E)) : std::string();
  }

  compiler::Target Target = compiler::Target::of<CrashingModule<How>>(
      "test-crashing", "test only: a late pass crashes");
  LLVMContext Ctx;
  std::unique_ptr<compiler::BaseModule> Module;
};

using FaultingPass = CrashContainmentTest<Crash::Fault>;
using FatalErrorPass = CrashContainmentTest<Crash::FatalError>;

TEST_F(FaultingPass, IsAnInternalErrorNamingThePassAndTheKernel) {
  std::string Message = finalizeError(Source);
  EXPECT_NE(Message.find("kernel.cl: error: internal compiler error: the "
                         "pipeline crashed (SIGSEGV) in pass "),
            std::string::npos)
      << Message;
  EXPECT_NE(Message.find("FaultOnKernelPass' on function 'crash_here'"),
            std::string::npos)
      << Message;
}

TEST_F(FaultingPass, LeavesTheModuleUnusedAndTheProcessCompiling) {
  ASSERT_NE(finalizeError(Source), "");
  EXPECT_EQ(Module->getModule(), nullptr);
  Expected<SmallVector<char, 0>> Binary = Module->createBinary();
  ASSERT_FALSE(Binary);
  EXPECT_EQ(toString(Binary.takeError()),
            "code generation called after the compiler crashed");
  // The same target, the same pass, in the same process: a module without
  // the kernel it crashes on compiles to an object.
  ASSERT_EQ(finalizeError(SafeSource), "");
  Expected<SmallVector<char, 0>> Object = Module->createBinary();
  ASSERT_TRUE(bool(Object)) << toString(Object.takeError());
  EXPECT_FALSE(Object->empty());
}

TEST_F(FatalErrorPass, NamesTheKernelThePassSaidItWorkedOn) {
  std::string Message = finalizeError(Source);
  EXPECT_NE(Message.find("internal compiler error: the pipeline crashed "
                         "(SIGABRT, an abort or a fatal LLVM error) in pass "),
            std::string::npos)
      << Message;
  EXPECT_NE(Message.find("FatalErrorOnKernelPass' on the module, working on "
                         "kernel 'crash_here'; please report it"),
            std::string::npos)
      << Message;
}

TEST(CrashContainment, AGuardedRunThatDoesNotCrashSucceeds) {
  bool Ran = false;
  EXPECT_FALSE(bool(compiler::utils::runContainingCrashes(
      "nothing", [&] { Ran = true; },
      [](StringRef Pass) { return Pass.str(); })));
  EXPECT_TRUE(Ran);
}

TEST(CrashContainment, AFaultOutsidePassesNamesTheStageAndTheNotes) {
  Error E = compiler::utils::runContainingCrashes(
      "code generation",
      [] {
        compiler::utils::CrashNote Outer("kernel 'k'");
        compiler::utils::CrashNote Inner("its loop");
        fault();
      },
      [](StringRef Pass) { return Pass.str(); });
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "internal compiler error: code generation crashed (SIGSEGV), "
            "working on kernel 'k', its loop; please report it, with the "
            "kernel and its options");
}

} // namespace
