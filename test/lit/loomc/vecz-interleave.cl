// RUN: loomc --target=reference -Rpass=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: loomc --target=reference -Rpass=vecz -cl-wfv=always -vecz-width=8 -vecz-interleave=2 --print-kernels %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: loomc --target=reference -Rpass=vecz -vecz-interleave=1 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not loomc -vecz-interleave=3 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD

// By default a kernel with a loop whose vectors share its counter and
// uniform loads gets a wide variant (2 or 4 vectors per call, as the
// target's vector registers allow); a straight-line kernel does not, unless
// it calls a math builtin of the library (2 vectors per call, so that two
// of the builtin's long dependence chains run side by side).
// AUTO: remark: kernel 'taps' vectorized at width
// AUTO-NEXT: remark: kernel 'taps' runs {{[24]}} vectors side by side per call
// AUTO: remark: kernel 'scale' vectorized at width
// AUTO-NOT: 'scale' runs
// AUTO: remark: kernel 'arcsine' vectorized at width
// AUTO-NEXT: remark: kernel 'arcsine' runs 2 vectors side by side per call
// AUTO-NOT: side by side

// -vecz-interleave= fixes the factor; the kernel descriptor records the most
// work-items a call runs.
// TWO: remark: kernel 'taps' runs 2 vectors side by side per call where 16 work-items remain
// TWO: remark: kernel 'scale' runs 2 vectors side by side per call where 16 work-items remain
// TWO: remark: kernel 'arcsine' runs 2 vectors side by side per call where 16 work-items remain
// TWO: kernel taps
// TWO: vectorization width: 16
// TWO: kernel scale
// TWO: vectorization width: 16
// ONE-NOT: side by side
// BAD: loomc: error: -vecz-interleave= takes 1, 2 or 4, not '3'
kernel void taps(global const float *in, global const float *w,
                 global float *out, int r) {
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < r; ++k)
    acc += w[k] * in[i + k];
  out[i] = acc;
}

kernel void scale(global const float *in, global float *out, float k) {
  size_t i = get_global_id(0);
  out[i] = in[i] * k;
}

kernel void arcsine(global const float *in, global float *out) {
  size_t i = get_global_id(0);
  out[i] = asin(in[i]);
}
