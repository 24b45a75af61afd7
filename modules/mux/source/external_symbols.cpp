//===- external_symbols.cpp - What kernels may call in the driver ---------===//
///
/// \file
/// See external_symbols.h.
///
//===----------------------------------------------------------------------===//

#include "external_symbols.h"
#include "address_ranges.h"
#include "kernel_faults.h"
#include "worker_thread.h"

#include "openmp_runtime.h"

#include "thread_pool.h"

#include "metadata/abi.h"

#include <cmath>
#include <cstring>

// libgcc's half-precision conversions, which LLVM calls for half
// conversions the CPU has no instruction for (double to half always; float
// to and from half without F16C), as in the builtins' vload_half and
// vstore_half. Only their addresses are taken.
extern "C" void __extendhfsf2();
extern "C" void __truncsfhf2();
extern "C" void __truncdfhf2();
// libgcc's 128-bit unsigned division, which LLVM calls for `udiv i128`: the
// reciprocals of 64-bit divisions by loop invariants (invariant-division).
extern "C" void __udivti3();

namespace mux {

namespace {

/// `__loom_parallel_map(count, fn, ctx)`, which loops split across workers
/// call (doc/kernel-abi.md): on the pool of the worker running the kernel,
/// or one index after another on a thread that is not a worker, each index
/// a member of an OpenMP region for the runtime's routines; a fault of any
/// index is the kernel's.
void parallelMap(uint32_t Count, void (*Fn)(void *, uint32_t), void *Ctx) {
  runParallelLoopMembers(ThreadPool::current(), Count, Fn, Ctx);
}

/// `__loom_parallel_workers()`: how many workers a region that asks for
/// none has: as many as a parallelMap from this thread may run on at once,
/// or as OpenMP's `omp_set_num_threads` said; one inside an active region,
/// where a nested region is inactive (OpenMP's default), or once
/// `omp_set_max_active_levels(0)` made every region inactive.
uint32_t parallelWorkers() {
  if (nestedRegionsInactive())
    return 1;
  ThreadPool *Pool = ThreadPool::current();
  return defaultTeamSize(Pool ? Pool->size() : 1);
}

/// `__loom_is_private_address(p)` (metadata/abi.h): kernels keep private
/// variables on the stack of the thread running them; a pointer on another
/// worker's stack is another work-item's private memory, private too.
int isPrivateAddress(const void *P) {
  thread_local const StackRange Stack = callingThreadStack();
  return Stack.contains(P) || isOnWorkerStack(P);
}

/// `__loom_is_local_address(p)` (metadata/abi.h): whether p is in some
/// worker's local-memory arena, another work-group's included.
int isLocalAddress(const void *P) { return localArenas().contains(P); }

struct ExternalSymbol {
  std::string_view Name;
  void *Address;
};

ExternalSymbol external(std::string_view Name, void *Address) {
  return {Name, Address};
}

#define LOOM_EXTERNAL(NAME) external(#NAME, reinterpret_cast<void *>(&::NAME))

// Overloaded in C++, so the C declarations are picked by type.
using UnaryF = float (*)(float);
using UnaryD = double (*)(double);
using BinaryF = float (*)(float, float);
using BinaryD = double (*)(double, double);
using TernaryF = float (*)(float, float, float);
using TernaryD = double (*)(double, double, double);

const ExternalSymbol Externals[] = {
    LOOM_EXTERNAL(memcpy),
    LOOM_EXTERNAL(memmove),
    LOOM_EXTERNAL(memset),
    LOOM_EXTERNAL(__extendhfsf2),
    LOOM_EXTERNAL(__truncsfhf2),
    LOOM_EXTERNAL(__truncdfhf2),
    LOOM_EXTERNAL(__udivti3),
    {LOOM_PARALLEL_MAP_SYMBOL, reinterpret_cast<void *>(&parallelMap)},
    {LOOM_PARALLEL_WORKERS_SYMBOL, reinterpret_cast<void *>(&parallelWorkers)},
    {LOOM_IS_PRIVATE_ADDRESS_SYMBOL,
     reinterpret_cast<void *>(&isPrivateAddress)},
    {LOOM_IS_LOCAL_ADDRESS_SYMBOL, reinterpret_cast<void *>(&isLocalAddress)},
#define LOOM_UNARY(NAME)                                                       \
  {#NAME, reinterpret_cast<void *>(static_cast<UnaryD>(&::NAME))}, {           \
#NAME "f", reinterpret_cast < void *>(static_cast <UnaryF>(&::NAME##f))    \
  }
#define LOOM_BINARY(NAME)                                                      \
  {#NAME, reinterpret_cast<void *>(static_cast<BinaryD>(&::NAME))}, {          \
#NAME "f", reinterpret_cast < void *>(static_cast <BinaryF>(&::NAME##f))   \
  }
    LOOM_UNARY(acos),
    LOOM_UNARY(asin),
    LOOM_UNARY(atan),
    LOOM_UNARY(ceil),
    LOOM_UNARY(cos),
    LOOM_UNARY(cosh),
    LOOM_UNARY(exp),
    LOOM_UNARY(exp2),
    LOOM_UNARY(expm1),
    LOOM_UNARY(fabs),
    LOOM_UNARY(floor),
    LOOM_UNARY(log),
    LOOM_UNARY(log10),
    LOOM_UNARY(log1p),
    LOOM_UNARY(log2),
    LOOM_UNARY(rint),
    LOOM_UNARY(round),
    LOOM_UNARY(sin),
    LOOM_UNARY(sinh),
    LOOM_UNARY(sqrt),
    LOOM_UNARY(tan),
    LOOM_UNARY(tanh),
    LOOM_UNARY(trunc),
    LOOM_BINARY(atan2),
    LOOM_BINARY(copysign),
    LOOM_BINARY(fmax),
    LOOM_BINARY(fmin),
    LOOM_BINARY(fmod),
    LOOM_BINARY(pow),
    {"fma", reinterpret_cast<void *>(static_cast<TernaryD>(&::fma))},
    {"fmaf", reinterpret_cast<void *>(static_cast<TernaryF>(&::fmaf))},
#undef LOOM_UNARY
#undef LOOM_BINARY
};

#undef LOOM_EXTERNAL

} // namespace

void *findExternalSymbol(std::string_view Name) {
  for (const ExternalSymbol &Symbol : Externals)
    if (Symbol.Name == Name)
      return Symbol.Address;
  return findOpenMPRuntimeFunction(Name);
}

} // namespace mux
