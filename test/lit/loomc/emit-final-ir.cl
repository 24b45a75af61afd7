// RUN: loomc --target=csa -S %s -o - | FileCheck %s

// -S writes the final IR: one entry point per kernel, taking the packed
// arguments, the work-group info and a slice of work-groups, with the
// work-group and work-item loops inside it and the kernel descriptors
// beside it.
// CHECK: @loom.kernel_descriptors = internal constant {{.*}} section ".loom.kernels"
// CHECK-LABEL: define void @scale.mux-entry-hook(ptr noalias nocapture readonly %packed.args, ptr noalias nocapture %wg, i64 %first, i64 %end)
// CHECK: group
// CHECK: wi.loop
// CHECK: mul nsw i32
// CHECK-NOT: define {{.*}}@scale(
// CHECK-NOT: define {{.*}}@scale.mux-kernel-wrapper(
// CHECK-NOT: @__mux_
kernel void scale(global int *data, int factor) {
  size_t i = get_global_id(0);
  data[i] = data[i] * factor;
}
