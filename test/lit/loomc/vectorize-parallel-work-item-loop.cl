// RUN: loomc -S %s -o - | FileCheck %s

// The innermost work-item loop carries llvm.loop.parallel_accesses, so
// LLVM's loop vectorizer vectorizes it although `in` and `out` may alias,
// with no runtime alias check (no vector.memcheck block).
// CHECK-LABEL: define void @scale_add.mux-entry-hook(
// CHECK-NOT: vector.memcheck
// CHECK: load <{{[0-9]+}} x float>, {{.*}}!llvm.access.group
// CHECK: store <{{[0-9]+}} x float> {{.*}}!llvm.access.group
// CHECK-NOT: vector.memcheck
// CHECK: !{!"llvm.loop.parallel_accesses",
kernel void scale_add(global const float *in, global float *out, float k) {
  size_t i = get_global_id(0);
  out[i] = in[i] * k + out[i];
}
