// vecz_divergence.cl: kernels whose control flow diverges between
// work-items in acyclic ways (if/else chains, nested branches, bounds
// checks with a uniform load inside), for Vecz's control-flow conversion.

kernel void classify(global const int *in, global int *out, int t) {
  size_t i = get_global_id(0);
  int x = in[i];
  int y;
  if (x > t)
    y = 2 * x;
  else if (x < -t)
    y = -x;
  else
    y = 0;
  if ((i & 3) == 1 && y != 0) {
    if (y > 1000)
      out[i + 1 - 1] = y - 1000; // Stored only on the innermost path.
    y += 1;
  }
  out[i] += y;
}

// Work-items at or past n must not touch in[] or out[]: the host places
// sentinels there.
kernel void guarded_scale(global const float *in, global float *out,
                          global const float *scale, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    out[i] = in[i] * scale[0] + (float)i;
}
