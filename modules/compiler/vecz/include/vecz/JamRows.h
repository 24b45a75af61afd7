//===- vecz/JamRows.h - Several rows of a vector kernel at once -*- C++ -*-===//
///
/// \file
/// Unroll-and-jam of the work-item loop of dimension 1 around a vector
/// kernel: a function that runs R rows of its W work-items per call (local
/// ids y, y + 1, ..., y + R - 1 of dimension 1, y the one it is called
/// with) in one pass over the vector kernel's code. What every row computes
/// alike is computed once: loop counters, uniform branches, and in a matrix
/// product the vector load of B[k][x .. x + W), which R rows then share
/// while their R accumulators are R independent chains. What depends on the
/// row is done R times, row after row.
///
/// Assumes: \p Vector is a vector variant from packetizeKernel, without
/// barriers (work-item-loops runs a jammed variant only in kernels without
/// them).
/// Does: finds what depends on the row. Seeds: get_local_id(1) and
/// get_global_id(1) (row j adds j), private memory (each row has its own),
/// atomics, and calls that may write memory other than masked stores and
/// scatters (each row does its own).
/// A value with a seed among its operands depends on the row, so a load
/// does when its address does, a store when its address or value does.
/// Work-items run without order between barriers, so a load or store that
/// does not depend on the row, which the R work-items of a column would each
/// do alike, is done once. Then clones the kernel as
/// `__vecz_v<W>x<R>_<kernel>` and gives every row-dependent instruction
/// R - 1 copies right after it, row j's operands taken from row j's copies
/// (row 0 is the original).
/// Declines, with an error saying why: a branch, switch or return on a
/// value that depends on the row (the rows would go different ways), a linear
/// id (it moves by the local size, not by one, from row to row), and a
/// kernel that does not ask for its row (it ignores dimension 1: its rows
/// would all do the same work).
/// Produces: the jammed function, of the kernel's signature and not a
/// kernel entry point.
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_JAMROWS_H
#define VECZ_JAMROWS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Function;
} // namespace llvm

namespace vecz {

/// A function running \p Rows rows of \p Vector (the vector variant of
/// \p KernelName at \p Width) per call, or why there is none.
llvm::Expected<llvm::Function *> jamRows(llvm::Function &Vector,
                                         llvm::StringRef KernelName,
                                         unsigned Width, unsigned Rows);

} // namespace vecz

#endif // VECZ_JAMROWS_H
