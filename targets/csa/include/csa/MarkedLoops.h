//===- csa/MarkedLoops.h - The loop an entry/exit pair marks ----*- C++ -*-===//
///
/// \file
/// Finds the loop an internal entry intrinsic (spmdization.entry,
/// pipeline.loop.entry) and its exits stand around, through the exits' use
/// of the entry rather than by position (CSA-19): after full unrolling a
/// pair may surround no loop, after versioning several. And adds
/// properties to a loop's `llvm.loop` metadata.
///
//===----------------------------------------------------------------------===//

#ifndef CSA_MARKEDLOOPS_H
#define CSA_MARKEDLOOPS_H

#include "csa/CSAIntrinsics.h"

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class CallInst;
class MDNode;
class Loop;
class LoopInfo;
} // namespace llvm

namespace csa {

/// The loop whose preheader holds \p Entry and whose exit blocks hold every
/// call of \p Exit that uses it; null when there is none (the pair is left
/// for the cleaner).
llvm::Loop *findMarkedLoop(llvm::CallInst &Entry, CSAIntrinsic Exit,
                           llvm::LoopInfo &LI);

/// Appends \p Properties to \p L's loop id, creating it if needed.
void addLoopProperties(llvm::Loop &L,
                       llvm::ArrayRef<llvm::MDNode *> Properties);

} // namespace csa

#endif // CSA_MARKEDLOOPS_H
