// image.cl: the image functions of OpenCL C (read_image{f,i,ui},
// write_image{f,i,ui}, get_image_*) on the image layout of
// metadata/image.h, with the sampler rules of the OpenCL C specification's
// "Image Addressing and Filtering".
//
// An image argument is the address of its loom_image_t; image_handles.ll
// gives it back from each image type (OpenCL C has no conversion from an
// image to a pointer), and a sampler's bits from a sampler_t.
//
// What the specification leaves undefined (a coordinate out of range with
// CLK_ADDRESS_NONE or without a sampler, a write out of range, a linear
// filter on an integer image) reads a texel of the image or writes none:
// every address is clamped into the image, so a kernel's mistake never
// reads or writes memory outside it.
#include "builtins.h"
#include "metadata/image.h"

// metadata/image.h's sampler bits and formats are OpenCL C's.
#define SAME(CLK, LOOM) _Static_assert((int)(CLK) == (int)(LOOM), #CLK);
SAME(CLK_NORMALIZED_COORDS_TRUE, LOOM_SAMPLER_NORMALIZED_COORDS)
SAME(CLK_ADDRESS_CLAMP_TO_EDGE, LOOM_SAMPLER_ADDRESS_CLAMP_TO_EDGE)
SAME(CLK_ADDRESS_CLAMP, LOOM_SAMPLER_ADDRESS_CLAMP)
SAME(CLK_ADDRESS_REPEAT, LOOM_SAMPLER_ADDRESS_REPEAT)
SAME(CLK_ADDRESS_MIRRORED_REPEAT, LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT)
SAME(CLK_FILTER_NEAREST, LOOM_SAMPLER_FILTER_NEAREST)
SAME(CLK_FILTER_LINEAR, LOOM_SAMPLER_FILTER_LINEAR)
SAME(CLK_R, LOOM_ORDER_R)
SAME(CLK_LUMINANCE, LOOM_ORDER_LUMINANCE)
SAME(CLK_SNORM_INT8, LOOM_TYPE_SNORM_INT8)
SAME(CLK_FLOAT, LOOM_TYPE_FLOAT)

typedef __global const loom_image_t *image_ref;

// clang-format off

// F(image type, access qualifier) for every image type with each access.
#define FOR_IMAGE_TYPES(F, ACCESS)                                             \
  F(image1d_t, ACCESS) F(image1d_buffer_t, ACCESS) F(image1d_array_t, ACCESS) \
  F(image2d_t, ACCESS) F(image2d_array_t, ACCESS) F(image3d_t, ACCESS)
#define FOR_IMAGES(F)                                                          \
  FOR_IMAGE_TYPES(F, read_only) FOR_IMAGE_TYPES(F, write_only)                 \
  FOR_IMAGE_TYPES(F, read_write)

// clang-format on

// Defined in image_handles.ll.
#define DECLARE_HANDLE(T, ACCESS) LOOM_CONST image_ref __loom_image(ACCESS T);
FOR_IMAGES(DECLARE_HANDLE)
LOOM_CONST uint __loom_sampler(sampler_t sampler);

// ---------------------------------------------------------------------------
// Texels
// ---------------------------------------------------------------------------

// The first byte of texel (x, y) of slice or layer z, clamped into the image.
static __global uchar *texel_address(image_ref I, int4 c, int layer) {
  int4 Last = (int4)((int)I->width, (int)I->height, (int)I->depth, 1) - 1;
  int4 In = clamp(c, (int4)0, Last);
  ulong Slice = I->depth > 1 ? (ulong)In.z
                             : (ulong)clamp(layer, 0, (int)I->array_size - 1);
  return (__global uchar *)I->data + Slice * I->slice_pitch +
         (ulong)In.y * I->row_pitch + (ulong)In.x * I->element_size;
}

// The N stored channels (1, 2 or 4) of the texel at P as elements of T, the
// rest 0: one load of the texel, not one per channel.
#define DEFINE_LOAD_STORED(T)                                                  \
  static T##4 load_stored_##T(__global const uchar *P, uint N) {               \
    __global const T *Q = (__global const T *)P;                               \
    if (N == 4)                                                                \
      return vload4(0, Q);                                                     \
    if (N == 2)                                                                \
      return (T##4)(vload2(0, Q), 0, 0);                                       \
    return (T##4)(Q[0], 0, 0, 0);                                              \
  }
DEFINE_LOAD_STORED(uchar)
DEFINE_LOAD_STORED(char)
DEFINE_LOAD_STORED(ushort)
DEFINE_LOAD_STORED(short)
DEFINE_LOAD_STORED(uint)
DEFINE_LOAD_STORED(float)

static float4 load_stored_half(__global const uchar *P, uint N) {
  __global const half *Q = (__global const half *)P;
  if (N == 4)
    return vload_half4(0, Q);
  if (N == 2)
    return (float4)(vload_half2(0, Q), 0.0f, 0.0f);
  return (float4)(vload_half(0, Q), 0.0f, 0.0f, 0.0f);
}

// The stored channels of the texel at P as floats, for a normalized or
// floating-point channel type (0 for an integer one, which read_imagef does
// not read).
static float4 load_stored_f(__global const uchar *P, uint Type, uint N) {
  switch (Type) {
  case LOOM_TYPE_UNORM_INT8:
    return convert_float4(load_stored_uchar(P, N)) / 255.0f;
  case LOOM_TYPE_UNORM_INT16:
    return convert_float4(load_stored_ushort(P, N)) / 65535.0f;
  case LOOM_TYPE_SNORM_INT8:
    return fmax(convert_float4(load_stored_char(P, N)) / 127.0f, -1.0f);
  case LOOM_TYPE_SNORM_INT16:
    return fmax(convert_float4(load_stored_short(P, N)) / 32767.0f, -1.0f);
  case LOOM_TYPE_HALF_FLOAT:
    return load_stored_half(P, N);
  case LOOM_TYPE_FLOAT:
    return load_stored_float(P, N);
  default:
    return 0.0f;
  }
}

// The stored channels of the texel at P as 32-bit integers: signed channel
// types sign-extended, the others zero-extended.
static uint4 load_stored_i(__global const uchar *P, uint Type, uint N) {
  switch (Type) {
  case LOOM_TYPE_SIGNED_INT8:
    return as_uint4(convert_int4(load_stored_char(P, N)));
  case LOOM_TYPE_SIGNED_INT16:
    return as_uint4(convert_int4(load_stored_short(P, N)));
  case LOOM_TYPE_UNSIGNED_INT8:
    return convert_uint4(load_stored_uchar(P, N));
  case LOOM_TYPE_UNSIGNED_INT16:
    return convert_uint4(load_stored_ushort(P, N));
  case LOOM_TYPE_SIGNED_INT32:
  case LOOM_TYPE_UNSIGNED_INT32:
    return load_stored_uint(P, N);
  default:
    return 0;
  }
}

// The color (r, g, b, a) of the texel whose stored channels are C, in the
// order the channel order stores them; One is the 1 of a missing alpha.
#define DEFINE_TO_COLOR(T, One)                                                \
  static T##4 to_color_##T(uint Order, T##4 C) {                               \
    switch (Order) {                                                           \
    case LOOM_ORDER_R:                                                         \
      return (T##4)(C.x, 0, 0, One);                                           \
    case LOOM_ORDER_A:                                                         \
      return (T##4)(0, 0, 0, C.x);                                             \
    case LOOM_ORDER_RG:                                                        \
      return (T##4)(C.x, C.y, 0, One);                                         \
    case LOOM_ORDER_RA:                                                        \
      return (T##4)(C.x, 0, 0, C.y);                                           \
    case LOOM_ORDER_BGRA:                                                      \
      return C.zyxw;                                                           \
    case LOOM_ORDER_ARGB:                                                      \
      return C.yzwx;                                                           \
    case LOOM_ORDER_INTENSITY:                                                 \
      return C.xxxx;                                                           \
    case LOOM_ORDER_LUMINANCE:                                                 \
      return (T##4)(C.x, C.x, C.x, One);                                       \
    default:                                                                   \
      return C;                                                                \
    }                                                                          \
  }
DEFINE_TO_COLOR(float, 1.0f)
DEFINE_TO_COLOR(uint, 1u)

// The stored channels of color V, the inverse of to_color: the channels the
// order has, in its order (the rest are not stored).
#define DEFINE_FROM_COLOR(T)                                                   \
  static T##4 from_color_##T(uint Order, T##4 V) {                             \
    switch (Order) {                                                           \
    case LOOM_ORDER_A:                                                         \
      return V.wwww;                                                           \
    case LOOM_ORDER_RA:                                                        \
      return V.xwzw;                                                           \
    case LOOM_ORDER_BGRA:                                                      \
      return V.zyxw;                                                           \
    case LOOM_ORDER_ARGB:                                                      \
      return V.wxyz;                                                           \
    default:                                                                   \
      return V;                                                                \
    }                                                                          \
  }
DEFINE_FROM_COLOR(float)
DEFINE_FROM_COLOR(uint)

static float4 load_texel_f(image_ref I, int4 C, int Layer) {
  uint N = loom_image_channel_count(I->channel_order);
  return to_color_float(
      I->channel_order,
      load_stored_f(texel_address(I, C, Layer), I->channel_type, N));
}

static uint4 load_texel_i(image_ref I, int4 C, int Layer) {
  uint N = loom_image_channel_count(I->channel_order);
  return to_color_uint(
      I->channel_order,
      load_stored_i(texel_address(I, C, Layer), I->channel_type, N));
}

// Stores the N channels (1, 2 or 4) of V at P, one store of the texel,
// where Inside says: the branch on the format stays outside the one on the
// coordinates, so that a vector kernel, whose lanes may disagree on Inside,
// runs one masked store, not every format's.
#define DEFINE_STORE_STORED(T)                                                 \
  static void store_stored_##T(__global uchar *P, uint N, T##4 V,              \
                               bool Inside) {                                  \
    __global T *Q = (__global T *)P;                                           \
    if (N == 4) {                                                              \
      if (Inside)                                                              \
        vstore4(V, 0, Q);                                                      \
    } else if (N == 2) {                                                       \
      if (Inside)                                                              \
        vstore2(V.xy, 0, Q);                                                   \
    } else if (Inside) {                                                       \
      Q[0] = V.x;                                                              \
    }                                                                          \
  }
DEFINE_STORE_STORED(uchar)
DEFINE_STORE_STORED(char)
DEFINE_STORE_STORED(ushort)
DEFINE_STORE_STORED(short)
DEFINE_STORE_STORED(uint)
DEFINE_STORE_STORED(float)

static void store_stored_half(__global uchar *P, uint N, float4 V,
                              bool Inside) {
  __global half *Q = (__global half *)P;
  if (N == 4) {
    if (Inside)
      vstore_half4_rte(V, 0, Q);
  } else if (N == 2) {
    if (Inside)
      vstore_half2_rte(V.xy, 0, Q);
  } else if (Inside) {
    vstore_half_rte(V.x, 0, Q);
  }
}

// Whether C (or Layer) lies outside the image: a write there is dropped.
static bool outside(image_ref I, int4 C, int Layer) {
  int4 Size = (int4)((int)I->width, (int)I->height, (int)I->depth, 1);
  return any(C < 0 || C >= Size) || Layer < 0 || Layer >= (int)I->array_size;
}

// write_imagef: the color converted to the channel type (normalized types
// scaled, rounded to nearest even and saturated).
static void store_texel_f(image_ref I, int4 C, int Layer, float4 Color) {
  bool Inside = !outside(I, C, Layer);
  __global uchar *P = texel_address(I, C, Layer);
  uint N = loom_image_channel_count(I->channel_order);
  float4 V = from_color_float(I->channel_order, Color);
  switch (I->channel_type) {
  case LOOM_TYPE_UNORM_INT8:
    store_stored_uchar(P, N, convert_uchar4_sat_rte(V * 255.0f), Inside);
    break;
  case LOOM_TYPE_UNORM_INT16:
    store_stored_ushort(P, N, convert_ushort4_sat_rte(V * 65535.0f), Inside);
    break;
  case LOOM_TYPE_SNORM_INT8:
    store_stored_char(P, N, convert_char4_sat_rte(V * 127.0f), Inside);
    break;
  case LOOM_TYPE_SNORM_INT16:
    store_stored_short(P, N, convert_short4_sat_rte(V * 32767.0f), Inside);
    break;
  case LOOM_TYPE_HALF_FLOAT:
    store_stored_half(P, N, V, Inside);
    break;
  case LOOM_TYPE_FLOAT:
    store_stored_float(P, N, V, Inside);
    break;
  }
}

// write_imagei and write_imageui: V signed for the first, unsigned for the
// second, saturated to the channel type.
static void store_texel_i(image_ref I, int4 C, int Layer, uint4 Color,
                          bool Signed) {
  bool Inside = !outside(I, C, Layer);
  __global uchar *P = texel_address(I, C, Layer);
  uint N = loom_image_channel_count(I->channel_order);
  uint4 V = from_color_uint(I->channel_order, Color);
  int4 S = as_int4(V);
  switch (I->channel_type) {
  case LOOM_TYPE_SIGNED_INT8:
    store_stored_char(
        P, N, Signed ? convert_char4_sat(S) : convert_char4_sat(V), Inside);
    break;
  case LOOM_TYPE_SIGNED_INT16:
    store_stored_short(
        P, N, Signed ? convert_short4_sat(S) : convert_short4_sat(V), Inside);
    break;
  case LOOM_TYPE_UNSIGNED_INT8:
    store_stored_uchar(
        P, N, Signed ? convert_uchar4_sat(S) : convert_uchar4_sat(V), Inside);
    break;
  case LOOM_TYPE_UNSIGNED_INT16:
    store_stored_ushort(
        P, N, Signed ? convert_ushort4_sat(S) : convert_ushort4_sat(V), Inside);
    break;
  case LOOM_TYPE_SIGNED_INT32:
  case LOOM_TYPE_UNSIGNED_INT32:
    store_stored_uint(P, N, V, Inside);
    break;
  }
}

// ---------------------------------------------------------------------------
// Addressing and filtering
// ---------------------------------------------------------------------------

// The color of a texel outside an image whose sampler clamps to the border:
// transparent black for the orders with alpha, opaque black for the others.
static bool has_alpha(uint Order) {
  return Order == LOOM_ORDER_A || Order == LOOM_ORDER_RA ||
         Order == LOOM_ORDER_RGBA || Order == LOOM_ORDER_BGRA ||
         Order == LOOM_ORDER_ARGB || Order == LOOM_ORDER_INTENSITY;
}

static int4 image_size(image_ref I) {
  return (int4)((int)I->width, (int)I->height, (int)I->depth, 1);
}

// The dimensions a coordinate of Dims dimensions has: -1 in those lanes.
static int4 dims_mask(int Dims) { return (int4)(0, 1, 2, 3) < Dims; }

// The layer an array image's float coordinate names.
static int layer_of(image_ref I, float L) {
  return clamp(convert_int_sat_rte(L), 0, (int)I->array_size - 1);
}

// Whether a texel at C of a sampler clamping to the border is the border.
static bool is_border(uint Sampler, int4 C, int4 Size) {
  return (Sampler & LOOM_SAMPLER_ADDRESS_MASK) == LOOM_SAMPLER_ADDRESS_CLAMP &&
         any(C < 0 || C >= Size);
}

// The texel of float coordinate S (Dims dimensions) under nearest filtering.
static int4 nearest_texel(float4 S, int4 Size, uint Sampler, int Dims) {
  float4 FSize = convert_float4(Size);
  uint Mode = Sampler & LOOM_SAMPLER_ADDRESS_MASK;
  int4 C;
  if (Mode == LOOM_SAMPLER_ADDRESS_REPEAT) {
    C = convert_int4_sat_rtn((S - floor(S)) * FSize);
    C = select(C, C - Size, C > Size - 1);
  } else if (Mode == LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT) {
    float4 M = fabs(S - 2.0f * rint(0.5f * S));
    C = min(convert_int4_sat_rtn(M * FSize), Size - 1);
  } else {
    float4 U = (Sampler & LOOM_SAMPLER_NORMALIZED_COORDS) ? S * FSize : S;
    C = convert_int4_sat_rtn(U);
  }
  return C & dims_mask(Dims);
}

// The two texels per dimension, I0 and I0 + 1 (wrapped or mirrored as the
// mode says), of float coordinate S under linear filtering, and the weight
// of the second.
static void linear_texels(float4 S, int4 Size, uint Sampler, int Dims, int4 *I0,
                          int4 *I1, float4 *Weight) {
  float4 FSize = convert_float4(Size);
  uint Mode = Sampler & LOOM_SAMPLER_ADDRESS_MASK;
  float4 U;
  if (Mode == LOOM_SAMPLER_ADDRESS_REPEAT)
    U = (S - floor(S)) * FSize;
  else if (Mode == LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT)
    U = fabs(S - 2.0f * rint(0.5f * S)) * FSize;
  else
    U = (Sampler & LOOM_SAMPLER_NORMALIZED_COORDS) ? S * FSize : S;
  float4 Below = floor(U - 0.5f);
  int4 A = convert_int4_sat(Below);
  int4 B = A + 1;
  if (Mode == LOOM_SAMPLER_ADDRESS_REPEAT) {
    A = select(A, A + Size, A < 0);
    B = select(B, B - Size, B > Size - 1);
  } else if (Mode == LOOM_SAMPLER_ADDRESS_MIRRORED_REPEAT) {
    A = max(A, 0);
    B = min(B, Size - 1);
  }
  int4 Mask = dims_mask(Dims);
  *I0 = A & Mask;
  *I1 = B & Mask;
  *Weight = select((float4)0.0f, (U - 0.5f) - Below, Mask);
}

// A texel of a sampled read: the border color where the sampler says so.
// The texel is loaded either way (its address is clamped into the image)
// and the border chosen after, so that a vector kernel, whose lanes may
// disagree on the border, has no branch around the load, whose format's
// uniform branches it would otherwise run every side of.
static float4 sampled_texel_f(image_ref I, uint Sampler, int4 C, int Layer) {
  float4 Texel = load_texel_f(I, C, Layer);
  float4 Border =
      (float4)(0.0f, 0.0f, 0.0f, has_alpha(I->channel_order) ? 0.0f : 1.0f);
  return is_border(Sampler, C, image_size(I)) ? Border : Texel;
}

static uint4 sampled_texel_i(image_ref I, uint Sampler, int4 C, int Layer) {
  uint4 Texel = load_texel_i(I, C, Layer);
  uint4 Border = (uint4)(0, 0, 0, has_alpha(I->channel_order) ? 0 : 1);
  return is_border(Sampler, C, image_size(I)) ? Border : Texel;
}

static float4 lerp4(float4 A, float4 B, float W) { return A + (B - A) * W; }

// read_imagef at float coordinate S: nearest, or the weighted mean of the
// 2, 4 or 8 texels around it.
static float4 sample_f(image_ref I, uint Sampler, float4 S, int Layer,
                       int Dims) {
  int4 Size = image_size(I);
  if ((Sampler & LOOM_SAMPLER_FILTER_MASK) != LOOM_SAMPLER_FILTER_LINEAR ||
      loom_image_type_is_integer(I->channel_type))
    return sampled_texel_f(I, Sampler, nearest_texel(S, Size, Sampler, Dims),
                           Layer);
  int4 A, B;
  float4 W;
  linear_texels(S, Size, Sampler, Dims, &A, &B, &W);
  float4 X0 =
      lerp4(sampled_texel_f(I, Sampler, A, Layer),
            sampled_texel_f(I, Sampler, (int4)(B.x, A.yzw), Layer), W.x);
  if (Dims == 1)
    return X0;
  float4 X1 =
      lerp4(sampled_texel_f(I, Sampler, (int4)(A.x, B.y, A.zw), Layer),
            sampled_texel_f(I, Sampler, (int4)(B.xy, A.zw), Layer), W.x);
  float4 Y0 = lerp4(X0, X1, W.y);
  if (Dims == 2)
    return Y0;
  float4 X2 = lerp4(
      sampled_texel_f(I, Sampler, (int4)(A.xy, B.z, A.w), Layer),
      sampled_texel_f(I, Sampler, (int4)(B.x, A.y, B.z, A.w), Layer), W.x);
  float4 X3 =
      lerp4(sampled_texel_f(I, Sampler, (int4)(A.x, B.yz, A.w), Layer),
            sampled_texel_f(I, Sampler, (int4)(B.xyz, A.w), Layer), W.x);
  return lerp4(Y0, lerp4(X2, X3, W.y), W.z);
}

static uint4 sample_i(image_ref I, uint Sampler, float4 S, int Layer,
                      int Dims) {
  return sampled_texel_i(I, Sampler,
                         nearest_texel(S, image_size(I), Sampler, Dims), Layer);
}

// ---------------------------------------------------------------------------
// The builtins
// ---------------------------------------------------------------------------

// Each image type's coordinates: CI and CF its integer and float coordinate
// types, DIMS its spatial dimensions, SPATIAL(c) the int4 or float4 of
// them (zero beyond DIMS) and LAYER(c) its layer (0 for no array).
#define COORDS_image1d_t(X) X(image1d_t, int, float, 1, (c, 0, 0, 0), 0)
#define COORDS_image1d_buffer_t(X)                                             \
  X(image1d_buffer_t, int, float, 1, (c, 0, 0, 0), 0)
#define COORDS_image1d_array_t(X)                                              \
  X(image1d_array_t, int2, float2, 1, (c.x, 0, 0, 0), c.y)
#define COORDS_image2d_t(X) X(image2d_t, int2, float2, 2, (c, 0, 0), 0)
#define COORDS_image2d_array_t(X)                                              \
  X(image2d_array_t, int4, float4, 2, (c.xy, 0, 0), c.z)
#define COORDS_image3d_t(X) X(image3d_t, int4, float4, 3, (c.xyz, 0), 0)

// The integer layer of an integer coordinate, clamped like a float one's.
static int int_layer(image_ref I, int L) {
  return clamp(L, 0, (int)I->array_size - 1);
}

// Reads with a sampler and integer coordinates: the sampler must be
// unnormalized and nearest; CLK_ADDRESS_CLAMP still gives the border.
static float4 read_int_coord_f(image_ref I, uint Sampler, int4 C, int Layer) {
  return sampled_texel_f(I, Sampler, C, Layer);
}
static uint4 read_int_coord_i(image_ref I, uint Sampler, int4 C, int Layer) {
  return sampled_texel_i(I, Sampler, C, Layer);
}

#define SAMPLED_READS(T, CI, CF, DIMS, SPATIAL, LAYER)                         \
  LOOM_OVERLOAD float4 read_imagef(read_only T img, sampler_t s, CI c) {       \
    image_ref I = __loom_image(img);                                           \
    return read_int_coord_f(I, __loom_sampler(s), (int4)SPATIAL,               \
                            int_layer(I, LAYER));                              \
  }                                                                            \
  LOOM_OVERLOAD float4 read_imagef(read_only T img, sampler_t s, CF c) {       \
    image_ref I = __loom_image(img);                                           \
    return sample_f(I, __loom_sampler(s), (float4)SPATIAL, layer_of(I, LAYER), \
                    DIMS);                                                     \
  }                                                                            \
  LOOM_OVERLOAD int4 read_imagei(read_only T img, sampler_t s, CI c) {         \
    image_ref I = __loom_image(img);                                           \
    return as_int4(read_int_coord_i(I, __loom_sampler(s), (int4)SPATIAL,       \
                                    int_layer(I, LAYER)));                     \
  }                                                                            \
  LOOM_OVERLOAD int4 read_imagei(read_only T img, sampler_t s, CF c) {         \
    image_ref I = __loom_image(img);                                           \
    return as_int4(sample_i(I, __loom_sampler(s), (float4)SPATIAL,             \
                            layer_of(I, LAYER), DIMS));                        \
  }                                                                            \
  LOOM_OVERLOAD uint4 read_imageui(read_only T img, sampler_t s, CI c) {       \
    image_ref I = __loom_image(img);                                           \
    return read_int_coord_i(I, __loom_sampler(s), (int4)SPATIAL,               \
                            int_layer(I, LAYER));                              \
  }                                                                            \
  LOOM_OVERLOAD uint4 read_imageui(read_only T img, sampler_t s, CF c) {       \
    image_ref I = __loom_image(img);                                           \
    return sample_i(I, __loom_sampler(s), (float4)SPATIAL, layer_of(I, LAYER), \
                    DIMS);                                                     \
  }

// Reads without a sampler: integer coordinates, no filtering, no border.
#define PLAIN_READS(T, CI, CF, DIMS, SPATIAL, LAYER, ACCESS)                   \
  LOOM_OVERLOAD float4 read_imagef(ACCESS T img, CI c) {                       \
    image_ref I = __loom_image(img);                                           \
    return load_texel_f(I, (int4)SPATIAL, int_layer(I, LAYER));                \
  }                                                                            \
  LOOM_OVERLOAD int4 read_imagei(ACCESS T img, CI c) {                         \
    image_ref I = __loom_image(img);                                           \
    return as_int4(load_texel_i(I, (int4)SPATIAL, int_layer(I, LAYER)));       \
  }                                                                            \
  LOOM_OVERLOAD uint4 read_imageui(ACCESS T img, CI c) {                       \
    image_ref I = __loom_image(img);                                           \
    return load_texel_i(I, (int4)SPATIAL, int_layer(I, LAYER));                \
  }
#define PLAIN_READS_RO(T, CI, CF, DIMS, SPATIAL, LAYER)                        \
  PLAIN_READS(T, CI, CF, DIMS, SPATIAL, LAYER, read_only)
#define PLAIN_READS_RW(T, CI, CF, DIMS, SPATIAL, LAYER)                        \
  PLAIN_READS(T, CI, CF, DIMS, SPATIAL, LAYER, read_write)

#define WRITES(T, CI, CF, DIMS, SPATIAL, LAYER, ACCESS)                        \
  LOOM_OVERLOAD void write_imagef(ACCESS T img, CI c, float4 color) {          \
    store_texel_f(__loom_image(img), (int4)SPATIAL, LAYER, color);             \
  }                                                                            \
  LOOM_OVERLOAD void write_imagei(ACCESS T img, CI c, int4 color) {            \
    store_texel_i(__loom_image(img), (int4)SPATIAL, LAYER, as_uint4(color),    \
                  true);                                                       \
  }                                                                            \
  LOOM_OVERLOAD void write_imageui(ACCESS T img, CI c, uint4 color) {          \
    store_texel_i(__loom_image(img), (int4)SPATIAL, LAYER, color, false);      \
  }
#define WRITES_WO(T, CI, CF, DIMS, SPATIAL, LAYER)                             \
  WRITES(T, CI, CF, DIMS, SPATIAL, LAYER, write_only)
#define WRITES_RW(T, CI, CF, DIMS, SPATIAL, LAYER)                             \
  WRITES(T, CI, CF, DIMS, SPATIAL, LAYER, read_write)

// clang-format off
COORDS_image1d_t(SAMPLED_READS) COORDS_image1d_array_t(SAMPLED_READS)
COORDS_image2d_t(SAMPLED_READS) COORDS_image2d_array_t(SAMPLED_READS)
COORDS_image3d_t(SAMPLED_READS)

#define FOR_COORDS(X)                                                          \
  COORDS_image1d_t(X) COORDS_image1d_buffer_t(X) COORDS_image1d_array_t(X)    \
  COORDS_image2d_t(X) COORDS_image2d_array_t(X) COORDS_image3d_t(X)
FOR_COORDS(PLAIN_READS_RO) FOR_COORDS(PLAIN_READS_RW)
FOR_COORDS(WRITES_WO) FOR_COORDS(WRITES_RW)
// clang-format on

// The queries, for every image type and access.
#define WIDTH(T, ACCESS)                                                       \
  LOOM_OVERLOAD int get_image_width(ACCESS T img) {                            \
    return (int)__loom_image(img)->width;                                      \
  }                                                                            \
  LOOM_OVERLOAD int get_image_channel_data_type(ACCESS T img) {                \
    return (int)__loom_image(img)->channel_type;                               \
  }                                                                            \
  LOOM_OVERLOAD int get_image_channel_order(ACCESS T img) {                    \
    return (int)__loom_image(img)->channel_order;                              \
  }
                    FOR_IMAGES(WIDTH)

#define FOR_ACCESSES(F, T) F(T, read_only) F(T, write_only) F(T, read_write)
#define HEIGHT(T, ACCESS)                                                      \
  LOOM_OVERLOAD int get_image_height(ACCESS T img) {                           \
    return (int)__loom_image(img)->height;                                     \
  }
#define DIM_2D(T, ACCESS)                                                      \
  LOOM_OVERLOAD int2 get_image_dim(ACCESS T img) {                             \
    image_ref I = __loom_image(img);                                           \
    return (int2)((int)I->width, (int)I->height);                              \
  }
#define DEPTH_AND_DIM_3D(T, ACCESS)                                            \
  LOOM_OVERLOAD int get_image_depth(ACCESS T img) {                            \
    return (int)__loom_image(img)->depth;                                      \
  }                                                                            \
  LOOM_OVERLOAD int4 get_image_dim(ACCESS T img) {                             \
    image_ref I = __loom_image(img);                                           \
    return (int4)((int)I->width, (int)I->height, (int)I->depth, 0);            \
  }
#define ARRAY_SIZE(T, ACCESS)                                                  \
  LOOM_OVERLOAD size_t get_image_array_size(ACCESS T img) {                    \
    return __loom_image(img)->array_size;                                      \
  }
    // clang-format off
FOR_ACCESSES(HEIGHT, image2d_t) FOR_ACCESSES(HEIGHT, image2d_array_t)
FOR_ACCESSES(HEIGHT, image3d_t)
FOR_ACCESSES(DIM_2D, image2d_t) FOR_ACCESSES(DIM_2D, image2d_array_t)
FOR_ACCESSES(DEPTH_AND_DIM_3D, image3d_t)
FOR_ACCESSES(ARRAY_SIZE, image1d_array_t)
FOR_ACCESSES(ARRAY_SIZE, image2d_array_t)
    // clang-format on
