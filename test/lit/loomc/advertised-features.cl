// RUN: loomc --target=reference -cl-std=CL1.2 %s -o %t12.o
// RUN: loomc --target=reference -cl-std=CL3.0 %s -o %t30.o
// RUN: not loomc --target=reference -cl-std=CL3.0 -DUSE_DEPTH_IMAGE %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEPTH

// What Loom advertises is exactly what it has: each extension and OpenCL C
// 3.0 feature it defines (compiler::OpenCLExtensions, which the driver
// reports too: DeviceFeatures) is used below through its builtins, which
// must all exist for the module to link; what it lacks is not defined, so a
// program testing the macros takes its other path.

#if !defined(__IMAGE_SUPPORT__) || !defined(cl_khr_3d_image_writes)
#error images are not advertised
#endif
#if defined(cl_khr_depth_images) || defined(cl_khr_gl_msaa_sharing) ||        \
    defined(cl_khr_mipmap_image)
#error an image extension Loom does not have is advertised
#endif
#if defined(__opencl_c_pipes) || defined(__opencl_c_device_enqueue) ||        \
    defined(cl_khr_fp16) || defined(__opencl_c_fp16) ||                        \
    defined(cl_khr_subgroups) || defined(cl_khr_subgroup_rotate) ||            \
    defined(cl_khr_extended_bit_ops) ||                                        \
    defined(cl_khr_integer_dot_product) ||                                     \
    defined(__opencl_c_integer_dot_product_input_4x8bit) ||                    \
    defined(__opencl_c_integer_dot_product_input_4x8bit_packed)
#error a feature Loom does not have is advertised
#endif
// Sub-groups are OpenCL C 3.0's optional feature (cl_khr_subgroups, the
// extension, asks for independent forward progress, which Loom's do not
// make): none in 1.2.
#if __OPENCL_C_VERSION__ < 200 && defined(__opencl_c_subgroups)
#error sub-groups advertised before OpenCL C 3.0
#endif

#if !defined(cl_khr_fp64) || !defined(cl_khr_byte_addressable_store) ||       \
    !defined(cl_khr_global_int32_base_atomics) ||                              \
    !defined(cl_khr_global_int32_extended_atomics) ||                          \
    !defined(cl_khr_local_int32_base_atomics) ||                               \
    !defined(cl_khr_local_int32_extended_atomics) ||                           \
    !defined(cl_khr_int64_base_atomics) ||                                     \
    !defined(cl_khr_int64_extended_atomics)
#error an extension Loom has is not advertised
#endif

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

__kernel void extensions(__global double *d, __global char *c,
                         __global int *g, __global long *l,
                         __local int *s) {
  size_t i = get_global_id(0);
  d[i] = sin(d[i]) + (double)convert_int_sat(d[i]); // cl_khr_fp64
  c[i] = (char)i;                                    // byte stores
  atomic_add(g, 1);                                  // global int32 base
  atom_inc(g + 1);
  atomic_cmpxchg(g + 2, 0, 1);
  atomic_min(g + 3, (int)i);                         // global int32 extended
  atom_xor(g + 4, 5);
  atomic_add(s, 1);                                  // local int32 base
  atomic_max(s + 1, (int)i);                         // local int32 extended
  barrier(CLK_LOCAL_MEM_FENCE);
  g[5] = s[0] + s[1];
  atom_add(l, 1L);                                   // int64 base
  atom_cmpxchg(l + 1, 0L, 2L);
  atom_xchg(l + 2, 3L);
  atom_min(l + 3, (long)i);                          // int64 extended
  atom_or(l + 4, 8L);
}

#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable

// Images, with 3D image writes (cl_khr_3d_image_writes).
__kernel void images(read_only image2d_t a, write_only image3d_t b,
                     sampler_t s, __global float4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(a, s, (int2)(i, 0)) + (float)get_image_width(a);
  write_imagef(b, (int4)(i, 0, 0, 0), out[i]);
}

#if __OPENCL_C_VERSION__ >= 300
#if !defined(__opencl_c_fp64) || !defined(__opencl_c_int64) ||                \
    !defined(__opencl_c_generic_address_space) ||                              \
    !defined(__opencl_c_program_scope_global_variables) ||                     \
    !defined(__opencl_c_work_group_collective_functions) ||                    \
    !defined(__opencl_c_atomic_order_acq_rel) ||                               \
    !defined(__opencl_c_atomic_order_seq_cst) ||                               \
    !defined(__opencl_c_atomic_scope_device) ||                                \
    !defined(__opencl_c_atomic_scope_all_devices)
#error an OpenCL C 3.0 feature Loom has is not advertised
#endif
#if !defined(__opencl_c_subgroups) ||                                          \
    !defined(cl_khr_subgroup_extended_types) ||                                \
    !defined(cl_khr_subgroup_non_uniform_vote) ||                              \
    !defined(cl_khr_subgroup_ballot) ||                                        \
    !defined(cl_khr_subgroup_non_uniform_arithmetic) ||                        \
    !defined(cl_khr_subgroup_shuffle) ||                                       \
    !defined(cl_khr_subgroup_shuffle_relative) ||                              \
    !defined(cl_khr_subgroup_clustered_reduce)
#error a sub-group extension Loom has is not advertised
#endif
#if !defined(__opencl_c_images) || !defined(__opencl_c_read_write_images) ||  \
    !defined(__opencl_c_3d_image_writes)
#error an image feature Loom has is not advertised
#endif

__kernel void read_write_image(read_write image2d_t img) {
  int2 p = (int2)(get_global_id(0), 0);
  write_imagef(img, p, read_imagef(img, p) * 2.0f); // read-write images
}

global int counter = 0; // program-scope global variables

int through_generic(int *p) { return *p + 1; } // generic address space

__kernel void features(__global int *out, __global atomic_int *a) {
  size_t i = get_global_id(0);
  int v = (int)i;
  out[i] = through_generic(&v) + through_generic(out + i);
  out[i] += work_group_reduce_add(v) + work_group_broadcast(v, 0) +
            work_group_scan_inclusive_add(v) + work_group_all(v >= 0);
  atomic_fetch_add_explicit(a, 1, memory_order_acq_rel, memory_scope_device);
  atomic_fetch_add_explicit(a + 1, 1, memory_order_seq_cst,
                            memory_scope_all_devices);
  if (to_global(out + i))
    counter += 1;
}

__kernel void sub_groups(__global int *out, __global uchar *c) {
  size_t i = get_global_id(0);
  int v = out[i];
  sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = sub_group_reduce_add(v) + get_sub_group_size() +
           get_num_sub_groups() + sub_group_broadcast(v, 0);      // subgroups
  c[i] = sub_group_reduce_max(c[i]);                            // extended
  out[i] += sub_group_elect() + sub_group_non_uniform_all(v);   // vote
  out[i] += sub_group_ballot_bit_count(sub_group_ballot(v > 0)); // ballot
  out[i] += sub_group_non_uniform_scan_inclusive_mul(v);        // arithmetic
  out[i] += sub_group_shuffle(v, 0) + sub_group_shuffle_xor(v, 0); // shuffle
  out[i] += sub_group_shuffle_up(v, 0);                   // relative shuffle
  out[i] += sub_group_clustered_reduce_add(v, 1);         // clustered reduce
}
#endif

#ifdef USE_DEPTH_IMAGE
__kernel void depth(read_only image2d_depth_t img) {}
#endif

// DEPTH: error: kernel 'depth' argument 0 is an image of type 'image2d_depth_t', which Loom's images do not have
