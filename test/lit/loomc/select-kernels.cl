// RUN: loomc --kernel=scale --print-kernels %s -o %t.o | FileCheck %s
// RUN: loomc --kernel=scale --kernel=shift --print-kernels %s -o %t.two.o | FileCheck %s --check-prefix=TWO
// RUN: loomc --print-kernels %s -o %t.all.o | FileCheck %s --check-prefix=TWO
// RUN: loomc --kernel=scale --print-pipeline %s | FileCheck %s --check-prefix=PIPELINE
// RUN: not loomc --kernel=scale --kernel=missing %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=MISSING

// --kernel= compiles the kernels it names and what they call; the others
// are not compiled.
// CHECK:     kernel scale (entry
// CHECK-NOT: kernel shift
// TWO-DAG:   kernel scale (entry
// TWO-DAG:   kernel shift (entry

// PIPELINE: fixup-calling-conventions,select-kernels<kernel=scale>,

// MISSING: select-kernels.cl: error: no kernel named 'missing' in the program

kernel void shift(global int *p) { p[get_global_id(0)] += 1; }

// A kernel a selected one calls is compiled as a function.
kernel void scale(global int *p) {
  shift(p);
  p[get_global_id(0)] *= 3;
}
