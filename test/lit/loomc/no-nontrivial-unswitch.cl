// RUN: loomc --target=reference -S %s -o - | FileCheck %s
// RUN: loomc --target=reference -S %s -o - --enable-npm-O3-nontrivial-unswitch=true | FileCheck %s --check-prefix=UNSWITCHED
// The late pipeline is LLVM's O3 without non-trivial loop unswitching
// (ReferencePipeline.cpp): unswitching copied each barrier region's
// work-item loops once per loop-invariant condition, doubling compile time
// for no gain. Loom sets the option's default; a user who gives the option
// keeps their value.

// CHECK-LABEL: define void @tree_sum.mux-entry-hook(
// CHECK-NOT: .us{{[.:]}}
// CHECK: ret void

// UNSWITCHED-LABEL: define void @tree_sum.mux-entry-hook(
// UNSWITCHED: .us{{[.:]}}

kernel void tree_sum(global const float *in, global float *partial,
                     local float *scratch) {
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
    if (lid < stride)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
