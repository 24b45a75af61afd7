//===- LowerAtomicLibcallsPass.h - Atomic library calls as atomics -*- C++
//-*-===//
///
/// \file
/// Assumes: a module as a frontend left it, before the builtins library is
/// linked and before openmp-to-parallel-loops. Clang 15's SPIR targets
/// inline no atomic operation (their widest lock-free atomic is 0 bits), so
/// what it cannot express as an OpenCL builtin (`#pragma omp atomic`, C11's
/// `_Atomic` and `__atomic_*` builtins) becomes a call of the atomic library
/// that GCC and Clang share: the generic `__atomic_load`, `__atomic_store`,
/// `__atomic_exchange` and `__atomic_compare_exchange`, whose first argument
/// is the object's size and whose values pass through memory, and the sized
/// `__atomic_load_N`, `__atomic_store_N`, `__atomic_exchange_N`,
/// `__atomic_compare_exchange_N`, `__atomic_fetch_OP_N` and
/// `__atomic_OP_fetch_N` (OP: add, sub, and, or, xor, nand; N: 1, 2, 4, 8).
/// Does: makes each call whose size is a constant 1, 2, 4 or 8 bytes the
/// atomic instruction it stands for (`load atomic`, `store atomic`,
/// `atomicrmw`, `cmpxchg`) on an integer of that size, at the object's
/// natural alignment (C aligns the scalars these operate on so), with the
/// call's memory orders (a order that is not a constant, or that the
/// operation does not take, becomes `seq_cst`, which is stronger than any).
/// Every CPU Loom targets has these instructions.
/// Produces: no call of those functions of those sizes; the others stay,
/// for the link check that names them. Pipeline name:
/// `lower-atomic-libcalls`.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_PASSES_INPUT_LOWERATOMICLIBCALLSPASS_H
#define COMPILER_PASSES_INPUT_LOWERATOMICLIBCALLSPASS_H

#include "llvm/IR/PassManager.h"

namespace compiler {
namespace utils {

class LowerAtomicLibcallsPass
    : public llvm::PassInfoMixin<LowerAtomicLibcallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

} // namespace utils
} // namespace compiler

#endif // COMPILER_PASSES_INPUT_LOWERATOMICLIBCALLSPASS_H
