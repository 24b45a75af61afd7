// RUN: loomc -cl-wfv=always -Rpass-missed=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: loomc -cl-wfv=always -Rpass=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DONE
// RUN: loomc -cl-wfv=always %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// As with Clang, -Rpass-missed=<regex> prints why the matching passes did
// not transform, -Rpass=<regex> what they did; without them, nothing.
// MISSED: vecz-remarks.cl: remark: kernel 'waits_in_a_branch' has a barrier in divergent control flow [-Rpass-missed=vecz]
// MISSED-NOT: kernel 'twice'
// MISSED-NOT: kernel 'out_of_line'
// MISSED-NOT: kernel 'waits'
// DONE-DAG: vecz-remarks.cl: remark: kernel 'twice' vectorized at width {{[0-9]+}} [-Rpass=vecz]
// DONE-DAG: vecz-remarks.cl: remark: kernel 'out_of_line' has 'scaled' inlined, which asks for its work-item id [-Rpass=vecz]
// DONE-DAG: vecz-remarks.cl: remark: kernel 'out_of_line' vectorized at width {{[0-9]+}} [-Rpass=vecz]
// DONE-DAG: vecz-remarks.cl: remark: kernel 'waits' has the functions it calls that wait at a barrier inlined [-Rpass=vecz]
// DONE-DAG: vecz-remarks.cl: remark: kernel 'waits' vectorized at width {{[0-9]+}} [-Rpass=vecz]
// DONE-NOT: waits_in_a_branch
// QUIET-NOT: remark

// A function kept out of line that asks for its own work-item id: called
// once per lane, it would see lane 0's, so Vecz inlines it.
__attribute__((noinline)) int scaled(int v) {
  return v * (int)get_global_id(0);
}

kernel void out_of_line(global int *out, global const int *in) {
  out[get_global_id(0)] = scaled(in[get_global_id(0)]);
}

// One that waits at a barrier, kept out of line: every work-item calls it
// together, and Vecz inlines it, as the work-item loops would, to see the
// barrier (the call, convergent, kept the kernel scalar before).
__attribute__((noinline)) void wait_then_add(local int *t, global int *out) {
  t[get_local_id(0)] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] += t[0];
}

kernel void waits(global int *out) {
  local int t[64];
  wait_then_add(t, out);
  wait_then_add(t, out);
}

// A barrier only some work-items reach (undefined in OpenCL C): the kernel
// stays scalar.
kernel void waits_in_a_branch(global int *out) {
  local int t[64];
  t[get_local_id(0)] = 1;
  if (out[get_global_id(0)] > 0)
    barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] += t[0];
}

kernel void twice(global int *data) {
  size_t i = get_global_id(0);
  data[i] = 2 * data[i];
}
