// RUN: loomc --target=reference -S -outline-instructions=40 %s -o - | FileCheck %s
// RUN: loomc --target=reference -S %s -o - | FileCheck %s --check-prefix=WHOLE
// RUN: loomc --target=reference -S -outline-instructions=40 -cl-opt-disable %s -o - | FileCheck %s --check-prefix=WHOLE
// RUN: not loomc -outline-instructions=lots %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD

// -outline-instructions=N: a kernel of more than N instructions reaches code
// generation as an entry point calling its pieces, noinline functions of
// their own; at the default (2000) this kernel stays whole, as does every
// kernel with -cl-opt-disable.
// CHECK: define internal {{.*}}@chain.piece0({{.*}}) {{.*}}#[[PIECE:[0-9]+]]
// CHECK: define void @chain.mux-entry-hook(
// CHECK: call {{.*}}@chain.piece0(
// CHECK: attributes #[[PIECE]] = { {{.*}}noinline{{.*}}"mux-kernel-piece"
// WHOLE-NOT: piece
// BAD: loomc: error: -outline-instructions= takes a number of instructions (0: never), not 'lots'
kernel void chain(global const float *in, global float *out, uint n) {
  size_t i = get_global_id(0);
  float acc = in[i];
  for (uint k = 0; k < n; ++k)
    acc = acc * 0.5f + in[(i + k) % n];
  if (acc > 1.0f)
    acc = sin(acc);
  for (uint k = 0; k < n; ++k)
    acc = acc * 0.25f - in[(i * 3 + k) % n];
  if (acc < 2.0f)
    acc = cos(acc) * acc;
  for (uint k = 0; k < n; ++k)
    acc = acc * 0.75f + in[(i * 7 + k) % n];
  out[i] = acc;
}
