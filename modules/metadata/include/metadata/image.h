/*===- metadata/image.h - Images and samplers as kernels see them ---------===*/
/**
 * \file
 * The one layout of an image and of a sampler that the builtins library
 * (modules/compiler/builtins/image.cl), the driver (mux_image_t) and the
 * OpenCL layer share (doc/kernel-abi.md, "Images and samplers").
 *
 * An image argument is the address of its loom_image_t, which the driver
 * keeps beside the image; a sampler argument is a pointer-sized value whose
 * low bits are the sampler's LOOM_SAMPLER_* bits, as OpenCL C's CLK_*
 * sampler constants are (a sampler literal is the same value). Texels are
 * stored linearly: texel (x, y, z) of layer l starts at
 * data + (z or l) * slice_pitch + y * row_pitch + x * element_size, its
 * channels in the order the channel order names, each of the channel type.
 *
 * Channel orders, channel types and sampler bits are OpenCL's own values, so
 * that get_image_channel_order and get_image_channel_data_type return what
 * OpenCL C's CLK_* constants say. Plain C that OpenCL C also compiles.
 */

#ifndef METADATA_IMAGE_H
#define METADATA_IMAGE_H

#ifdef __OPENCL_C_VERSION__
typedef ulong loom_image_u64;
typedef uint loom_image_u32;
#else
#include <stdint.h>
typedef uint64_t loom_image_u64;
typedef uint32_t loom_image_u32;
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** The image types, with their coordinates' dimensions. */
enum loom_image_type {
  LOOM_IMAGE_1D = 1,
  LOOM_IMAGE_1D_BUFFER = 2,
  LOOM_IMAGE_1D_ARRAY = 3,
  LOOM_IMAGE_2D = 4,
  LOOM_IMAGE_2D_ARRAY = 5,
  LOOM_IMAGE_3D = 6
};

/** Channel orders (OpenCL's CL_R ... values). */
enum loom_channel_order {
  LOOM_ORDER_R = 0x10B0,
  LOOM_ORDER_A = 0x10B1,
  LOOM_ORDER_RG = 0x10B2,
  LOOM_ORDER_RA = 0x10B3,
  LOOM_ORDER_RGBA = 0x10B5,
  LOOM_ORDER_BGRA = 0x10B6,
  LOOM_ORDER_ARGB = 0x10B7,
  LOOM_ORDER_INTENSITY = 0x10B8,
  LOOM_ORDER_LUMINANCE = 0x10B9
};

/** Channel types (OpenCL's CL_SNORM_INT8 ... values). */
enum loom_channel_type {
  LOOM_TYPE_SNORM_INT8 = 0x10D0,
  LOOM_TYPE_SNORM_INT16 = 0x10D1,
  LOOM_TYPE_UNORM_INT8 = 0x10D2,
  LOOM_TYPE_UNORM_INT16 = 0x10D3,
  LOOM_TYPE_SIGNED_INT8 = 0x10D7,
  LOOM_TYPE_SIGNED_INT16 = 0x10D8,
  LOOM_TYPE_SIGNED_INT32 = 0x10D9,
  LOOM_TYPE_UNSIGNED_INT8 = 0x10DA,
  LOOM_TYPE_UNSIGNED_INT16 = 0x10DB,
  LOOM_TYPE_UNSIGNED_INT32 = 0x10DC,
  LOOM_TYPE_HALF_FLOAT = 0x10DD,
  LOOM_TYPE_FLOAT = 0x10DE
};

/** Sampler bits (OpenCL C's CLK_* values): one of each group. */
enum loom_sampler_bits {
  LOOM_SAMPLER_NORMALIZED_COORDS = 0x1,
  LOOM_SAMPLER_ADDRESS_NONE = 0x0,
  LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE = 0x2,
  LOOM_SAMPLER_ADDRESS_CLAMP = 0x4,
  LOOM_SAMPLER_ADDRESS_REPEAT = 0x6,
  LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT = 0x8,
  LOOM_SAMPLER_ADDRESS_MASK = 0xE,
  LOOM_SAMPLER_FILTER_NEAREST = 0x10,
  LOOM_SAMPLER_FILTER_LINEAR = 0x20,
  LOOM_SAMPLER_FILTER_MASK = 0x30
};

/**
 * An image as a kernel reads it. The driver fills it when the image is
 * bound to memory; kernels only read it. Sizes a type does not have are 1
 * (height of a 1D image, depth of a 2D one) and array_size is 1 for an
 * image that is not an array; slice_pitch is the bytes between the slices
 * of a 3D image or the layers of an array (a 1D array's layers are rows).
 */
typedef struct loom_image {
  /** The address of the first texel. */
  loom_image_u64 data;
  loom_image_u64 row_pitch;
  loom_image_u64 slice_pitch;
  loom_image_u32 width;
  loom_image_u32 height;
  loom_image_u32 depth;
  loom_image_u32 array_size;
  /** loom_channel_order and loom_channel_type. */
  loom_image_u32 channel_order;
  loom_image_u32 channel_type;
  /** Bytes of one texel. */
  loom_image_u32 element_size;
  /** loom_image_type. */
  loom_image_u32 type;
} loom_image_t;

/** The channels a texel of \p order stores; 0 for an order Loom lacks. */
static inline loom_image_u32 loom_image_channel_count(loom_image_u32 order) {
  switch (order) {
  case LOOM_ORDER_R:
  case LOOM_ORDER_A:
  case LOOM_ORDER_INTENSITY:
  case LOOM_ORDER_LUMINANCE:
    return 1;
  case LOOM_ORDER_RG:
  case LOOM_ORDER_RA:
    return 2;
  case LOOM_ORDER_RGBA:
  case LOOM_ORDER_BGRA:
  case LOOM_ORDER_ARGB:
    return 4;
  default:
    return 0;
  }
}

/** The bytes of one channel of \p type; 0 for a type Loom lacks. */
static inline loom_image_u32 loom_image_channel_bytes(loom_image_u32 type) {
  switch (type) {
  case LOOM_TYPE_SNORM_INT8:
  case LOOM_TYPE_UNORM_INT8:
  case LOOM_TYPE_SIGNED_INT8:
  case LOOM_TYPE_UNSIGNED_INT8:
    return 1;
  case LOOM_TYPE_SNORM_INT16:
  case LOOM_TYPE_UNORM_INT16:
  case LOOM_TYPE_SIGNED_INT16:
  case LOOM_TYPE_UNSIGNED_INT16:
  case LOOM_TYPE_HALF_FLOAT:
    return 2;
  case LOOM_TYPE_SIGNED_INT32:
  case LOOM_TYPE_UNSIGNED_INT32:
  case LOOM_TYPE_FLOAT:
    return 4;
  default:
    return 0;
  }
}

/** Whether texels read as integers (read_imagei or read_imageui). */
static inline int loom_image_type_is_integer(loom_image_u32 type) {
  return type >= LOOM_TYPE_SIGNED_INT8 && type <= LOOM_TYPE_UNSIGNED_INT32;
}

/**
 * The bytes of a texel of \p order and \p type, or 0 when Loom has no such
 * format: the specification allows BGRA and ARGB only with 8-bit channels,
 * and INTENSITY and LUMINANCE only with normalized or floating-point ones.
 */
static inline loom_image_u32 loom_image_element_size(loom_image_u32 order,
                                                     loom_image_u32 type) {
  loom_image_u32 Channels = loom_image_channel_count(order);
  loom_image_u32 Bytes = loom_image_channel_bytes(type);
  if ((order == LOOM_ORDER_BGRA || order == LOOM_ORDER_ARGB) && Bytes != 1)
    return 0;
  if ((order == LOOM_ORDER_INTENSITY || order == LOOM_ORDER_LUMINANCE) &&
      loom_image_type_is_integer(type))
    return 0;
  return Channels * Bytes;
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* METADATA_IMAGE_H */
