// RUN: loomc --target=csa -mcpu=skylake-avx512 -csa-gathers=fast -S %s -o - | FileCheck %s --check-prefix=FAST
// RUN: loomc --target=csa -csa-gathers=slow -S %s -o - | FileCheck %s --check-prefix=SLOW
// RUN: loomc --target=csa -S %s -o /dev/null
// parallel_loop lets the vectorizer through an indirect read only where the
// host's gathers beat scalar loads: LLVM 15 prices AVX-512 gathers as cheap
// on every CPU, so CSAModule asks LLVM's tuning for the host (fast-gather);
// -csa-gathers= overrides. A loop whose accesses are all affine keeps the
// permission either way. The FAST run is for an AVX-512 CPU, whose
// gathers LLVM's cost model lets the vectorizer use (on an AVX2 host it
// may still find scalar loads cheaper).

#include <csa/builtins.h>

// FAST-LABEL: define void @gather_half.mux-entry-hook(
// FAST: call <{{[0-9]+}} x float> @llvm.masked.gather.
// SLOW-LABEL: define void @gather_half.mux-entry-hook(
// SLOW-NOT: llvm.masked.gather
// SLOW: load float
// SLOW-NOT: llvm.masked.gather
// SLOW: ret void
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void gather_half(global float *a, global const int *index, int n) {
  __builtin_csa_parallel_loop();
  for (int i = 0; i < n; ++i)
    a[i] = a[n + index[i]] * 1.5f + 0.25f;
}

// An overlap only the annotation rules out, with affine accesses: vector
// loads and stores, gathers fast or slow.
// FAST-LABEL: define void @shifted.mux-entry-hook(
// FAST: load <{{[0-9]+}} x float>
// SLOW-LABEL: define void @shifted.mux-entry-hook(
// SLOW: load <{{[0-9]+}} x float>
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void shifted(global float *a, int n, int k) {
  __builtin_csa_parallel_loop();
  for (int i = 0; i < n; ++i)
    a[i] = a[i + k] * 1.5f + 0.25f;
}
