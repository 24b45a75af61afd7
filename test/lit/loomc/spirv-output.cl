// RUN: rm -rf %t && mkdir -p %t/cl %t/spv
// RUN: loomc --target=reference --emit=spirv %s -o %t/k.spv
// RUN: spirv-val %t/k.spv
// RUN: loomc --target=reference %s -o %t/cl.o
// RUN: loomc --target=reference %t/k.spv -o %t/spv.o
// RUN: loom-run --target=reference --binary %t/cl.o --kernel pointers \
// RUN:   --global 64 --arg buffer:float:256:iota --arg buffer:float:256:zero:out \
// RUN:   --arg buffer:int:1:zero:out --out %t/cl | FileCheck %s
// RUN: loom-run --target=reference --binary %t/spv.o --kernel pointers \
// RUN:   --global 64 --arg buffer:float:256:iota --arg buffer:float:256:zero:out \
// RUN:   --arg buffer:int:1:zero:out --out %t/spv | FileCheck %s
// RUN: cmp %t/cl/arg1.bin %t/spv/arg1.bin
// RUN: cmp %t/cl/arg2.bin %t/spv/arg2.bin
// RUN: %python -c "import struct, sys; out = struct.unpack('<256f', open(sys.argv[1], 'rb').read()); count = struct.unpack('<i', open(sys.argv[2], 'rb').read())[0]; sys.exit(0 if list(out) == [2.0 * j for j in range(256)] and count == 64 else 'wrong: count %%d' %% count)" %t/spv/arg1.bin %t/spv/arg2.bin
// RUN: not loomc --target=reference --emit=spirv --cl-std=CL3.0 -DFLOAT_CAS %s -o %t/cas.spv 2>&1 | FileCheck %s --check-prefix=REFUSED

// --emit=spirv writes the frontend's module as SPIR-V. SPIRV-LLVM-Translator
// 15 asks pointers for their element types (the pointer arguments of vload4,
// vstore4, atomic_inc and printf here), so the source is compiled again with
// typed pointers for it; before, loomc aborted on this kernel. The SPIR-V
// validates and runs as the OpenCL C does.
// CHECK: first 0.000000,1.000000,2.000000,3.000000

// What the translator cannot write (a float compare-and-swap, which SPIR-V
// 1.0 lacks; it fails an assertion) is an error, not a crash: the writer
// runs in a child process, as the reader does.
// REFUSED: loomc: error: SPIRV-LLVM-Translator cannot write this module as SPIR-V: Assertion `{{.*}}OpAtomicCompareExchange{{.*}}' failed. (it stopped with signal 6, Aborted)

kernel void pointers(global const float *in, global float *out,
                     global int *count) {
  size_t i = get_global_id(0);
  vstore4(vload4(i, in) * 2.0f, i, out);
  atomic_inc(count);
  if (i == 0)
    printf("first %v4hlf\n", vload4(0, in));
}

#ifdef FLOAT_CAS
kernel void float_cas(global atomic_float *f, global float *expected) {
  atomic_compare_exchange_strong(f, expected, 1.0f);
}
#endif
