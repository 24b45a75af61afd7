// RUN: loomc --target=csa %s -o %t.o --print-kernels | FileCheck %s
// RUN: loomc --target=csa -S %s -o - | FileCheck %s --check-prefix=IR
// RUN: loom-run --binary %t.o --kernel scale --global 1 --local 1 --arg buffer:float:1000:out --arg buffer:float:1000:iota --arg scalar:int:1000 --out %t.out --repeat 1
// RUN: %python %S/Inputs/check_scale.py %t.out/arg0.bin 1000
// The CSA builtins from plain C (loomc takes .c as C11): CSA_KERNEL makes a
// function a single-work-item kernel with its pointers as global buffers,
// and __builtin_csa_spmd splits its loop across two workers of the driver.

// CHECK: kernel scale (entry scale.mux-entry-hook)
// CHECK-NEXT: arg 0: global buffer (address space 1) void*, 8 bytes at offset 0
// CHECK-NEXT: arg 1: global buffer (address space 1) void*, 8 bytes at offset 8
// CHECK-NEXT: arg 2: scalar int, 4 bytes at offset 16
// CHECK-NEXT: required work-group size: 1 x 1 x 1
// IR: call void @__loom_parallel_map(i32 2,

#include <csa/builtins.h>
#include <stdint.h>

CSA_KERNEL void scale(float *out, const float *in, int32_t n) {
  __builtin_csa_spmd(2, 0);
  for (int32_t i = 0; i < n; ++i)
    out[i] = in[i] * 2.0f + 1.0f;
}
