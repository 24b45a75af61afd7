// RUN: loomc --target=reference -fopenmp -S %s -o - | FileCheck %s
// RUN: loomc --target=reference -fopenmp %s -o %t.o -Rpass=openmp -Rpass-missed=openmp 2>&1 | FileCheck %s --check-prefix=REMARK
// '#pragma omp simd' needs no runtime: Clang gives the loop LLVM's own
// metadata (access groups, llvm.loop.vectorize.width for simdlen and
// safelen), which Loom's pipeline keeps to the loop vectorizer: 8 lanes for
// simdlen(8) whatever the host's widest vectors, at most 4 for safelen(4),
// where a distance of k between iterations only the pragma rules safe.
// 'parallel for simd' is Loom's parallel loop: Clang's write-back of the
// simd loop's iteration variable after it goes to a slot nothing reads.

// CHECK-LABEL: define void @axpy.mux-entry-hook(
// CHECK: load <8 x float>
// CHECK: call <8 x float> @llvm.fmuladd.v8f32(
// CHECK-LABEL: define void @shift.mux-entry-hook(
// CHECK-NOT: <8 x float>
// CHECK-NOT: <16 x float>
// CHECK: load <4 x float>
// CHECK-NOT: <8 x float>
// CHECK-NOT: <16 x float>
// CHECK: ret void

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void axpy(global float *y, global const float *x, float a, int n) {
#pragma omp simd simdlen(8)
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void shift(global float *y, int n, int k) {
#pragma omp simd safelen(4)
  for (int i = k; i < n; ++i)
    y[i] = y[i - k] + 1.0f;
}

// REMARK-NOT: warning
// REMARK: openmp-simd.cl:[[@LINE+3]]:1: remark: the 'parallel for' is Loom's parallel loop: as many workers as the driver has, a static schedule [-Rpass=openmp]
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void scale(global float *y, int n) {
#pragma omp parallel for simd
  for (int i = 0; i < n; ++i)
    y[i] = y[i] * 2.0f;
}
