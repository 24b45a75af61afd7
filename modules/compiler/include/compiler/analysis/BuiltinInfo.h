//===- BuiltinInfo.h - What Loom knows about builtins -----------*- C++ -*-===//
///
/// \file
/// BuiltinInfo identifies the builtins Loom handles (OpenCL work-item and
/// synchronization functions, the `__mux_*` builtins they lower to) and owns
/// the lowering of the mux builtins: which scheduling parameters exist, which
/// of them the driver passes (kernel ABI) and which the kernel wrapper sets up,
/// and the body of each mux builtin. The table comes from Builtins.def.
///
/// The default implementation is the reference driver's ABI
/// (metadata/abi.h). A target changes the lowering by subclassing BuiltinInfo
/// and returning its subclass from BaseModule::createBuiltinInfo, which
/// BuiltinInfoAnalysis then serves to every pass.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_ANALYSIS_BUILTININFO_H
#define COMPILER_ANALYSIS_BUILTININFO_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>
#include <string>

namespace compiler {

enum class MuxBuiltin {
#define MUX_BUILTIN(ID, Name, Ret, Params, Props) ID,
#include "compiler/analysis/Builtins.def"
};

enum BuiltinProperty : unsigned {
  NoProperties = 0,
  /// No memory effects: calls with the same arguments give the same result
  /// within one work-item.
  ReadNone = 1u << 0,
  /// The same value for every work-item of a work-group.
  WorkGroupUniform = 1u << 1,
  /// Changes the work-item state other builtins read.
  SetsState = 1u << 2,
  /// Every work-item of the work-group must reach it before any goes on.
  Barrier = 1u << 3,
  /// The same value for every work-item of a sub-group: one per vector of a
  /// vector kernel whose lanes are a sub-group.
  SubGroupUniform = 1u << 4,
};

/// How an OpenCL barrier or fence maps onto its mux builtin.
struct SynchronizationBuiltin {
  MuxBuiltin Mux;
  /// The OpenCL function takes a memory_scope after its fence flags.
  bool HasScope;
};

/// The memory_scope values of OpenCL C (Clang's __OPENCL_MEMORY_SCOPE_*).
enum class MemoryScope : unsigned {
  WorkItem = 0,
  WorkGroup = 1,
  Device = 2,
  AllSvmDevices = 3,
  SubGroup = 4,
};

/// A parameter AddSchedulingParametersPass appends to functions that need
/// work-item state.
struct SchedulingParameter {
  std::string Name;
  llvm::Type *ParamType;
  /// The struct the parameter points to, for the mux builtin bodies.
  llvm::StructType *PointeeType;
  /// Passed by the driver to the kernel entry point (part of the kernel ABI),
  /// as opposed to set up by the kernel wrapper.
  bool PassedByDriver;
};

/// Whether \p Name is a function of the reference driver's OpenMP runtime
/// (metadata/openmp_runtime.def).
bool isOpenMPRuntimeFunction(llvm::StringRef Name);

/// Whether the vector overloads of the OpenCL C builtin \p MangledName (as
/// Clang mangles it) apply its scalar overload lane by lane, so that one
/// call of a vector overload may stand for the scalar calls of several
/// work-items: false for the builtins Builtins.def lists as not lane-wise
/// (dot, isnan, select, ...), true for any other name.
bool isLanewise(llvm::StringRef MangledName);

/// Whether \p F is the builtins library's widenable any
/// (`__loom_any_widenable`, builtins/builtins.h): any() of a condition, which
/// guards a slow path whose results each lane selects for itself. Its
/// contract lets a vectorizer answer it for all the work-items of a vector
/// at once (true where some lane of some work-item holds), so that the
/// slow path is one branch for the vector; a true where the work-item's
/// own lanes are all false only costs time. Linked after vectorization.
bool isWidenableAny(const llvm::Function &F);

/// What a collective sub-group function does across its sub-group
/// (Builtins.def, OPENCL_SUB_GROUP_BUILTIN).
enum class SubGroupCollective {
  Barrier,
  /// Votes, over the active work-items: all, any, all equal.
  All,
  Any,
  AllEqual,
  /// Whether the work-item is the first active one.
  Elect,
  /// The value of the work-item of a given local id, or of the first
  /// active one.
  Broadcast,
  BroadcastFirst,
  /// The active work-items' predicates as the bits of a uint4.
  Ballot,
  Reduce,
  ScanInclusive,
  ScanExclusive,
  /// A reduction over clusters of a given size of consecutive work-items.
  ClusteredReduce,
  /// The value of the work-item of a given local id, of the local id xor a
  /// mask, of the local id minus or plus a delta.
  Shuffle,
  ShuffleXor,
  ShuffleUp,
  ShuffleDown,
  /// A sub-group function the table does not list: no vectorizer widens
  /// it.
  Other,
};

/// The operation a reduction or scan applies; the logical ones take and
/// give 0 or 1.
enum class SubGroupOperation {
  None,
  Add,
  Min,
  Max,
  Mul,
  And,
  Or,
  Xor,
  LogicalAnd,
  LogicalOr,
  LogicalXor,
};

/// A call of a sub-group function other than the queries (which are mux
/// builtins), as Clang mangles it.
struct SubGroupFunction {
  SubGroupCollective Collective;
  SubGroupOperation Operation;
  /// The mangled type of the first parameter, the value the collective
  /// works on ("i" for int, "j" for uint, "f", "Dv4_f" for float4), or
  /// empty.
  llvm::StringRef ValueType;

  bool isSignedInteger() const;
  bool isFloatingPoint() const;
};

/// The sub-group function \p F is, if it is one: a function of the builtins
/// library named sub_group_* or get_sub_group_*, but the queries (mux
/// builtins by then) and the functions computed from them
/// (OPENCL_SUB_GROUP_LANE_FUNCTION). Such functions are linked after
/// vectorization: in a vector kernel whose lanes are a sub-group the
/// vectorizer widens them, or declines the kernel.
std::optional<SubGroupFunction>
identifySubGroupFunction(const llvm::Function &F);

class BuiltinInfo {
public:
  virtual ~BuiltinInfo();

  /// The mux builtin \p F declares, if any (by name and signature, with or
  /// without scheduling parameters).
  /// (The table is the same for every target: static.)
  static std::optional<MuxBuiltin> identifyMuxBuiltin(const llvm::Function &F);
  static llvm::StringRef getMuxBuiltinName(MuxBuiltin B);
  static unsigned getMuxBuiltinProperties(MuxBuiltin B);
  /// The values \p B can return, an integer of \p Bits bits, where the ABI
  /// bounds them (a local id is below LOOM_MAX_WORK_GROUP_ITEMS, a size is
  /// not 0, ...): the `!range` of its calls. None where any value may come.
  static std::optional<llvm::ConstantRange> getMuxBuiltinRange(MuxBuiltin B,
                                                               unsigned Bits);

  /// The mux builtin an OpenCL C work-item function lowers to.
  static std::optional<MuxBuiltin>
  getMuxBuiltinForOpenCL(llvm::StringRef MangledName);
  /// The lowering of OpenCL barrier or fence \p MangledName, if it is one.
  static std::optional<SynchronizationBuiltin>
  getSynchronizationBuiltin(llvm::StringRef MangledName);
  /// Whether \p F is __mux_work_group_barrier.
  bool isWorkGroupBarrier(const llvm::Function &F) const;

  /// The declaration of \p B without scheduling parameters, created if
  /// missing, with attributes from its properties.
  llvm::Function *getOrDeclareMuxBuiltin(MuxBuiltin B, llvm::Module &M) const;

  /// Whether library builtin \p MangledName must stay a call until after
  /// vectorization (so the vectorizer can widen the call rather than the
  /// body); such builtins are linked by the late `link-builtins<late>`.
  /// By default, the builtins of floating-point numbers that
  /// getVectorBuiltin widens (sin, pow, fma, ...): their vector bodies are
  /// written for vectors (a slow path taken only when some lane needs it),
  /// which a linearized scalar body cannot be.
  virtual bool mustLinkAfterVectorization(llvm::StringRef MangledName) const;
  /// Whether library function \p F stays a call until after vectorization:
  /// those mustLinkAfterVectorization names, the widenable any, whose
  /// contract is between the library and the vectorizer, and the sub-group
  /// functions (identifySubGroupFunction), which only the vectorizer knows
  /// the sub-groups of.
  bool isLinkedAfterVectorization(const llvm::Function &F) const;

  /// The builtin that does what builtin \p ScalarName does for \p Width
  /// lanes at once, each parameter and the result a `<Width x T>` of the
  /// scalar's T (`_Z3powff` to `_Z3powDv16_fS_`, pow(float16, float16), for
  /// 16), if there is one; the vectorizer calls it in place of \p Width
  /// scalar calls. By default, the overload in Loom's builtins library, for
  /// builtins whose parameters are all scalar numbers and whose vector
  /// overloads are lane-wise (isLanewise). A target with a vector library
  /// of its own names its functions here (and links them after
  /// vectorization); the vectorizer checks isLanewise whatever this says.
  virtual std::optional<std::string>
  getVectorBuiltin(llvm::StringRef ScalarName, unsigned Width) const;

  /// The builtin to call in place of library builtin \p MangledName where
  /// the call allows approximate functions (`afn`, which Clang sets under
  /// -cl-fast-relaxed-math and -cl-unsafe-math-optimizations), if there is
  /// one: an evaluation within the bounds OpenCL C allows under relaxed
  /// math, with the same signature (RelaxedMathPass). By default,
  /// `__loom_relaxed_<name>` of the same parameters where Loom's builtins
  /// library defines it (`_Z3expf` to `_Z18__loom_relaxed_expf`): float
  /// exponentials, logarithms, inverse trigonometric functions and tanh,
  /// at every width (doc/math.md).
  virtual std::optional<std::string>
  getRelaxedBuiltin(llvm::StringRef MangledName) const;

  /// Whether \p Name is a runtime function the driver provides to loaded
  /// kernels (metadata/abi.h), which no library links. By default the
  /// reference driver's hooks (`__loom_parallel_map`) and its OpenMP runtime
  /// (metadata/openmp_runtime.def).
  virtual bool isDriverRuntimeFunction(llvm::StringRef Name) const;

  /// The scheduling parameters of this target, in the order they are
  /// appended to functions.
  virtual llvm::SmallVector<SchedulingParameter, 2>
  getSchedulingParameters(llvm::Module &M) const;

  /// Whether \p B needs the scheduling parameters.
  virtual bool requiresSchedulingParameters(MuxBuiltin B) const;

  /// The value of a scheduling parameter that the driver does not pass, made
  /// by the kernel wrapper at \p Builder's insertion point.
  virtual llvm::Value *
  initializeSchedulingParameter(const SchedulingParameter &Param,
                                llvm::IRBuilder<> &Builder) const;

  /// The loom_work_group_info_layout (metadata/abi.h) of the work-group info
  /// this target's kernels take, recorded in each kernel descriptor so the
  /// driver fills that struct. The reference layout by default.
  virtual uint32_t getWorkGroupInfoLayout() const;

  /// In a kernel's entry point, which runs a range of work-groups: loads the
  /// number of work-groups in dimension \p Dim from the work-group info.
  virtual llvm::Value *emitLoadNumGroups(llvm::IRBuilder<> &Builder,
                                         llvm::Value *WorkGroupInfo,
                                         unsigned Dim) const;
  /// In the entry point, before each work-group: makes \p WorkGroupInfo
  /// describe the group with ids \p GroupIds (x, y, z): its ids, and its
  /// local size, which is smaller than the enqueued one in the last group of
  /// a dimension whose global size the local size does not divide.
  virtual void emitStartWorkGroup(llvm::IRBuilder<> &Builder,
                                  llvm::Value *WorkGroupInfo,
                                  llvm::ArrayRef<llvm::Value *> GroupIds) const;
  /// The local size of the group of id \p GroupId in dimension \p Dim:
  /// min(\p EnqueuedLocalSize, \p GlobalSize - \p GroupId x
  /// \p EnqueuedLocalSize), for emitStartWorkGroup in any layout.
  static llvm::Value *emitGroupLocalSize(llvm::IRBuilder<> &Builder,
                                         llvm::Value *GroupId,
                                         llvm::Value *EnqueuedLocalSize,
                                         llvm::Value *GlobalSize, unsigned Dim);

  /// Gives the declaration \p F of mux builtin \p B a body. Scheduling
  /// parameters, if \p F has them, are its trailing parameters. The body may
  /// call other mux builtins, which the caller defines in turn.
  virtual void defineMuxBuiltin(MuxBuiltin B, llvm::Function &F) const;

  /// For mux builtin bodies, the SDK's and targets': `Dim < 3 ?
  /// Info->Field[Dim] : Default`, without a branch, where Field is an array of
  /// three i64 in \p InfoType.
  static llvm::Value *emitLoadDimension(llvm::IRBuilder<> &Builder,
                                        llvm::StructType *InfoType,
                                        llvm::Value *Info, unsigned Field,
                                        llvm::Value *Dim, uint64_t Default);
};

/// Serves the module's BuiltinInfo to passes. Never invalidated: the table
/// depends only on the target, not on the IR.
class BuiltinInfoAnalysis
    : public llvm::AnalysisInfoMixin<BuiltinInfoAnalysis> {
public:
  class Result {
  public:
    explicit Result(std::shared_ptr<BuiltinInfo> Info)
        : Info(std::move(Info)) {}
    BuiltinInfo &get() const { return *Info; }
    bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &,
                    llvm::ModuleAnalysisManager::Invalidator &) {
      return false;
    }

  private:
    std::shared_ptr<BuiltinInfo> Info;
  };

  /// Serves the default BuiltinInfo.
  BuiltinInfoAnalysis();
  explicit BuiltinInfoAnalysis(std::shared_ptr<BuiltinInfo> Info)
      : Info(std::move(Info)) {}

  Result run(llvm::Module &, llvm::ModuleAnalysisManager &) {
    return Result(Info);
  }

private:
  friend llvm::AnalysisInfoMixin<BuiltinInfoAnalysis>;
  static llvm::AnalysisKey Key;
  std::shared_ptr<BuiltinInfo> Info;
};

} // namespace compiler

#endif // COMPILER_ANALYSIS_BUILTININFO_H
