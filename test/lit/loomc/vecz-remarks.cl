// RUN: loomc -cl-wfv=always -Rpass-missed=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: loomc -cl-wfv=always -Rpass=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DONE
// RUN: loomc -cl-wfv=always %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// As with Clang, -Rpass-missed=<regex> prints why the matching passes did
// not transform, -Rpass=<regex> what they did; without them, nothing.
// MISSED: vecz-remarks.cl: remark: kernel 'claim' uses compare-and-swap atomics (not handled yet) [-Rpass-missed=vecz]
// MISSED-NOT: kernel 'twice'
// DONE: vecz-remarks.cl: remark: kernel 'twice' vectorized at width {{[0-9]+}} [-Rpass=vecz]
// DONE-NOT: claim
// QUIET-NOT: remark
kernel void claim(global int *slot) {
  if (get_global_id(0) & 1)
    atomic_cmpxchg(slot, 0, (int)get_global_id(0));
}

kernel void twice(global int *data) {
  size_t i = get_global_id(0);
  data[i] = 2 * data[i];
}
