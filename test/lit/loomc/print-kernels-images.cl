// RUN: loomc --target=reference --print-kernels %s -o %t.o | FileCheck %s

// Images and samplers are pointers in the IR, but arguments of their own
// kinds in the descriptor: an image with its access qualifier and type (a
// typedef of an image type is the image type), a sampler as 8 bytes of bits.
// CHECK:      kernel images (entry images.mux-entry-hook)
// CHECK-NEXT:   arg 0: image (address space 1) read_only image2d_t, 8 bytes at
// offset 0 CHECK-NEXT:   arg 1: image (address space 1) write_only
// image2d_array_t, 8 bytes at offset 8 CHECK-NEXT:   arg 2: image (address
// space 1) read_only picture, 8 bytes at offset 16 CHECK-NEXT:   arg 3: sampler
// sampler_t, 8 bytes at offset 24 CHECK-NEXT:   arg 4: global buffer (address
// space 1) float4*, 8 bytes at offset 32 CHECK-NEXT:   arg 5: image (address
// space 1) read_only image1d_buffer_t, 8 bytes at offset 40 CHECK-NEXT:   arg
// 6: image (address space 1) read_only image3d_t, 8 bytes at offset 48
typedef image1d_array_t picture;

kernel void images(read_only image2d_t a, write_only image2d_array_t b,
                   picture c, sampler_t s, global float4 *out,
                   image1d_buffer_t d, image3d_t e) {
  int i = get_global_id(0);
  out[i] = read_imagef(a, s, (int2)(i, 0)) + read_imagef(c, s, (float2)(i, 0)) +
           read_imagef(d, i) + read_imagef(e, s, (int4)(i, 0, 0, 0));
  write_imagef(b, (int4)(i, 0, 0, 0), out[i]);
}
