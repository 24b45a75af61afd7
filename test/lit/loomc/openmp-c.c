// RUN: loomc --target=reference -fopenmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp -S %s -o - | FileCheck %s
// RUN: loom-run --binary %t.o --kernel scale --global 1 --local 1 --arg buffer:float:1000:out --arg buffer:float:1000:iota --arg scalar:int:1000 --out %t.out --repeat 1
// RUN: %python %S/../csa/Inputs/check_scale.py %t.out/arg0.bin 1000
// OpenMP from plain C (loomc takes .c as C11): a function marked as a
// kernel, its 'parallel for' on the driver's workers, the results those of
// the loop.

// NOWARN-NOT: warning
// CHECK: define internal void @scale.parallel.{{[0-9]+}}(ptr
// CHECK: call void @__loom_parallel_map(i32 2, ptr nonnull @scale.parallel.

#include <stdint.h>

__attribute__((annotate("loom_kernel"))) void scale(float *out,
                                                    const float *in,
                                                    int32_t n) {
#pragma omp parallel for num_threads(2)
  for (int32_t i = 0; i < n; ++i)
    out[i] = in[i] * 2.0f + 1.0f;
}
