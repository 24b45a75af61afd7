//===- vecz/UniformityAnalysis.h - Uniform and varying values --*- C++ -*-===//
///
/// \file
/// Which values of a kernel are the same for every work-item of a vector
/// (W work-items consecutive in dimension 0, run as one) and which may
/// differ; which branches diverge, where their paths join, and which loops
/// the lanes leave at different iterations. The vectorizer keeps uniform
/// values scalar, widens varying ones, and linearizes divergent control flow.
///
/// Assumes: a kernel after Loom's generic pipeline: work-item queries are
/// mux builtins without scheduling parameters (`__mux_get_local_id(i32)`).
/// Seeds: a kernel's arguments are uniform (every work-item gets the same);
/// a function that is not a kernel gets varying ones. get_local_id(0),
/// get_global_id(0) and the linear ids vary along the vector; the ids of
/// dimensions 1 and 2 and every builtin BuiltinInfo marks work-group uniform
/// are uniform when their arguments are. An alloca (one copy per work-item),
/// an atomic, and a call that may write memory are varying.
/// Propagation: a value with a varying operand is varying; so a load is
/// uniform when its address is, and a call that does not write memory when
/// its arguments are. The exception is the builtins library's widenable
/// any (compiler::isWidenableAny), uniform whatever its operand: it answers
/// for the W lanes at once (CallWidening.h). A branch or switch on a varying
/// condition is divergent: the phis of blocks that paths from two of its
/// successors reach before they reconverge (at its immediate post-dominator,
/// included) are varying. When that post-dominator is outside a loop holding
/// the branch, lanes leave the loop at different iterations: the loop is
/// divergent, and a value defined in it and used outside it is varying there
/// (an LCSSA phi in an exit block), or everywhere when the use is not through
/// such a phi. Iterated until nothing changes.
/// Produces: UniformityInfo; `print<vecz-uniformity>` prints it.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_UNIFORMITYANALYSIS_H
#define VECZ_UNIFORMITYANALYSIS_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class BasicBlock;
class Instruction;
class Loop;
class raw_ostream;
} // namespace llvm

namespace vecz {

class UniformityInfo {
public:
  explicit UniformityInfo(const llvm::Function &F) : F(&F) {}

  /// Whether \p V may differ between the work-items of a vector. Constants,
  /// globals and values outside the function are uniform.
  bool isVarying(const llvm::Value *V) const { return Varying.contains(V); }
  bool isUniform(const llvm::Value *V) const { return !isVarying(V); }
  /// Whether terminator \p T branches on a varying condition.
  bool isDivergentBranch(const llvm::Instruction *T) const {
    return DivergentBranches.contains(T);
  }
  /// Whether paths from two successors of a divergent branch meet at \p BB.
  bool isJoinBlock(const llvm::BasicBlock *BB) const {
    return JoinBlocks.contains(BB);
  }
  /// Whether lanes may leave \p L at different iterations.
  bool isDivergentLoop(const llvm::Loop &L) const;
  /// The same, for the loop headed by \p Header (a Loop object lives only as
  /// long as its LoopInfo).
  bool isDivergentLoopHeader(const llvm::BasicBlock *Header) const {
    return DivergentLoopHeaders.contains(Header);
  }

  void print(llvm::raw_ostream &OS) const;

private:
  friend class UniformityBuilder;

  const llvm::Function *F;
  llvm::DenseSet<const llvm::Value *> Varying;
  llvm::SmallPtrSet<const llvm::Instruction *, 8> DivergentBranches;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 8> JoinBlocks;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 4> DivergentLoopHeaders;
};

class UniformityAnalysis : public llvm::AnalysisInfoMixin<UniformityAnalysis> {
public:
  using Result = UniformityInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  friend llvm::AnalysisInfoMixin<UniformityAnalysis>;
  static llvm::AnalysisKey Key;
};

/// `print<vecz-uniformity>`.
class UniformityPrinterPass
    : public llvm::PassInfoMixin<UniformityPrinterPass> {
public:
  explicit UniformityPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);

private:
  llvm::raw_ostream &OS;
};

} // namespace vecz

#endif // VECZ_UNIFORMITYANALYSIS_H
