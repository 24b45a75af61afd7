// RUN: loomc -Rpass=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ll

// A ring of work-items over a __local tile, rounds in a loop: each reads
// its neighbours at (l + 1) % n and (l + n - 1) % n, 64-bit divisions by the
// work-group's size. The calls' ranges (lower-to-mux-builtins) show both
// operands fit in 32 bits, so narrow-division makes them 32-bit divisions
// even in the loop, where LLVM's CorrelatedValuePropagation does not; the
// cost model counts them as the multiplies invariant-division makes of
// them, and keeps the vector kernel; invariant-division then leaves no
// division in the entry point, and no multiply of 128-bit lanes (a 64-bit
// reciprocal per lane, which the vector unit cannot do).

// REMARK: remark: kernel 'ring' vectorized at width {{[0-9]+}}

// CHECK-LABEL: define void @ring.mux-entry-hook(
// CHECK-NOT: {{urem|x i128>}}
// CHECK: {{^}$}}

kernel void ring(global float *out, local float *tile, int rounds) {
  size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
  float v = out[g];
  for (int r = 0; r < rounds; ++r) {
    tile[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    v = tile[(l + 1) % n] + tile[(l + n - 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[g] = v;
}
