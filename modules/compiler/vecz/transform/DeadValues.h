//===- DeadValues.h - Values nothing needs any more -------------*- C++ -*-===//
///
/// \file
/// What Vecz's stages leave behind when a value's vector form or a mask
/// takes its place: the scalar twins packetization no longer needs, the
/// masks and live-out chains linearization built that nothing came to use.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_DEADVALUES_H
#define VECZ_DEADVALUES_H

namespace llvm {
class Function;
} // namespace llvm

namespace vecz {

/// Erases the instructions of \p F that no side effect or control flow
/// needs, cycles included (a loop's accumulator that nothing reads, which a
/// use-count test would keep).
void eraseDeadValues(llvm::Function &F);

} // namespace vecz

#endif // VECZ_DEADVALUES_H
