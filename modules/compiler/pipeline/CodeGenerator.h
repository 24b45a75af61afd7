//===- CodeGenerator.h - The host's code generator --------------*- C++ -*-===//
///
/// \file
/// The code generator of the reference driver's machine, x86-64: the
/// TargetMachine BaseModule::createTargetMachine makes by default (the host
/// CPU and its features, or the CPU `-mcpu=` names), and the passes that
/// write a module as an object file or assembly.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PIPELINE_CODEGENERATOR_H
#define COMPILER_PIPELINE_CODEGENERATOR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class Module;
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace compiler {

/// A PIC code generator for this x86-64 host, for \p TargetCPU (an LLVM CPU
/// name) or, when it is empty, the host's CPU and features; without
/// optimizations when \p OptDisable. It makes every `unreachable` a trap
/// (ud2), after calls that do not return too: a kernel whose behaviour is
/// undefined in a way LLVM proved (a side-effect-free loop that never ends,
/// deleted) stops there, where the driver catches it (mux's
/// kernel_faults.h), instead of running into whatever code follows.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createHostTargetMachine(llvm::StringRef TargetCPU, bool OptDisable);

/// Keeps the code generator from replacing divisions and square roots by
/// its reciprocal estimates (x86's rcpps and rsqrtps with a Newton step)
/// in every function of \p M: under -cl-fast-relaxed-math LLVM may, and
/// such a float division is 3 ulp off (CTS test_bruteforce, divide fp32
/// relaxed), past OpenCL's 2.5. A division the math flags allow to use a
/// reciprocal is still x * (1 / y), two correctly rounded operations.
void disableReciprocalEstimates(llvm::Module &M);

/// The passes of \p TM that write a module to \p OS, as an object file or,
/// with \p Assembly, as assembly.
llvm::Expected<std::unique_ptr<llvm::legacy::PassManager>>
createCodeEmitter(llvm::TargetMachine &TM, llvm::raw_pwrite_stream &OS,
                  bool Assembly);

} // namespace compiler

#endif // COMPILER_PIPELINE_CODEGENERATOR_H
