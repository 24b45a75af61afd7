// RUN: loomc -S %s -o /dev/null --print-after=work-item-loops 2>&1 | FileCheck %s

// LLVM's --print-after knows Loom's pass names.
// CHECK: IR Dump After compiler::utils::WorkItemLoopsPass on [module]
// CHECK: define {{.*}}void @copy.mux-barrier-wrapper(
// CHECK: call void @__mux_set_local_id(i32 0,
kernel void copy(global const float *in, global float *out) {
  out[get_global_id(0)] = in[get_global_id(0)];
}
