// RUN: loomc --time-passes %s -o %t.o 2>&1 | FileCheck %s

// --time-passes reports Loom's passes (Clang's own timing switch, which the
// frontend runs first, does not turn it off).
// CHECK: Pass execution timing report
// CHECK: compiler::utils::WorkItemLoopsPass
kernel void k(global int *p) { p[get_global_id(0)] = 1; }
