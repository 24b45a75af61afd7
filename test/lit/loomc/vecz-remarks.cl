// RUN: loomc -cl-wfv=always -Rpass-missed=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: loomc -cl-wfv=always -Rpass=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DONE
// RUN: loomc -cl-wfv=always %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// As with Clang, -Rpass-missed=<regex> prints why the matching passes did
// not transform, -Rpass=<regex> what they did; without them, nothing.
// MISSED: vecz-remarks.cl: remark: kernel 'waits' calls 'wait_then_add', which is convergent [-Rpass-missed=vecz]
// MISSED-NOT: kernel 'twice'
// MISSED-NOT: kernel 'out_of_line'
// DONE-DAG: vecz-remarks.cl: remark: kernel 'twice' vectorized at width {{[0-9]+}} [-Rpass=vecz]
// DONE-DAG: vecz-remarks.cl: remark: kernel 'out_of_line' has 'scaled' inlined, which asks for its work-item id [-Rpass=vecz]
// DONE-DAG: vecz-remarks.cl: remark: kernel 'out_of_line' vectorized at width {{[0-9]+}} [-Rpass=vecz]
// DONE-NOT: waits
// QUIET-NOT: remark

// A function kept out of line that asks for its own work-item id: called
// once per lane, it would see lane 0's, so Vecz inlines it.
__attribute__((noinline)) int scaled(int v) {
  return v * (int)get_global_id(0);
}

kernel void out_of_line(global int *out, global const int *in) {
  out[get_global_id(0)] = scaled(in[get_global_id(0)]);
}

// One that waits at a barrier: every work-item must call it together.
__attribute__((noinline)) void wait_then_add(local int *t, global int *out) {
  t[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] += t[0];
}

kernel void waits(global int *out) {
  local int t[64];
  wait_then_add(t, out);
}

kernel void twice(global int *data) {
  size_t i = get_global_id(0);
  data[i] = 2 * data[i];
}
