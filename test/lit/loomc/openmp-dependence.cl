// RUN: loomc --target=reference -fopenmp -g %s -o %t.o 2>&1 | FileCheck %s
// A 'parallel for' whose iterations DependenceAnalysis proves dependent
// (the same element touched a constant number of iterations apart, one
// access a store): a warning at the directive names both accesses; the loop
// still runs in parallel, as its source declares. Loops whose accesses to
// one array are the same element, or touch other arrays, or are atomic, get
// none.

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void shifted(global int *a, int n) {
// CHECK: openmp-dependence.cl:[[@LINE+1]]:{{[0-9]+}}: warning: the iterations of a parallel loop depend on each other (in function 'shifted'): a load from 'a' (line [[#@LINE+3]]) and a store to 'a' (line [[#@LINE+3]]) touch the same element 1 iteration apart, and the loop runs in parallel as its source declares its iterations independent
#pragma omp parallel for
  for (int i = 0; i < n - 1; ++i)
    a[i] = a[i + 1] + 1;
}

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void strided(global int *a, int n) {
// CHECK: openmp-dependence.cl:[[@LINE+1]]:{{[0-9]+}}: warning: the iterations of a parallel loop depend on each other (in function 'strided'): a load from 'a' (line [[#@LINE+3]]) and a store to 'a' (line [[#@LINE+3]]) touch the same element 3 iterations apart
#pragma omp parallel for
  for (int i = 3; i < n; ++i)
    a[i] = a[i - 3] * 2;
}

// CHECK-NOT: warning
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void independent(global int *a, global const int *b, global int *c,
                        int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; ++i)
    a[i] = b[i - 1] + b[i + 1] + a[i];
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    c[i % 4] += 1;
  }
}
