// RUN: loomc --target=reference -cl-std=CL3.0 -DSIZE=1 --print-kernels %s -o %t.o | FileCheck %s --check-prefix=ONE
// RUN: loomc --target=reference -cl-std=CL3.0 -DSIZE=8 --print-kernels %s -o %t.o | FileCheck %s --check-prefix=EIGHT
// RUN: loomc --target=reference -cl-std=CL3.0 -DSIZE=8 -vecz-width=16 --print-kernels %s -o %t.o | FileCheck %s --check-prefix=EIGHT
// RUN: not loomc --target=reference -cl-std=CL3.0 -DSIZE=12 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TWELVE
// RUN: not loomc --target=reference -cl-std=CL3.0 -DSIZE=128 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not loomc --target=reference -cl-std=CL3.0 -DSIZE=8 -cl-wfv=never %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SCALAR

// A kernel that requires sub-groups of a size (intel_reqd_sub_group_size,
// which Clang accepts whatever the device reports) gets them: one
// work-item (the kernel stays scalar), or a power of two up to 64 that Vecz
// makes the width of its vector kernel, whatever the width options say. It
// is refused, by name, where Loom cannot make them: a size Loom never
// makes, or one Vecz did not make (here, told not to vectorize): its code
// may count on the size.
// ONE: sub-group size: 1
// EIGHT: vectorization width: 8
// EIGHT-NEXT: sub-group size: 8
// TWELVE: error: kernel 'k' requires sub-groups of 12 work-items (intel_reqd_sub_group_size); Loom's sub-groups have a power of two up to 64
// HUGE: error: kernel 'k' requires sub-groups of 128 work-items
// SCALAR: error: kernel 'k' requires sub-groups of 8 work-items (intel_reqd_sub_group_size), which Vecz did not make of it (-Rpass-missed=vecz says why)
__attribute__((intel_reqd_sub_group_size(SIZE)))
kernel void k(global uint *out) {
  out[get_global_id(0)] = get_sub_group_size();
}
