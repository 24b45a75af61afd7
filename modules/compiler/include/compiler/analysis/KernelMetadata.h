//===- KernelMetadata.h - Loom's kernel metadata ----------------*- C++ -*-===//
///
/// \file
/// Reads and writes the metadata and attributes that Loom's passes attach to
/// kernels (doc/compiler-spec.md lists each one, who writes and who reads
/// it). TransferKernelMetadataPass writes them from the frontend's forms;
/// every later pass reads them through these functions only, and every pass
/// that wraps a kernel moves them to the wrapper with
/// transferKernelProperties.
///
//===----------------------------------------------------------------------===//

#ifndef COMPILER_ANALYSIS_KERNELMETADATA_H
#define COMPILER_ANALYSIS_KERNELMETADATA_H

#include "metadata/kernel_descriptor.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class Function;
class Module;
class Type;
} // namespace llvm

namespace compiler {
namespace utils {

/// Attribute "mux-kernel": "entry-point" on the function the driver calls
/// for a kernel (moves outwards with each wrapper), "kernel" on a source
/// kernel that is no longer the entry point.
bool isKernel(const llvm::Function &F);
bool isKernelEntryPoint(const llvm::Function &F);
void setIsKernel(llvm::Function &F);
void setIsKernelEntryPoint(llvm::Function &F);
/// Removes the attribute: \p F, a copy of a kernel, runs inside one.
void clearIsKernel(llvm::Function &F);

/// Attribute "mux-kernel-piece": a function outline-huge-kernels cut out of
/// a kernel; inline-kernel-pieces puts the early pipeline's back.
bool isKernelPiece(const llvm::Function &F);
void setIsKernelPiece(llvm::Function &F);

/// The kernel entry points of \p M, in module order.
llvm::SmallVector<llvm::Function *, 4> getKernelEntryPoints(llvm::Module &M);

/// Attribute "mux-orig-fn": the kernel's name in the source.
llvm::StringRef getOrigFnName(const llvm::Function &F);
void setOrigFnName(llvm::Function &F, llvm::StringRef Name);

/// Three i32 sizes from function metadata \p Kind: Loom's work-group size
/// metadata and Clang's (`reqd_work_group_size`, `work_group_size_hint`)
/// share this shape.
std::optional<std::array<uint32_t, 3>> readSizeTriple(const llvm::Function &F,
                                                      llvm::StringRef Kind);

/// Metadata !mux_reqd_wg_size / !mux_wg_size_hint: three i32 sizes.
std::optional<std::array<uint32_t, 3>>
getReqdWorkGroupSize(const llvm::Function &F);
void setReqdWorkGroupSize(llvm::Function &F, std::array<uint32_t, 3> Size);
/// Metadata !mux_vec_type_hint `!{<type> undef, i32 signed}`: the type the
/// kernel says its computation is written for (`vec_type_hint(float4)`).
llvm::Type *getVecTypeHint(const llvm::Function &F);
/// The vec_type_hint's type as OpenCL C spells it (`uint4`, with the
/// hint's signedness), or empty for none.
std::string getVecTypeHintName(const llvm::Function &F);
/// OpenCL C's name of scalar type \p T, the signed one for integers
/// (`int` for i32), or empty for a type OpenCL C has no scalar name for.
llvm::StringRef getOpenCLScalarName(llvm::Type *T);
std::optional<std::array<uint32_t, 3>>
getWorkGroupSizeHint(const llvm::Function &F);
void setWorkGroupSizeHint(llvm::Function &F, std::array<uint32_t, 3> Size);

/// Metadata !mux_arg_types: the source's type name of each kernel parameter
/// (Clang's kernel_arg_type), empty where unknown.
llvm::SmallVector<std::string, 8> getArgTypeNames(const llvm::Function &F);
/// Metadata !mux_arg_type_quals: the qualifiers of each kernel parameter's
/// type as the source wrote them (Clang's kernel_arg_type_qual: "const",
/// "restrict", "volatile", "pipe", space-separated), as
/// loom::metadata::ArgTypeQualifier bits; empty where unknown.
llvm::SmallVector<uint8_t, 8> getArgTypeQualifiers(const llvm::Function &F);
/// Metadata !mux_arg_names: each kernel parameter's name in the source
/// (Clang's kernel_arg_name, made with -cl-kernel-arg-info); empty where
/// unknown.
llvm::SmallVector<std::string, 8> getArgNames(const llvm::Function &F);
/// Metadata !mux_arg_base_types: each kernel parameter's type with its
/// typedefs resolved (Clang's kernel_arg_base_type: `image2d_t` for a
/// typedef of it), empty where unknown.
llvm::SmallVector<std::string, 8> getArgBaseTypeNames(const llvm::Function &F);
/// Metadata !mux_arg_access_quals: each kernel parameter's access
/// qualifier (Clang's kernel_arg_access_qual), None where unknown.
llvm::SmallVector<loom::metadata::ArgAccess, 8>
getArgAccessQualifiers(const llvm::Function &F);
/// Copies the frontend's OpenCL argument information of kernel \p F
/// (kernel_arg_type, _type_qual, _name, _base_type, _access_qual) to the
/// mux_arg_* metadata above, which the pipeline carries to the entry point.
void transferOpenCLArgInfo(llvm::Function &F);

/// Metadata !mux_accumulator_args: for each kernel parameter, the bytes of
/// the integer atomic additions that are the only accesses through it (the
/// kernel never reads the buffer nor uses what the additions return), or 0.
/// Empty when no parameter is one.
llvm::SmallVector<unsigned, 8> getAccumulatorArgBytes(const llvm::Function &F);
void setAccumulatorArgBytes(llvm::Function &F, llvm::ArrayRef<unsigned> Bytes);

/// Attribute "mux-local-mem-usage": bytes of __local memory per work-group.
uint64_t getLocalMemoryUsage(const llvm::Function &F);
void setLocalMemoryUsage(llvm::Function &F, uint64_t Bytes);

/// Attribute "mux-vectorize-width": work-items each invocation handles.
uint32_t getVectorizationWidth(const llvm::Function &F);
void setVectorizationWidth(llvm::Function &F, uint32_t Width);

/// Attribute "mux-sub-group-size": the work-items of a full sub-group of
/// the kernel, the lanes of the vector variant whose lanes are its
/// sub-groups (VectorVariant::Tail), else 1 (doc/kernel-abi.md).
uint32_t getSubGroupSize(const llvm::Function &F);
void setSubGroupSize(llvm::Function &F, uint32_t Size);

/// Metadata !intel_reqd_sub_group_size `!{i32 N}` (Clang's, of
/// cl_intel_required_subgroup_size's attribute): the sub-group size the
/// kernel requires, if it names one.
std::optional<uint32_t> getRequiredSubGroupSize(const llvm::Function &F);

/// The stack a work-group's live state takes, beyond each work-item's own
/// frame: Fixed bytes plus PerWorkItem bytes for each of its work-items
/// (attributes "mux-stack-per-work-group" and "mux-stack-per-work-item",
/// set by work-item-loops on a kernel with barriers: the values live across
/// them, kept for every work-item while the others run).
struct WorkGroupStack {
  uint64_t Fixed = 0;
  uint64_t PerWorkItem = 0;
};
WorkGroupStack getWorkGroupStack(const llvm::Function &F);
void setWorkGroupStack(llvm::Function &F, WorkGroupStack Stack);

/// A kernel's vector variant: a function of the same signature that runs
/// Width work-items of dimension 0 per call, starting at the local id it is
/// called with (Vecz's `__vecz_v<Width>_<kernel>`); optionally a jammed
/// variant, which runs Rows such runs per call, one in each of the rows
/// (local ids of dimension 1) from the one it is called with
/// (`__vecz_v<Width>x<Rows>_<kernel>`); optionally a wide variant,
/// which runs WideWidth work-items of dimension 0 per call (a multiple of
/// Width: several vectors' worth, whose dependence chains overlap), run
/// first where that many remain (`__vecz_v<WideWidth>_<kernel>`); and,
/// beside a jammed and a wide variant, optionally a wide jammed variant,
/// which runs WideRows runs of the wide variant per call
/// (`__vecz_v<WideWidth>x<WideRows>_<kernel>`), first where that many
/// work-items of dimension 0 remain in the rows it runs.
struct VectorVariant {
  llvm::Function *Vector;
  unsigned Width;
  llvm::Function *Jammed = nullptr;
  unsigned Rows = 1;
  llvm::Function *Wide = nullptr;
  unsigned WideWidth = 0;
  llvm::Function *WideJammed = nullptr;
  unsigned WideRows = 1;
  /// The variant that runs the last Lx % W work-items of a row in place of
  /// the scalar kernel, Width lanes of which those past the row are off:
  /// a kernel whose sub-groups are the variant's lanes has one (and no
  /// jammed or wide variant), so that the row's last sub-group is one.
  llvm::Function *Tail = nullptr;

  /// The jammed, wide, wide jammed and tail variants that exist.
  llvm::SmallVector<llvm::Function *, 4> getOtherVariants() const;
  /// The vector variant, then the others that exist.
  llvm::SmallVector<llvm::Function *, 4> getFunctions() const;
};

/// Metadata !mux_vector_variant `!{ptr @vector, i32 Width}`, or
/// `!{ptr @vector, i32 Width, ptr @jammed, i32 Rows}`, or
/// `!{ptr @vector, i32 Width, ptr @jammed or null, i32 Rows,
/// ptr @wide, i32 WideWidth}`, or that followed by
/// `ptr @widejammed, i32 WideRows`, on the scalar kernel: its vector
/// variant, if it names one of its signature (the jammed one is ignored
/// unless it has that signature too and Rows > 1, the wide one unless it
/// has that signature and WideWidth is a multiple of Width above it, the
/// wide jammed one unless it has that signature, WideRows > 1 and both the
/// jammed and the wide variants are there); and the tail variant that
/// metadata !mux_tail_variant `!{ptr @tail}` names, if it has the kernel's
/// signature.
std::optional<VectorVariant> getVectorVariant(const llvm::Function &Kernel);
void setVectorVariant(llvm::Function &Kernel, VectorVariant Variant);
void clearVectorVariant(llvm::Function &Kernel);

/// \p Kernel and the vector variants !mux_vector_variant names, which run
/// its work-items.
llvm::SmallVector<llvm::Function *, 4> getKernelBodies(llvm::Function &Kernel);

/// Attribute "mux-packed-args": name of the MuxPackedArgs struct type of an
/// entry point made by AddKernelWrapperPass.
llvm::StringRef getPackedArgsTypeName(const llvm::Function &F);
void setPackedArgsTypeName(llvm::Function &F, llvm::StringRef Name);

/// Metadata !mux_scheduled_fn: the indices of the scheduling parameters that
/// AddSchedulingParametersPass appended, in BuiltinInfo's order.
llvm::SmallVector<unsigned, 2>
getSchedulingParamIndices(const llvm::Function &F);
void setSchedulingParamIndices(llvm::Function &F,
                               llvm::ArrayRef<unsigned> Indices);

/// Moves every kernel property from \p From to \p To: \p To becomes the entry
/// point, \p From a plain kernel. Scheduling-parameter indices are not moved
/// (they describe a signature).
void transferKernelProperties(llvm::Function &From, llvm::Function &To);

/// Removes the memory-effect attributes (`readnone`, `readonly`,
/// `writeonly`, `argmemonly`, ...) a function made from a kernel inherits
/// but need not keep: a wrapper or region also touches work-item state.
void dropMemoryEffectAttributes(llvm::Function &F);

/// Removes every kernel property from \p F, a copy of a kernel that is not
/// one (a helper made from a kernel's body).
void dropKernelProperties(llvm::Function &F);

/// Makes \p F a part of the function that calls it: internal, inlined
/// always, and neither noinline nor optnone, so that the optimizer folds it
/// into its caller.
void markForInlining(llvm::Function &F);

/// Makes \p Wrapper, which calls \p Kernel, the kernel's entry point, and
/// \p Kernel an internal always-inline function the optimizer folds into it.
void replaceKernelEntryPoint(llvm::Function &Kernel, llvm::Function &Wrapper);

} // namespace utils
} // namespace compiler

#endif // COMPILER_ANALYSIS_KERNELMETADATA_H
