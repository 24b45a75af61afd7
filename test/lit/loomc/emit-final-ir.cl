// RUN: loomc --target=csa -S %s -o - | FileCheck %s

// -S writes the final IR: one entry point per kernel, taking the packed
// arguments and the work-group info, with the work-item loop inside it and
// the kernel descriptors beside it.
// CHECK: %MuxPackedArgs.scale = type { ptr addrspace(1), i32 }
// CHECK: @loom.kernel_descriptors = internal constant {{.*}} section ".loom.kernels"
// CHECK-LABEL: define void @scale.mux-kernel-wrapper(ptr noalias nocapture readonly %packed.args, ptr noalias nocapture readonly %wg)
// CHECK: wi.loop
// CHECK: mul nsw i32
// CHECK-NOT: define {{.*}}@scale(
// CHECK-NOT: @__mux_
kernel void scale(global int *data, int factor) {
  size_t i = get_global_id(0);
  data[i] = data[i] * factor;
}
