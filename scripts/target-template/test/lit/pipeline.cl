// RUN: %loomc --target=@NAME@ --print-pipeline | FileCheck %s --check-prefix=PIPELINE
// RUN: %loomc --target=@NAME@ --print-kernels %s -o %t.o | FileCheck %s --check-prefix=KERNELS

// The target's pass runs in front of the reference late passes.
// PIPELINE: late (@NAME@): @NAME@-tag-kernels,link-builtins<late>,

// A kernel compiles for the target; the binary describes it.
// KERNELS: kernel double_it (entry double_it.mux-entry-hook)
// KERNELS-NEXT: arg 0: global buffer (address space 1) int*
kernel void double_it(global int *data) {
  size_t i = get_global_id(0);
  data[i] = 2 * data[i];
}
