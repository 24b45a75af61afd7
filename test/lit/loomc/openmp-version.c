// RUN: loomc --target=reference -x c -fopenmp -fopenmp-version=51 --emit=ir -S %s -o - | FileCheck %s
// RUN: not loomc --target=reference -x c -fopenmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not loomc --target=reference -x c -fopenmp -fopenmp-version=52 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// -fopenmp-version= gives Clang the OpenMP version of the directives: with
// 51, OpenMP 5.1's 'atomic compare', a maximum kept by the atomic
// instruction in Loom's parallel loop; with Clang's default (5.0) the
// clause is Clang's error; a version Loom does not take is a usage error.

// CHECK-LABEL: define internal void @largest.parallel.{{[0-9]+}}(
// CHECK: atomicrmw max ptr {{.*}} monotonic, align 4
// CHECK: call void @__loom_parallel_map(
// DEFAULT: openmp-version.c:[[@LINE+8]]:20: error: unexpected OpenMP clause 'compare' in directive '#pragma omp atomic'
// BAD: loomc: error: unsupported OpenMP version '52' in -fopenmp-version= (45, 50 or 51)

__attribute__((annotate("loom_kernel"))) void
largest(int *out, const int *in, int n) {
  int m = 0;
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (m < in[i])
      m = in[i];
  }
  out[0] = m;
}
