// RUN: loomc --target=reference -Rpass=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: loomc --target=reference -Rpass=vecz -vecz-layout=interleaved %s -o %t.o 2>&1 | FileCheck %s --check-prefix=INTERLEAVED
// RUN: loomc --target=reference -Rpass=vecz -cl-wfv=always -vecz-width=8 -vecz-interleave=1 -vecz-layout=scalarized --print-kernels %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SCALARIZED
// RUN: not loomc -vecz-layout=sideways %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD

// A float4 kernel whose work is horizontal (a dot product, swizzles): each
// element its own vector costs less than whole float4s side by side, so
// the cost model picks the scalarized layout, at the width of a float;
// -vecz-layout= fixes the layout.
// AUTO: remark: kernel 'spin' has its vector types scalarized then widened
// AUTO: remark: kernel 'spin' vectorized at width
// INTERLEAVED-NOT: scalarized
// INTERLEAVED: remark: kernel 'spin' vectorized at width
// SCALARIZED: remark: kernel 'spin' has its vector types scalarized then widened
// SCALARIZED: remark: kernel 'spin' vectorized at width 8
// SCALARIZED: vectorization width: 8
// BAD: loomc: error: unknown -vecz-layout= value 'sideways' (auto, interleaved or scalarized)
kernel void spin(global const float4 *in, global float4 *out, float k) {
  size_t i = get_global_id(0);
  float4 p = in[i];
  float4 q = (float4)(0.5f, -0.25f, k, 1.0f);
  for (int s = 0; s < 16; ++s) {
    float d = dot(p, q);
    p = p * d + q.yzwx - p.wxyz * 0.125f;
    q = q.zwxy + (float4)(d);
  }
  out[i] = p + q;
}
