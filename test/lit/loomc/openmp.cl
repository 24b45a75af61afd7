// RUN: loomc --target=reference -fopenmp -S %s -o - 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOWARN --allow-empty < %t.err
// RUN: loomc --target=reference -fopenmp -DORDERED -Rpass-missed=openmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ORDERED
// RUN: loomc --target=reference -fopenmp -DLASTPRIVATE -S %s -o - 2>&1 | FileCheck %s --check-prefix=LASTPRIVATE
// RUN: loomc --target=reference -fopenmp -DLINEAR %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LINEAR
// RUN: loomc --target=reference -DCALLS_OMP %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOFLAG --allow-empty
// RUN: loomc --target=reference -fopenmp-runtime -S %s -o - 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: loomc --target=reference -fopenmp -cl-opt-disable -S %s -o - 2>&1 | FileCheck %s --check-prefix=UNOPT
// With -fopenmp, each 'parallel for' runs on the driver's workers: a worker
// function and a call of __loom_parallel_map per construct, none left
// serial, no OpenMP runtime call left. What Loom does not support is an
// error at the directive.

// NOWARN-NOT: warning

// With -fopenmp-runtime every region stays Clang's, for the driver's OpenMP
// runtime: no parallel loop of Loom's; no atomic combining, which that
// runtime never asks for; its lock no common symbol.
// RUNTIME-NOT: warning
// RUNTIME-NOT: __loom_parallel_map
// RUNTIME: @.gomp_critical_user_.reduction.var = internal global
// RUNTIME-NOT: __atomic
// RUNTIME: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(
// RUNTIME-NOT: __loom_parallel_map

// Unoptimized, nothing deletes the atomic combining of a reduction that
// Loom's loops never ask for: the pass does, and no atomic library call is
// left for the link to miss.
// UNOPT-NOT: error
// UNOPT-NOT: call {{.*}}@__atomic_
// UNOPT: define void @total.mux-entry-hook(
// UNOPT-NOT: call {{.*}}@__atomic_

int omp_get_thread_num(void);

// CHECK-DAG: define internal void @scale.parallel.{{[0-9]+}}(ptr
// CHECK-DAG: define internal void @total.parallel.{{[0-9]+}}(ptr
// CHECK-NOT: __kmpc
// CHECK-LABEL: define void @scale.mux-entry-hook(
// CHECK: call void @__loom_parallel_map(i32 %driver.workers{{[^,]*}}, ptr nonnull @scale.parallel.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void scale(global float *out, global const float *in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * 2.0f;
}

// CHECK-LABEL: define void @total.mux-entry-hook(
// CHECK: call void @__loom_parallel_map(i32 2, ptr nonnull @total.parallel.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void total(global long *out, global const long *in, int n) {
  long sum = 0;
#pragma omp parallel for reduction(+ : sum) num_threads(2) schedule(static, 64)
  for (int i = 0; i < n; ++i)
    sum += in[i];
  *out = sum;
}

#ifdef ORDERED
// 'ordered': the driver's runtime runs the blocks in iteration order on a
// team of threads; a remark says so, no warning.
// ORDERED-NOT: warning
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void in_order(global int *out, int n) {
// ORDERED: openmp.cl:[[@LINE+1]]:{{[0-9]+}}: remark: the parallel region runs through the driver's OpenMP runtime: 'ordered' needs the threads of a team [-Rpass-missed=openmp]
#pragma omp parallel for ordered schedule(dynamic, 4)
  for (int i = 0; i < n; ++i) {
#pragma omp ordered
    out[i] = i;
  }
}
#endif

#ifdef LASTPRIVATE
// 'lastprivate': the last iteration's value is copied out after the loop,
// by the thread the runtime says ran it; the loop runs on the driver's
// OpenMP runtime, with a warning that says why.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void last_value(global int *a, int n, global int *out) {
  int last = -1;
// LASTPRIVATE: openmp.cl:[[@LINE+1]]:{{[0-9]+}}: warning: parallel loop runs through the driver's OpenMP runtime (in function 'last_value'): its 'lastprivate' or 'linear' variables are copied out of the last iteration, which Loom's parallel loops do not single out
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n; ++i) {
    last = a[i] * 2;
    a[i] = last;
  }
  *out = last;
}
// LASTPRIVATE-LABEL: define {{.*}}@last_value.mux-entry-hook(
// LASTPRIVATE: call void {{.*}}@__kmpc_fork_call(
// LASTPRIVATE-NOT: __loom_parallel_map
#endif

#ifdef LINEAR
// 'linear': Clang puts a barrier before the loop, and copies the variable
// out of the last iteration after it; the driver's runtime runs the region
// on a team of threads, which the warning says.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void linear_step(global int *a, int n, global int *out) {
  int j = 5;
// LINEAR: openmp.cl:[[@LINE+1]]:{{[0-9]+}}: warning: parallel loop runs through the driver's OpenMP runtime (in function 'linear_step'): its 'lastprivate' or 'linear' variables are copied out of the last iteration, which Loom's parallel loops do not single out
#pragma omp parallel for linear(j : 3)
  for (int i = 0; i < n; ++i)
    a[i] = j;
  *out = j;
}
#endif

#ifdef CALLS_OMP
// Without -fopenmp the directives are not OpenMP's; the runtime's
// functions are the driver's (0 outside any parallel region).
// NOFLAG-NOT: error
kernel void who(global int *out) { out[0] = omp_get_thread_num(); }
#endif
