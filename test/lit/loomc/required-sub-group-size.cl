// RUN: loomc --target=reference -cl-std=CL3.0 -DSIZE=1 %s -o %t.o
// RUN: not loomc --target=reference -cl-std=CL3.0 -DSIZE=16 %s -o %t.o 2>&1 | FileCheck %s

// A kernel that requires sub-groups of a size (intel_reqd_sub_group_size,
// which Clang accepts whatever the device reports) builds where Loom's
// sub-groups have that size, one work-item, and is refused, by name, where
// they do not: its code may count on the size.
// CHECK: error: kernel 'k' requires sub-groups of 16 work-items (intel_reqd_sub_group_size); Loom's sub-groups have 1
__attribute__((intel_reqd_sub_group_size(SIZE)))
kernel void k(global uint *out) {
  out[get_global_id(0)] = get_sub_group_size();
}
