// RUN: loomc -cl-vec=loop -S %s -o /dev/null --print-before=work-item-loops 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: loomc -S %s -o /dev/null --print-before=work-item-loops 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not loomc -cl-vec=sometimes %s 2>&1 | FileCheck %s --check-prefix=BAD

// -cl-vec=loop vectorizes each work-item's own loop before the work-item
// loops exist; by default it is left scalar for the later passes.
// LOOP: IR Dump Before compiler::utils::WorkItemLoopsPass
// LOOP: load <{{[0-9]+}} x i32>
// NONE: IR Dump Before compiler::utils::WorkItemLoopsPass
// NONE-NOT: load <{{[0-9]+}} x i32>
// BAD: loomc: error: unknown -cl-vec= value 'sometimes' (none, loop, slp or all)
kernel void row_sums(global const int *m, global int *out, int n) {
  int acc = 0;
  for (int k = 0; k < n; ++k)
    acc += m[get_global_id(0) * n + k];
  out[get_global_id(0)] = acc;
}
