// RUN: loomc --print-kernels %s -o %t.o | FileCheck %s
// RUN: loomc --target=reference --print-kernels %s -o %t.ref.o | FileCheck %s --check-prefix=REF
// RUN: loomc -cl-kernel-arg-info --print-kernels %s -o %t.info.o | FileCheck %s --check-prefix=INFO

// --print-kernels reads the descriptors back from the binary it wrote.
// CHECK:      kernel tiled (entry tiled.mux-entry-hook)
// CHECK-NEXT:   arg 0: global buffer (address space 1) float*, 8 bytes at offset 0
// CHECK-NEXT:   arg 1: constant buffer (address space 2) const float*, 8 bytes at offset 8
// CHECK-NEXT:   arg 2: local buffer (address space 3) float*, 8 bytes at offset 16
// CHECK-NEXT:   arg 3: scalar float4, 16 bytes at offset 32
// CHECK-NEXT:   arg 4: scalar uchar, 1 bytes at offset 48
// CHECK-NEXT:   required work-group size: 16 x 4 x 1
// CHECK-NEXT:   work-group size hint: none
// CHECK-NEXT:   local memory: 256 bytes
// CHECK-NEXT:   vectorization width: {{[0-9]+}}
// CHECK-NEXT:   sub-group size: 1
// CHECK-NEXT:   stack: {{[0-9]+}} bytes + {{[0-9]+}} per work-item
// CHECK-NEXT:   work-group info layout: csa
// REF:          work-group info layout: reference
// The qualifiers of each argument's type are kept; its name only with
// -cl-kernel-arg-info.
// INFO:      kernel tiled
// INFO-NEXT:   arg 0: global buffer (address space 1) float* 'out', 8 bytes at offset 0
// INFO-NEXT:   arg 1: constant buffer (address space 2) const float* 'in', 8 bytes at offset 8
// INFO-NEXT:   arg 2: local buffer (address space 3) float* 'scratch', 8 bytes at offset 16
// INFO-NEXT:   arg 3: scalar float4 'scale', 16 bytes at offset 32
// INFO-NEXT:   arg 4: scalar uchar 'shift', 1 bytes at offset 48
// CHECK:      kernel plain (entry plain.mux-entry-hook)
// CHECK-NEXT:   arg 0: global buffer (address space 1) int*, 8 bytes at offset 0
// CHECK-NEXT:   required work-group size: none
// CHECK-NEXT:   work-group size hint: 8 x 1 x 1
// CHECK-NEXT:   vec_type_hint: uint4
// A buffer the kernel only adds to with atomics whose results it drops is an
// accumulator (mark-accumulators); one it also reads is not.
// CHECK:      kernel bins (entry bins.mux-entry-hook)
// CHECK-NEXT:   arg 0: global buffer (address space 1) const uint*, 8 bytes at offset 0{{$}}
// CHECK-NEXT:   arg 1: global buffer (address space 1) uint*, 8 bytes at offset 8, accumulator of 4-byte additions
// CHECK-NEXT:   arg 2: global buffer (address space 1) ulong*, 8 bytes at offset 16, accumulator of 8-byte additions
// CHECK-NEXT:   arg 3: global buffer (address space 1) uint*, 8 bytes at offset 24{{$}}
// Every qualifier the source writes on a parameter's type.
// CHECK:      kernel quals (entry quals.mux-entry-hook)
// CHECK-NEXT:   arg 0: global buffer (address space 1) const restrict float*, 8 bytes at offset 0
// CHECK-NEXT:   arg 1: global buffer (address space 1) volatile int*, 8 bytes at offset 8
// CHECK-NEXT:   arg 2: global buffer (address space 1) const volatile int*, 8 bytes at offset 16
__attribute__((reqd_work_group_size(16, 4, 1)))
kernel void tiled(global float *out, constant float *in, local float *scratch,
                  float4 scale, uchar shift) {
  local float tile[64];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)] * scale.x;
  scratch[l] = tile[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[(l + shift) % 16] + tile[l];
}

__attribute__((work_group_size_hint(8, 1, 1), vec_type_hint(uint4)))
kernel void plain(global int *out) { out[get_global_id(0)] = 1; }

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
kernel void bins(global const uint *data, global uint *counts,
                 global ulong *sums, global uint *seen) {
  uint v = data[get_global_id(0)];
  atomic_inc(&counts[v % 16]);
  atom_add(&sums[v % 4], v);
  if (atomic_add(&seen[v % 8], 1) == 0)
    seen[8] = v;
}

kernel void quals(global const float *restrict a, global volatile int *b,
                  global const volatile int *c) {
  b[get_global_id(0)] = (int)a[get_global_id(0)] + c[0];
}
