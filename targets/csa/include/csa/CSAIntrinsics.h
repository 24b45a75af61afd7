//===- csa/CSAIntrinsics.h - The CSA intrinsics -----------------*- C++ -*-===//
///
/// \file
/// The `llvm.csa.*` intrinsics of CSA-SPEC.md from CSAIntrinsics.def: their
/// declarations, how to recognise their calls, and the region ids the
/// compiler gives regions it creates. Each is declared `nounwind willreturn
/// inaccessiblemem_or_argmemonly`: nothing deletes or duplicates them on its
/// own, and memory operations may move out of sections but the passes that
/// could move them in do not run between CLIE and the memory-ordering
/// lowering. LLVM 15 accepts such declarations under the reserved `llvm.`
/// prefix without knowing them; the intrinsic cleaner removes every one
/// before code generation.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_CSAINTRINSICS_H
#define CSA_CSAINTRINSICS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallInst;
class Function;
class LLVMContext;
class Module;
class Value;
} // namespace llvm

namespace csa {

enum class CSAIntrinsic {
#define CSA_INTRINSIC(ID, IRName, Builtin, FortranName, Return, Params) ID,
#include "csa/CSAIntrinsics.def"
};

/// Region ids below this are the user's; the compiler's start here (CSA-8).
constexpr uint32_t FirstCompilerRegionId = 1000;

llvm::StringRef getIntrinsicName(CSAIntrinsic I);
/// Whether \p I is one of the user's loop markers (parallel_loop, spmd,
/// spmdization, pipeline_loop).
bool isUserLoopMarker(CSAIntrinsic I);

/// The intrinsic \p F declares, if any.
std::optional<CSAIntrinsic> identifyIntrinsic(const llvm::Function &F);
/// The intrinsic C/OpenCL C builtin \p Name stands for.
std::optional<CSAIntrinsic> getIntrinsicForBuiltin(llvm::StringRef Name);
/// The intrinsic Fortran external \p Name stands for.
std::optional<CSAIntrinsic> getIntrinsicForFortran(llvm::StringRef Name);

/// The declaration of \p I in \p M, created if missing.
llvm::Function *getOrDeclareIntrinsic(llvm::Module &M, CSAIntrinsic I);

/// \p V as a call of \p I, or null.
llvm::CallInst *getIntrinsicCall(llvm::Value *V, CSAIntrinsic I);
/// The intrinsic \p V calls, if it is a call of one.
std::optional<CSAIntrinsic> getCalledIntrinsic(const llvm::Value *V);

/// The id the compiler gives a region it creates, from the region entry's
/// unique name: 1000 plus the number the context's metadata-kind table maps
/// the name to (CSA-8), so equal names give equal ids within a context.
uint32_t getCompilerRegionId(llvm::LLVMContext &Ctx, llvm::StringRef Name);

} // namespace csa

#endif // CSA_CSAINTRINSICS_H
