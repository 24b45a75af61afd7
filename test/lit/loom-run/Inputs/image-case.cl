// Reads each texel of an image through a sampler and writes it to a
// buffer, and twice it to another image.
kernel void copy_and_double(read_only image2d_t in, sampler_t s,
                            global float4 *texels, write_only image2d_t out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 t = read_imagef(in, s, convert_float2(p) + 0.5f);
  texels[p.y * get_image_width(in) + p.x] = t;
  write_imagef(out, p, t * 2.0f);
}
