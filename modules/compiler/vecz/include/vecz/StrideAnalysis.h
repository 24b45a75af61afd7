//===- vecz/StrideAnalysis.h - Strides along a vector -----------*- C++ -*-===//
///
/// \file
/// For each integer and pointer value of a kernel, how it changes from one
/// work-item of a vector to the next (the vector runs along dimension 0):
/// not at all (uniform), by a stride (linear: lane i sees base + i *
/// stride, the stride a constant or a uniform value), or in no known way.
/// The vectorizer turns a load or store whose address moves by exactly its
/// element size (consecutive) into a vector load or store, other linear ones
/// and unknown ones into gathers and scatters, and keeps uniform ones scalar.
///
/// Assumes: UniformityAnalysis's rules (vecz/UniformityAnalysis.h).
/// Does: get_global_id(0), get_local_id(0) and the linear ids move by 1;
/// strides add through add and sub, negate through `xor X, -1` (-1 - X:
/// InstCombine's `n - 1 - i`), scale through mul and shl by uniform
/// values, pass through casts and through `(X << C) >> C` (Clang's
/// `(long)(int)X`) and `X & 0xffffffff` (and wider low masks:
/// `(ulong)(uint)X`), assuming the index does not wrap within one vector
/// (signed overflow is undefined in OpenCL C; an unsigned wrap would index
/// past 4 GiB), saying so for zero extensions (Stride::AssumesNoWrap); divide
/// through exact right shifts by constants when the step stays whole, pass
/// through an `or` of disjoint bits, through selects on a uniform condition
/// whose arms agree, and through phis whose incoming values agree; a GEP's byte
/// stride is the sum of its indices' strides times their types' sizes.
/// Produces: StrideInfo; `print<vecz-stride>` prints each load's and store's
/// address: uniform, consecutive, strided N (elements), strided N bytes,
/// strided by a uniform value, or unknown. StrideInfo::emitStep builds a
/// linear value's step as IR, by the same rules, where the vectorizer needs
/// it as a value (a step the kernel's arguments give, as the row length of
/// a row per work-item).
///
//===----------------------------------------------------------------------===//

#ifndef VECZ_STRIDEANALYSIS_H
#define VECZ_STRIDEANALYSIS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <optional>

namespace llvm {
class AllocaInst;
class DataLayout;
class IRBuilderBase;
class Value;
class raw_ostream;
} // namespace llvm

namespace vecz {

class UniformityInfo;

/// How a value moves from one lane of a vector to the next.
struct Stride {
  enum Kind : uint8_t { Uniform, Linear, Unknown };
  Kind K = Unknown;
  /// For Linear: the step per lane, in the value's units (bytes for a
  /// pointer), when it is a known constant; none for a uniform value.
  std::optional<int64_t> Step;
  /// For Linear: whether the step holds only where no lane's narrower index
  /// wraps at zero on its way (a zero extension: `zext`, `(X << C) >>u C`,
  /// `X & 0xffffffff`). Every active lane of a kernel that runs correctly
  /// meets that; an inactive lane may not (its values lie outside the guard,
  /// `x >= 0` say, that let LLVM make a `sext` a `zext`), so a masked access
  /// must not take its address from such a lane. A sign extension wraps only
  /// past the type's maximum, where an active lane would already index
  /// outside any buffer: it is not marked.
  bool AssumesNoWrap = false;

  static Stride uniform() { return {Uniform, 0}; }
  static Stride linear(std::optional<int64_t> Step,
                       bool AssumesNoWrap = false) {
    return {Linear, Step, AssumesNoWrap};
  }
  static Stride unknown() { return {Unknown, std::nullopt}; }
  /// This stride, assuming no wrap as well.
  Stride assumingNoWrap() const {
    Stride S = *this;
    S.AssumesNoWrap = isLinear();
    return S;
  }

  bool isUniform() const { return K == Uniform; }
  bool isLinear() const { return K == Linear; }
  bool isUnknown() const { return K == Unknown; }
  /// The step per lane when it is a known constant (0 when uniform).
  std::optional<int64_t> getConstantStep() const {
    return K == Unknown ? std::nullopt : Step;
  }
  /// Whether both move alike (whatever each assumes).
  bool operator==(const Stride &Other) const {
    return K == Other.K && Step == Other.Step;
  }
};

class StrideInfo {
public:
  StrideInfo(const llvm::Function &F, const UniformityInfo &Uniformity);

  /// The stride of integer or pointer value \p V (unknown for others).
  Stride getStride(const llvm::Value *V) const;

  /// The stride of the address of load or store \p Access in elements of
  /// the type it accesses, when whole: 1 is consecutive.
  std::optional<int64_t>
  getElementStride(const llvm::Instruction &Access) const;

  /// Emits with \p B the step per lane of linear value \p V (bytes, of the
  /// pointer's index type, for a pointer; of V's type for an integer): a
  /// constant, or instructions on the uniform values the stride was found
  /// through, each taken through \p Map (the copy of the kernel the
  /// vectorizer works on; constants map to themselves). Null for a value
  /// that is not linear, or whose step goes through a phi and is not a
  /// constant (a phi's incoming values need not be available where \p B
  /// inserts). Every other operand the step needs dominates \p V, so the
  /// step can be emitted anywhere V is available.
  llvm::Value *
  emitStep(const llvm::Value *V, llvm::IRBuilderBase &B,
           llvm::function_ref<llvm::Value *(const llvm::Value *)> Map) const;

  void print(llvm::raw_ostream &OS) const;

private:
  friend class StrideBuilder;

  const llvm::Function *F;
  llvm::DenseMap<const llvm::Value *, Stride> Strides;
};

class StrideAnalysis : public llvm::AnalysisInfoMixin<StrideAnalysis> {
public:
  using Result = StrideInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  friend llvm::AnalysisInfoMixin<StrideAnalysis>;
  static llvm::AnalysisKey Key;
};

/// Bytes from one lane's copy of private memory \p Alloca to the next in
/// the vector kernel (the packetizer lays them out one after the other):
/// its size rounded up to its alignment, so that every lane's copy is as
/// aligned as the scalar one, which its accesses still assume. Nothing when
/// its size is not known.
std::optional<uint64_t> privateLaneStride(const llvm::AllocaInst &Alloca,
                                          const llvm::DataLayout &DL);

/// `print<vecz-stride>`.
class StridePrinterPass : public llvm::PassInfoMixin<StridePrinterPass> {
public:
  explicit StridePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);

private:
  llvm::raw_ostream &OS;
};

} // namespace vecz

#endif // VECZ_STRIDEANALYSIS_H
