//===- value_names_test.cpp - Value names only for readers of the IR ------===//
///
/// CompileOptions::KeepValueNames through BaseModule: by default a module's
/// instructions, arguments and blocks have no names, from OpenCL C and from
/// IR text alike (LLVM's parser refuses text in a context that drops names,
/// so it must be read in one that keeps them); functions keep theirs. Names
/// stay when asked for, and with OpenMP, whose diagnostics name loops.
///
//===----------------------------------------------------------------------===//

#include "compiler/pipeline/BaseModule.h"
#include "compiler/pipeline/PassMachinery.h"
#include "compiler/pipeline/ReferencePipeline.h"
#include "compiler/pipeline/Target.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

constexpr const char *Source = R"(
kernel void scale(global int *out, int factor) {
  size_t id = get_global_id(0);
  int scaled = out[id] * factor;
  if (scaled > 100)
    scaled = 100;
  out[id] = scaled;
}
)";

constexpr const char *IRText = R"(
target triple = "spir64-unknown-unknown"
define spir_kernel void @scale(ptr addrspace(1) %out, i32 %factor) {
entry:
  %old = load i32, ptr addrspace(1) %out
  %scaled = mul i32 %old, %factor
  store i32 %scaled, ptr addrspace(1) %out
  ret void
}
)";

/// The reference target's late pipeline, in a module of the test's own.
class PlainModule : public compiler::BaseModule {
public:
  using compiler::BaseModule::BaseModule;

protected:
  void getLateTargetPasses(ModulePassManager &MPM,
                           compiler::PassMachinery &Machinery) override {
    compiler::addReferenceLatePasses(
        MPM, Machinery.getPassBuilder(),
        compiler::getReferencePipelineOptions(*this, Machinery));
  }
};

/// How many of \p F's arguments, blocks and instructions have a name.
unsigned countNamedValues(const Function &F) {
  unsigned Named = 0;
  for (const Argument &Arg : F.args())
    Named += Arg.hasName();
  for (const BasicBlock &BB : F) {
    Named += BB.hasName();
    for (const Instruction &I : BB)
      Named += I.hasName();
  }
  return Named;
}

class ValueNames : public ::testing::Test {
protected:
  /// Compiles `scale` from \p Text (IR text when \p FromIR) with \p Opts,
  /// finalized too when \p Finalize; false, with a test failure, if it
  /// cannot be.
  bool build(compiler::CompileOptions Opts, bool FromIR, bool Finalize) {
    Module = Target.createModule(Ctx, std::move(Opts));
    Error E = FromIR ? Module->loadIR(MemoryBufferRef(IRText, "kernel.ll"))
                     : Module->compile(Source);
    if (!E && Finalize)
      E = Module->finalize();
    if (E)
      ADD_FAILURE() << toString(std::move(E));
    return !E;
  }

  /// The kernel `scale` as compile() or loadIR() leaves it, or null.
  const Function *compileScale(compiler::CompileOptions Opts, bool FromIR) {
    if (!build(std::move(Opts), FromIR, /*Finalize=*/false))
      return nullptr;
    const Function *Scale = Module->getModule()->getFunction("scale");
    EXPECT_NE(Scale, nullptr) << "functions keep their names";
    return Scale;
  }

  compiler::Target Target = compiler::Target::of<PlainModule>(
      "test-plain", "test only: the reference late pipeline");
  LLVMContext Ctx;
  std::unique_ptr<compiler::BaseModule> Module;
};

TEST_F(ValueNames, AreDroppedByDefaultFromOpenCLC) {
  const Function *Scale = compileScale(compiler::CompileOptions(), false);
  ASSERT_NE(Scale, nullptr);
  EXPECT_EQ(countNamedValues(*Scale), 0u);
}

TEST_F(ValueNames, AreDroppedByDefaultFromIRText) {
  const Function *Scale = compileScale(compiler::CompileOptions(), true);
  ASSERT_NE(Scale, nullptr);
  EXPECT_EQ(countNamedValues(*Scale), 0u);
}

TEST_F(ValueNames, AreNotMadeByThePipeline) {
  ASSERT_TRUE(build(compiler::CompileOptions(), false, /*Finalize=*/true));
  unsigned Defined = 0;
  for (const Function &F : *Module->getModule()) {
    Defined += !F.isDeclaration();
    EXPECT_EQ(countNamedValues(F), 0u) << F.getName().str();
  }
  EXPECT_GT(Defined, 0u);
}

TEST_F(ValueNames, AreKeptWhenAskedFor) {
  compiler::CompileOptions Opts;
  Opts.KeepValueNames = true;
  const Function *Scale = compileScale(Opts, false);
  ASSERT_NE(Scale, nullptr);
  EXPECT_EQ(Scale->getArg(0)->getName(), "out");
  const Function *FromIR = compileScale(Opts, true);
  ASSERT_NE(FromIR, nullptr);
  EXPECT_EQ(FromIR->getArg(1)->getName(), "factor");
  EXPECT_EQ(FromIR->getEntryBlock().getName(), "entry");
}

TEST_F(ValueNames, AreKeptWithOpenMP) {
  compiler::CompileOptions Opts;
  Opts.OpenMP = true;
  EXPECT_TRUE(Opts.keepsValueNames());
  const Function *Scale = compileScale(Opts, false);
  ASSERT_NE(Scale, nullptr);
  EXPECT_EQ(Scale->getArg(1)->getName(), "factor");
}

} // namespace
