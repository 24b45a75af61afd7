//===- openmp_hooks.h - The OpenMP runtime as kernels reach it --*- C++ -*-===//
///
/// \file
/// For the OpenMP runtime's tests: the runtime's functions by the names
/// kernels call them (through the driver's external symbols), and the
/// types of those the tests call most.
///
//===----------------------------------------------------------------------===//

#ifndef LOOM_TEST_UNIT_MUX_OPENMP_HOOKS_H
#define LOOM_TEST_UNIT_MUX_OPENMP_HOOKS_H

#include "external_symbols.h"

#include <cstddef>
#include <cstdint>

namespace openmp_hooks {

using ForkCall = void (*)(void *, int32_t, void *, ...);
using PushNumThreads = void (*)(void *, int32_t, int32_t);
using StaticInit4 = void (*)(void *, int32_t, int32_t, int32_t *, int32_t *,
                             int32_t *, int32_t *, int32_t, int32_t);
using DispatchInit4 = void (*)(void *, int32_t, int32_t, int32_t, int32_t,
                               int32_t, int32_t);
using DispatchNext4 = int32_t (*)(void *, int32_t, int32_t *, int32_t *,
                                  int32_t *, int32_t *);

using TaskAlloc = void *(*)(void *, int32_t, int32_t, size_t, size_t, void *);
using TaskSubmit = int32_t (*)(void *, int32_t, void *);
using TaskWait = int32_t (*)(void *, int32_t);

/// `kmp_task_t` as Clang 15 lays it out: a test's task has it first, its
/// own data after.
struct KmpTaskHead {
  void *Shareds;
  int32_t (*Routine)(int32_t, void *);
  int32_t PartId;
  void *Data1, *Data2;
};

/// The runtime's function \p Name, as a kernel would call it.
template <typename F> F hook(const char *Name) {
  return reinterpret_cast<F>(mux::findExternalSymbol(Name));
}

/// Forks a region of \p Microtask (`void(int32_t *gtid, int32_t *btid,
/// void *context)`) with \p Context, of \p Threads members (0: the
/// default team).
inline void fork(void (*Microtask)(int32_t *, int32_t *, void *), void *Context,
                 int32_t Threads = 0) {
  if (Threads)
    hook<PushNumThreads>("__kmpc_push_num_threads")(nullptr, 0, Threads);
  hook<ForkCall>("__kmpc_fork_call")(
      nullptr, 1, reinterpret_cast<void *>(Microtask), Context);
}

} // namespace openmp_hooks

#endif // LOOM_TEST_UNIT_MUX_OPENMP_HOOKS_H
