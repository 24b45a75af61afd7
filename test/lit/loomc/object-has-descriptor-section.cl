// RUN: loomc %s -o %t.o
// RUN: llvm-readelf --file-headers --sections --symbols %t.o | FileCheck %s

// The binary is an x86-64 relocatable ELF object with the descriptors in
// their own section and one global entry point per kernel, its entry hook.
// CHECK: Class: ELF64
// CHECK: Type: REL (Relocatable file)
// CHECK: Machine: Advanced Micro Devices X86-64
// CHECK: .loom.kernels
// CHECK: GLOBAL DEFAULT {{.*}} first.mux-entry-hook
// CHECK: GLOBAL DEFAULT {{.*}} second.mux-entry-hook
kernel void first(global int *p) { p[get_global_id(0)] = 1; }
kernel void second(global int *p) { p[get_global_id(0)] = 2; }
