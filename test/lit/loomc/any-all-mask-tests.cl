// RUN: loomc --target=reference -cl-wfv=never --emit=ir %s -o - | FileCheck %s

// any and all of a vector of comparisons test the comparisons' mask once
// (kortest on AVX-512, movmsk on AVX2): the library reduces the lanes' or
// (and), whose top bit is the answer, and LLVM folds a reduction of
// comparisons to a test of their bits. A tree of ors of the lanes, as the
// library had, moved the mask into a vector and back.
// CHECK-LABEL: define {{.*}}@any_all
// CHECK: %[[MASK:.+]] = bitcast <16 x i1> %{{.+}} to i16
// CHECK-DAG: icmp ne i16 %[[MASK]], 0
// CHECK-DAG: icmp eq i16 %[[MASK]], -1
// CHECK-NOT: shufflevector
// CHECK: ret void
__kernel void any_all(__global const float16 *a, __global const float16 *b,
                      __global int *out) {
  size_t i = get_global_id(0);
  int16 c = a[i] > b[i];
  out[i] = any(c) + 2 * all(c);
}
