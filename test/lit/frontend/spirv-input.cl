// RUN: %clang_cl_spir -cl-std=CL1.2 -o %t.bc %s
// RUN: %llvm_spirv %t.bc -o %t.spv
// RUN: loomc --target=csa %t.spv -S -o - | FileCheck %s
// RUN: cp %t.spv %t.bin
// RUN: loomc -x spirv %t.bin -o %t.o
// RUN: llvm-readelf --symbols %t.o | FileCheck %s --check-prefix=SYMBOLS

// SPIR-V from a real producer (Clang 15 and llvm-spirv) goes through the
// same pipeline as OpenCL C: the translator's work-item forms are fixed up,
// the barrier and __local argument handled, one entry point made. The input
// kind comes from the extension or -x.
// CHECK-LABEL: define void @neighbours.mux-entry-hook(
// CHECK: schedule.scan
// CHECK-NOT: @_Z13get_global_idj
// CHECK-NOT: @__mux_work_group_barrier
// SYMBOLS: GLOBAL DEFAULT {{.*}} neighbours.mux-entry-hook
kernel void neighbours(global int *out, local int *tmp) {
  size_t l = get_local_id(0);
  tmp[l] = (int)get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[(l + 1) % get_local_size(0)];
}
