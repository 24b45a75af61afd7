// RUN: loomc -cl-wfv=auto -Rpass=vecz -Rpass-missed=vecz %s -o %t.o 2>&1 | FileCheck %s
// RUN: loomc -cl-wfv=always -Rpass=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ALWAYS

// -cl-wfv=auto chooses the width from the target's vector registers and
// the widest element a kernel loads, stores or computes in floating point
// (so a kernel on doubles gets half the lanes of one on floats, 4 at
// least), and keeps a vector kernel only when one run of it costs at most
// 9/10 of W runs of the scalar one; the remark says which, with the costs.
// CHECK-DAG: remark: kernel 'floats' vectorized at width [[#WF:]]
// CHECK-DAG: remark: kernel 'doubles' vectorized at width [[#max(div(WF,2),4)]]
// CHECK-DAG: remark: kernel 'every_lane_calls' not vectorized: at width [[#]] a vector run costs [[#]], more than 9/10 of [[#]] scalar runs (each [[#]])
// A required work-group size caps the width: at 24 work-items, runs of 8
// (no scalar peel); at 6, runs of 4 (and a peel of 2); at 1, no vector
// kernel at all.
// CHECK-DAG: remark: kernel 'groups_of_24' vectorized at width 8
// CHECK-DAG: remark: kernel 'groups_of_6' vectorized at width 4
// CHECK-DAG: remark: kernel 'groups_of_1' not vectorized: its required work-group size is 1 in dimension 0
// vec_type_hint counts its type as an element of the kernel's data: a
// float kernel hinted float4 gets a quarter of the lanes (4 at least), a
// float4 kernel the same without a hint.
// CHECK-DAG: remark: kernel 'hinted_float4' vectorized at width [[#max(div(WF,4),4)]]
// CHECK-DAG: remark: kernel 'float4s' vectorized at width [[#max(div(WF,4),4)]]
// A remainder by an argument feeding atomics done lane by lane: the vector
// kernel's division counts as invariant-division's or per lane, not as a
// division in doubles (float-vector-division is for divisors that vary),
// and the kernel stays scalar (the starter histogram ran 4 times slower
// as a vector kernel).
// CHECK-DAG: remark: kernel 'bins_by_argument' not vectorized: at width [[#]] a vector run costs [[#]], more than 9/10 of [[#]] scalar runs (each [[#]])
// A function the inliner leaves, called once per lane: its body counts on
// both sides, once per call, and the vector kernel's gain on the rest is
// then too small a part of the whole to pay for W copies of it.
// CHECK-DAG: remark: kernel 'lanes_call_a_loop' not vectorized: at width [[#]] a vector run costs [[#]], more than 9/10 of [[#]] scalar runs (each [[#]])
// -cl-wfv=always keeps every vector kernel Vecz can make.
// ALWAYS-DAG: remark: kernel 'every_lane_calls' vectorized at width
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void floats(global float *data, float factor) {
  size_t i = get_global_id(0);
  data[i] = data[i] * factor;
}

kernel void doubles(global double *data, double factor) {
  size_t i = get_global_id(0);
  data[i] = data[i] * factor;
}

// A function kept out of line: the vector kernel calls it once per lane,
// taking each lane's argument out and putting its result back, which costs
// more than the scalar kernel's calls (three, so that the vector load and
// store do not make up for it, whatever the CPU).
__attribute__((noinline)) int step(int x) { return x * x + 3; }

kernel void every_lane_calls(global int *data) {
  size_t i = get_global_id(0);
  data[i] = step(step(step(data[i])));
}

__attribute__((reqd_work_group_size(24, 1, 1)))
kernel void groups_of_24(global float *data) {
  data[get_global_id(0)] *= 2.0f;
}

__attribute__((reqd_work_group_size(6, 2, 1)))
kernel void groups_of_6(global float *data) {
  data[get_global_id(0)] *= 2.0f;
}

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void groups_of_1(global float *data) {
  data[get_global_id(0)] *= 2.0f;
}

kernel __attribute__((vec_type_hint(float4))) void
hinted_float4(global float *data, float factor) {
  size_t i = get_global_id(0);
  data[i] = data[i] * factor;
}

kernel void float4s(global float4 *data, float factor) {
  size_t i = get_global_id(0);
  data[i] = data[i] * factor;
}

kernel void bins_by_argument(global const uint *data, global uint *bins,
                             uint nbins) {
  atomic_inc(&bins[data[get_global_id(0)] % nbins]);
}

__attribute__((noinline)) float weigh(global const float *table, int n) {
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += table[k] * table[k + n];
  return sum;
}

kernel void lanes_call_a_loop(global float *data,
                              global const float *table) {
  size_t i = get_global_id(0);
  float x = data[i];
  float y = x * x * 3.0f + x * 2.0f + 1.0f;
  data[i] = weigh(table, (int)(i & 15) + 48) * y + y * y;
}
