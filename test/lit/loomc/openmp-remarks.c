// RUN: loomc --target=reference -fopenmp -x c %s -o %t.o -Rpass=openmp -Rpass-missed=openmp 2>&1 | FileCheck %s
// RUN: loomc --target=reference -fopenmp-runtime -x c %s -o %t.o -Rpass-missed=openmp 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: loomc --target=reference -fopenmp -x c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=QUIET
// What became of each OpenMP construct, as remarks of the pass 'openmp' at
// the directive's line: recognised (-Rpass=openmp: the workers, the
// schedule and chunk, the reductions), or left to the driver's runtime or
// run serially (-Rpass-missed=openmp, besides the warning that a loop the
// source asked to be parallel runs serially). Without -Rpass, only the
// warnings.

#include <stdint.h>

#define KERNEL __attribute__((annotate("loom_kernel")))

KERNEL void recognised(int32_t *out, const int32_t *in, int32_t n) {
  int32_t sum = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the 'parallel for' is Loom's parallel loop: 2 workers, a dynamic schedule in chunks of 8, reductions 'add' [-Rpass=openmp]
#pragma omp parallel for num_threads(2) schedule(dynamic, 8) reduction(+ : sum)
  for (int32_t i = 0; i < n; ++i)
    sum += in[i];
  out[0] = sum;
}

KERNEL void last(int32_t *out, const int32_t *in, int32_t n) {
  int32_t v = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+2]]:1: remark: the parallel region runs through the driver's OpenMP runtime: its 'lastprivate' or 'linear' variables are copied out of the last iteration, which Loom's parallel loops do not single out [-Rpass-missed=openmp]
// RUNTIME-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: -fopenmp-runtime asks so [-Rpass-missed=openmp]
#pragma omp parallel for lastprivate(v)
  for (int32_t i = 0; i < n; ++i)
    v = in[i];
  out[0] = v;
}

KERNEL void undeclared(int32_t *out, const int32_t *in, int32_t n) {
  int32_t sum = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+3]]:1: warning: parallel loop runs serially (in function 'undeclared'): {{.*}} carries an undeclared 'add' reduction from one iteration to the next
// CHECK-DAG: openmp-remarks.c:[[@LINE+2]]:1: remark: the parallel loop runs serially: {{.*}} carries an undeclared 'add' reduction from one iteration to the next [-Rpass-missed=openmp]
// QUIET-NOT: remark:
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i)
    sum += in[i];
  out[0] = sum;
}
