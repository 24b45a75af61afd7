// RUN: loomc --target=csa -g %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LINES
// RUN: loomc --target=csa %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOLINES
// CSA-22: the CSA passes warn through LLVM's diagnostic handler; with -g
// the CLI prints the loop's place as file:line:col, without it the file.

#include <csa/builtins.h>

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void search(global int *a, global int *found, int n) {
  __builtin_csa_parallel_loop();
  // LINES: csa-22-warning-location.cl:[[@LINE+2]]:3: warning: !! WARNING: COULD NOT PARALLELIZE LOOP !! (in function 'search'
  // NOLINES: csa-22-warning-location.cl: warning: !! WARNING: COULD NOT PARALLELIZE LOOP !! (in function 'search'
  for (int i = 0; i < n; ++i) {
    if (a[i] == 7) {
      found[0] = i;
      break;
    }
    a[i] = a[i] + 1;
  }
}
