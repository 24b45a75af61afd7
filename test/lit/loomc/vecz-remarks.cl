// RUN: loomc -cl-wfv=always -Rpass-missed=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: loomc -cl-wfv=always -Rpass=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DONE
// RUN: loomc -cl-wfv=always %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// As with Clang, -Rpass-missed=<regex> prints why the matching passes did
// not transform, -Rpass=<regex> what they did; without them, nothing.
// MISSED: vecz-remarks.cl: remark: kernel 'table' uses private memory (not handled yet) [-Rpass-missed=vecz]
// MISSED-NOT: kernel 'twice'
// DONE: vecz-remarks.cl: remark: kernel 'twice' vectorized at width {{[0-9]+}} [-Rpass=vecz]
// DONE-NOT: table
// QUIET-NOT: remark
// A private array indexed by a value loaded per work-item stays memory.
kernel void table(global int *out, global const int *in) {
  int t[8];
  for (int k = 0; k < 8; ++k)
    t[k] = in[k] * (int)get_global_id(0);
  out[get_global_id(0)] = t[in[get_global_id(0)] & 7];
}

kernel void twice(global int *data) {
  size_t i = get_global_id(0);
  data[i] = 2 * data[i];
}
