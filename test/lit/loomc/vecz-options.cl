// RUN: loomc --target=reference -cl-wfv=always -vecz-width=8 --print-kernels %s -o %t.o | FileCheck %s --check-prefix=W8
// RUN: loomc --target=reference -cl-wfv=always --print-kernels %s -o %t.o | FileCheck %s --check-prefix=CHOSEN
// RUN: loomc --target=reference -cl-wfv=always -vecz-width=16 --print-kernels %s -o %t.o | FileCheck %s --check-prefix=W16
// RUN: loomc --target=csa -cl-wfv=always -vecz-width=4 --print-kernels %s -o %t.o | FileCheck %s --check-prefix=W4
// RUN: loomc --target=reference -cl-wfv=never --print-kernels %s -o %t.o | FileCheck %s --check-prefix=SCALAR
// RUN: not loomc -cl-wfv=sometimes %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD-MODE
// RUN: not loomc -cl-wfv=always -vecz-width=12 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD-WIDTH

// -cl-wfv=always runs Vecz on both targets, at -vecz-width= work-items per
// vector, or at a width chosen from the target's vector registers (a power
// of two, at least 4); the descriptor records the width the driver runs.
// With -cl-wfv=never, kernels stay scalar (width 1).
// W8: kernel scale
// W8: vectorization width: 8
// CHOSEN: vectorization width: {{4|8|16|32|64}}
// W16: vectorization width: 16
// W4: vectorization width: 4
// SCALAR: vectorization width: 1
// BAD-MODE: loomc: error: unknown -cl-wfv= value 'sometimes' (never, auto or always)
// BAD-WIDTH: loomc: error: -vecz-width= takes a power of two from 2 to 64, not '12'
kernel void scale(global float *data, float factor) {
  size_t i = get_global_id(0);
  data[i] = data[i] * factor;
}
