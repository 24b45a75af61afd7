// RUN: not loomc --target=reference -x c -fopenmp %s -o %t.o 2>&1 | FileCheck %s
// RUN: loomc --target=reference -x c -fopenmp -DCORRECT %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CORRECT --allow-empty
// OpenMP 5.0's 'loop' construct: Clang 15 emits each one as a plain loop,
// leaving nothing in the IR Loom's passes could see, so the frontend says
// what becomes of it at the directive. A combined one runs serially (a
// warning, naming the construct that runs in parallel); one in a 'parallel'
// or 'teams' region without bind(thread) would run every iteration on
// every thread (an error: natively the count below is n times the team's
// size); an orphaned one binds to nothing OpenMP defines (a warning).
// 'loop bind(thread)', what Clang emits, and 'parallel for' get nothing.

#define KERNEL __attribute__((annotate("loom_kernel")))

#ifndef CORRECT
// CHECK: openmp-loop-construct.c:[[@LINE+3]]:1: warning: 'parallel loop' runs serially: Clang 15 compiles OpenMP's 'loop' construct as a plain loop; 'parallel for' runs in parallel
// CHECK: openmp-loop-construct.c:[[@LINE+5]]:1: warning: 'teams loop' runs serially: Clang 15 compiles OpenMP's 'loop' construct as a plain loop; 'teams distribute parallel for' runs in parallel
KERNEL void combined(int *out, int n) {
#pragma omp parallel loop
  for (int i = 0; i < n; ++i)
    out[i] = i;
#pragma omp teams loop
  for (int i = 0; i < n; ++i)
    out[i] += i;
}

// CHECK: openmp-loop-construct.c:[[@LINE+3]]:1: error: 'loop' in a 'parallel' region runs every iteration on every thread of the team: Clang 15 compiles OpenMP's 'loop' construct as a plain loop; use 'for' to share the iterations out, or 'loop bind(thread)' for a loop each thread runs whole
KERNEL void counted(int *count, int n) {
#pragma omp parallel
#pragma omp loop
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    count[0] += 1;
  }
}

// CHECK: openmp-loop-construct.c:[[@LINE+2]]:1: warning: 'loop' outside any construct in the function runs whole on each thread that meets it: Clang 15 compiles OpenMP's 'loop' construct as a plain loop; use 'for', or 'loop bind(thread)'
void orphaned(int *out, int n) {
#pragma omp loop
  for (int i = 0; i < n; ++i)
    out[i] = i;
}
#else
// CORRECT-NOT: warning
// CORRECT-NOT: error
KERNEL void correct(int *out, int n) {
#pragma omp parallel
  {
#pragma omp loop bind(thread)
    for (int i = 0; i < 4; ++i)
      out[i] = i;
#pragma omp for
    for (int i = 0; i < n; ++i)
      out[i] += i;
  }
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] += 1;
}
#endif
