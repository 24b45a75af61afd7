// blur.cl: a 3x3 blur of an RGBA float image through a linear sampler. The
// four reads halfway between texels each average a 2x2 block, and their
// mean weighs the 3x3 block 1 2 1 / 2 4 2 / 1 2 1 (over 16): the usual way
// a GPU program blurs with its texture units.
kernel void blur_image(read_only image2d_t in, write_only image2d_t out,
                       sampler_t linear) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float2 c = convert_float2(p) + 0.5f;
  float4 sum = read_imagef(in, linear, c + (float2)(-0.5f, -0.5f)) +
               read_imagef(in, linear, c + (float2)(0.5f, -0.5f)) +
               read_imagef(in, linear, c + (float2)(-0.5f, 0.5f)) +
               read_imagef(in, linear, c + (float2)(0.5f, 0.5f));
  write_imagef(out, p, sum * 0.25f);
}
