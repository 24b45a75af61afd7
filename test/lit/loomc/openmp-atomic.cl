// RUN: loomc --target=reference -fopenmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp --emit=ir -S %s -o - | FileCheck %s
// RUN: loomc --target=reference -fopenmp -x c -DPLAIN_C --emit=ir -S %s -o - | FileCheck %s
// '#pragma omp atomic' in a 'parallel for', in OpenCL C and in C. Clang 15
// makes each one a call of the atomic library for a SPIR target (and, in
// OpenCL C, casts the global pointer to the generic address space with a
// bitcast its verifier rejects): Loom repairs the casts, makes the calls
// atomic instructions (lower-atomic-libcalls), the integer update's
// compare-exchange loop one atomic add (fold-cas-loops; a float's stays a
// loop, which is what the CPU would run anyway), and the loop runs on the
// driver's workers without a warning.

// NOWARN-NOT: warning
// CHECK-LABEL: define internal void @count.parallel.{{[0-9]+}}(
// CHECK: atomicrmw add ptr {{.*}}, i32 1 monotonic, align 4
// CHECK: load atomic i32, ptr {{.*}} monotonic, align 4
// CHECK: cmpxchg ptr {{.*}} monotonic monotonic, align 4
// CHECK-NOT: __atomic_
// CHECK: call void @__loom_parallel_map(

#ifdef PLAIN_C
#define KERNEL __attribute__((annotate("loom_kernel")))
#define GLOBAL
#else
#define KERNEL kernel
#define GLOBAL global
#endif

KERNEL void count(GLOBAL const int *data, GLOBAL int *bins, GLOBAL float *sum,
                  int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    bins[data[i] & 15] += 1;
#pragma omp atomic
    sum[0] += (float)data[i];
  }
}
