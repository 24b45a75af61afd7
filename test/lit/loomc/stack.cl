// RUN: loomc --target=reference -cl-wfv=never --print-kernels %s -o %t.o | FileCheck %s --check-prefix=SCALAR
// RUN: loomc --target=reference -cl-wfv=always -vecz-width=16 --print-kernels %s -o %t.o | FileCheck %s --check-prefix=VECTOR

// The descriptor's stack: a work-group of N work-items needs the first
// figure plus N times the second on the thread running it. A private array
// live across a barrier is kept for every work-item (256 floats, 1024
// bytes, and 4 for the work-item's next region); one that is not is in the
// entry point's own frame once (4096 floats). With Vecz, the runs of 16
// keep the vector form's state (the array once per lane, and a few more
// values) and only the peels keep the scalar form's, so a work-item needs
// the larger of the two, not both: its scalar 1028 at most, plus the vector
// form's few more values (the old sum, 2,000 and more, was refused where
// the scalar kernel launched).
// SCALAR: kernel live_across
// SCALAR: stack: {{[0-9]+}} bytes + 1028 per work-item
// SCALAR: kernel private_only
// SCALAR: stack: 164{{[0-9][0-9]}} bytes + 0 per work-item
// VECTOR: kernel live_across
// VECTOR: stack: {{[0-9]+}} bytes + 10{{[2-9][0-9]}} per work-item
// VECTOR: kernel private_only
// VECTOR: stack: 2{{[0-9][0-9][0-9][0-9][0-9]}} bytes + 0 per work-item

kernel void live_across(global float *out) {
  float p[256];
  size_t l = get_local_id(0);
  for (int k = 0; k < 256; ++k)
    p[k] = out[l * 256 + k] * 2.0f;
  barrier(CLK_GLOBAL_MEM_FENCE);
  float s = 0.0f;
  for (int k = 0; k < 256; ++k)
    s += p[(k * 7 + l) % 256];
  out[get_global_id(0)] = s;
}

kernel void private_only(global float *out, int n) {
  float q[4096];
  for (int k = 0; k < 4096; ++k)
    q[k] = out[k] + k;
  out[get_global_id(0)] = q[n % 4096];
}
