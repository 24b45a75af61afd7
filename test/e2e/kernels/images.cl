// Images and samplers (image_test.cpp): each kernel reads or writes an image
// at the coordinates the test chooses and leaves what it saw in a buffer,
// which the test checks against its own model of the specification.

// Every texel of a 2D image without a sampler, row by row.
kernel void read_texels_f(read_only image2d_t img, global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * get_image_width(img) + x] = read_imagef(img, (int2)(x, y));
}

kernel void read_texels_i(read_only image2d_t img, global int4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * get_image_width(img) + x] = read_imagei(img, (int2)(x, y));
}

kernel void read_texels_ui(read_only image2d_t img, global uint4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * get_image_width(img) + x] = read_imageui(img, (int2)(x, y));
}

kernel void write_texels_f(write_only image2d_t img, global const float4 *in) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(img, (int2)(x, y), in[y * get_image_width(img) + x]);
}

kernel void write_texels_i(write_only image2d_t img, global const int4 *in) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagei(img, (int2)(x, y), in[y * get_image_width(img) + x]);
}

kernel void write_texels_ui(write_only image2d_t img, global const uint4 *in) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imageui(img, (int2)(x, y), in[y * get_image_width(img) + x]);
}

// read_imagef at each coordinate, with a sampler argument or a literal.
kernel void sample_2d(read_only image2d_t img, sampler_t s,
                      global const float2 *coords, global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_2d_int(read_only image2d_t img, sampler_t s,
                          global const int2 *coords, global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_2d_literal(read_only image2d_t img,
                              global const float2 *coords, global float4 *out) {
  const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT |
                      CLK_FILTER_LINEAR;
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_3d(read_only image3d_t img, sampler_t s,
                      global const float4 *coords, global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_1d_array(read_only image1d_array_t img, sampler_t s,
                            global const float2 *coords, global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

kernel void sample_2d_array_ui(read_only image2d_array_t img, sampler_t s,
                               global const float4 *coords, global uint4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imageui(img, s, coords[i]);
}

// Copies a 2D array layer by layer into a 3D image's buffer of texels.
kernel void copy_array_texels(read_only image2d_array_t img,
                              global uint4 *out) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  int2 dim = get_image_dim(img);
  out[(z * dim.y + y) * dim.x + x] = read_imageui(img, (int4)(x, y, z, 0));
}

// Writes every texel of a 1D array, each layer its own value.
kernel void write_1d_array(write_only image1d_array_t img) {
  int x = get_global_id(0), layer = get_global_id(1);
  write_imagef(img, (int2)(x, layer), (float4)(x, layer, x + layer, 1.0f));
}

kernel void queries(read_only image3d_t a, write_only image2d_array_t b,
                    read_only image1d_t c, read_only image1d_buffer_t d,
                    global int *out) {
  int4 dim3 = get_image_dim(a);
  int2 dim2 = get_image_dim(b);
  out[0] = get_image_width(a);
  out[1] = get_image_height(a);
  out[2] = get_image_depth(a);
  out[3] = dim3.x + dim3.y * 100 + dim3.z * 10000 + dim3.w;
  out[4] = get_image_width(b);
  out[5] = get_image_height(b);
  out[6] = dim2.x * 100 + dim2.y;
  out[7] = (int)get_image_array_size(b);
  out[8] = get_image_width(c);
  out[9] = get_image_width(d);
  out[10] = get_image_channel_order(a) == CLK_RGBA &&
            get_image_channel_data_type(a) == CLK_FLOAT;
  out[11] = get_image_channel_order(b) == CLK_BGRA &&
            get_image_channel_data_type(b) == CLK_UNORM_INT8;
  out[12] = get_image_channel_order(c) == CLK_R &&
            get_image_channel_data_type(c) == CLK_SIGNED_INT16;
  out[13] = get_image_channel_order(d) == CLK_RG &&
            get_image_channel_data_type(d) == CLK_HALF_FLOAT;
}

// Reads and writes far outside the image: what the specification leaves
// undefined stays inside it (image.cl clamps reads and drops writes).
kernel void out_of_range(read_only image2d_t in, write_only image2d_t out,
                         global const int2 *coords, global float4 *seen) {
  size_t i = get_global_id(0);
  seen[i] = read_imagef(in, coords[i]);
  write_imagef(out, coords[i], (float4)(-1.0f));
}
