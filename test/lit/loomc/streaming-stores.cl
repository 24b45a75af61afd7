// RUN: loomc --target=reference --emit=asm %s -o - | FileCheck %s --check-prefix=ON
// RUN: loomc --target=reference --emit=asm -streaming-store-bytes=0 %s -o - | FileCheck %s --check-prefix=OFF
// RUN: loomc --target=reference --emit=asm -cl-opt-disable %s -o - | FileCheck %s --check-prefix=OFF
// RUN: not loomc -streaming-store-bytes=-1 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD

// The vector kernel's store to the output-only c becomes a non-temporal
// store on the large-launch path (the host's movntps, at any vector width),
// beside the usual store; saxpy's y, read and written, never does.

__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

__kernel void saxpy(float f, __global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  y[i] = f * x[i] + y[i];
}

// ON-LABEL: "vadd.mux-entry-hook":
// ON: movntps
// ON-LABEL: "saxpy.mux-entry-hook":
// ON-NOT: movnt
// ON: .size "saxpy.mux-entry-hook"

// OFF-NOT: movnt

// BAD: loomc: error: -streaming-store-bytes= takes a number of bytes (0: never), not '-1'
