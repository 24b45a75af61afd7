// RUN: loomc --target=reference -fopenmp -x c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp -x c --emit=ir -S %s -o - | FileCheck %s
// Loops and reductions as C programs write them, each on the driver's
// workers without a warning: a loop counting down (Clang counts its
// iterations with an unsigned counter, whose increment openmp-to-parallel-
// loops says never wraps, as OpenMP requires), on a static and a dynamic
// schedule; '&&' and '||' reductions on ints (parallelization-cleanup makes
// them the 'and' and 'or' reductions they amount to on 0 and 1, once SROA
// has made the short circuit a select: a right-hand side LLVM cannot run
// unconditionally, a load, keeps the branch, and the loop runs serially);
// an 'if' clause, a choice at run time between the loop on the workers and
// the outlined loop on the kernel's thread, a team of one between
// __kmpc_serialized_parallel and its end.

// NOWARN-NOT: warning

// CHECK-LABEL: define void @count_down.mux-entry-hook(
// CHECK: call void @__loom_parallel_map(i32 %{{.+}}, ptr nonnull @count_down.parallel.
// CHECK: call void @__loom_parallel_map(i32 %{{.+}}, ptr nonnull @count_down.parallel.
// The two reductions, made bitwise ('.bits'), each with its workers'
// partial results.
// CHECK-LABEL: define void @logical.mux-entry-hook(
// CHECK: %both{{.*}}.bits.partials{{.*}} = alloca i32
// CHECK: %either{{.*}}.bits.partials{{.*}} = alloca i32
// CHECK: call void @__loom_parallel_map(i32 %{{.+}}, ptr nonnull @logical.parallel.

// CHECK-LABEL: define void @conditional.mux-entry-hook(
// CHECK: icmp sgt i32 %{{.+}}, 64
// CHECK-DAG: call void @__loom_parallel_map(i32 %{{.+}}, ptr nonnull @conditional.parallel.
// CHECK-DAG: call void @__kmpc_serialized_parallel(
// CHECK-DAG: call void @__kmpc_end_serialized_parallel(

#include <stdint.h>

#define KERNEL __attribute__((annotate("loom_kernel")))

KERNEL void count_down(int32_t *out, int32_t n) {
#pragma omp parallel for
  for (int32_t i = n - 1; i >= 0; --i)
    out[i] = i * 2;
#pragma omp parallel for schedule(dynamic, 8)
  for (int32_t i = n - 1; i >= 0; --i)
    out[i] += 1;
}

KERNEL void logical(int32_t *out, const int32_t *in, int32_t n) {
  int32_t both = 5, either = 0;
#pragma omp parallel for reduction(&& : both) reduction(|| : either)
  for (int32_t i = 0; i < n; ++i) {
    int32_t v = in[i];
    both = both && (v != 12345);
    either = either || (v == 777);
  }
  out[0] = both;
  out[1] = either;
}

KERNEL void conditional(int32_t *out, int32_t n) {
#pragma omp parallel for if (n > 64)
  for (int32_t i = 0; i < n; ++i)
    out[i] = i * 3;
}
