// Kernels of the kinds that were behind pocl when written elsewhere
// (issue 37): each reproduces one kind from its description, written here.

// Barriers inside if/else on a uniform condition (a kernel argument, one
// bit per round): the branches have different barrier sequences, through a
// __local tile passed as an argument.
kernel void uniform_branch_barriers(global const float *in, global float *out,
                                    local float *tile, int mode, int rounds) {
  size_t l = get_local_id(0), g = get_global_id(0), n = get_local_size(0);
  float v = in[g];
  for (int r = 0; r < rounds; ++r) {
    tile[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if ((mode >> (r % 4)) & 1) {
      v = 0.5f * (tile[(l + 1) % n] + tile[l]);
      barrier(CLK_LOCAL_MEM_FENCE);
      tile[l] = v;
      barrier(CLK_LOCAL_MEM_FENCE);
      v = tile[(l + n - 1) % n] - 0.25f * tile[l];
    } else {
      v = tile[n - 1 - l];
      barrier(CLK_LOCAL_MEM_FENCE);
      tile[l] = v;
      barrier(CLK_LOCAL_MEM_FENCE);
      v = 0.5f * (v + tile[(l + 2) % n]);
      barrier(CLK_LOCAL_MEM_FENCE);
      tile[l] = v;
      barrier(CLK_LOCAL_MEM_FENCE);
      v = tile[(l + 3) % n] * 0.75f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[g] = v;
}

// Barriers inside a helper that is not inlined: a tree sum over the group
// (any size up to 128), called from two sites.
__attribute__((noinline)) float group_sum(local float *scratch, float x) {
  size_t l = get_local_id(0), n = get_local_size(0);
  scratch[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = 64; s > 0; s >>= 1) {
    if (l < s && l + s < n)
      scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float total = scratch[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  return total;
}

kernel void helper_barriers(global const float *in, global float *out,
                            local float *scratch) {
  size_t g = get_global_id(0);
  float x = in[g];
  float mean = group_sum(scratch, x) / (float)get_local_size(0);
  float d = x - mean;
  out[g] = d * group_sum(scratch, d * d);
}

// The geometric functions on 2-, 3- and 4-element float and double vectors,
// through vload3 and vstore3.
kernel void geometry(global const float *a, global const float *b,
                     global float *out, global const double *da,
                     global const double *db, global double *outd) {
  size_t i = get_global_id(0);
  float3 x = vload3(i, a), y = vload3(i, b);
  float2 x2 = x.xy, y2 = y.yz;
  float4 x4 = (float4)(x, y.x), y4 = (float4)(y, x.z);
  float r = dot(x, y) + dot(x2, y2) + dot(x4, y4) + length(x) + length(y2) +
            length(y4) + distance(x, y) + distance(x2, y2) + distance(x4, y4);
  float3 n = normalize(x) * r + cross(x, y) + (float3)(normalize(x2), 0.0f) +
             normalize(y4).xyz + cross(x4, y4).xyz;
  vstore3(n, i, out);
  double3 dx = vload3(i, da), dy = vload3(i, db);
  double2 dx2 = dx.xy, dy2 = dy.yz;
  double4 dx4 = (double4)(dx, dy.x), dy4 = (double4)(dy, dx.z);
  double dr = dot(dx, dy) + dot(dx2, dy2) + dot(dx4, dy4) + length(dx) +
              length(dy2) + length(dy4) + distance(dx, dy) +
              distance(dx2, dy2) + distance(dx4, dy4);
  double3 dn = normalize(dx) * dr + cross(dx, dy) +
               (double3)(normalize(dx2), 0.0) + normalize(dy4).xyz +
               cross(dx4, dy4).xyz;
  vstore3(dn, i, outd);
}

// A 256-bin histogram per work-group in __local memory with atomic_inc, of
// the byte at `shift` of each key; each work-item counts `per_item` keys,
// strided by the group's size.
kernel void local_histogram(global const uint *keys, global uint *partial,
                            uint per_item, uint shift) {
  local uint bins[256];
  size_t l = get_local_id(0), n = get_local_size(0);
  for (size_t b = l; b < 256; b += n)
    bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t base = get_group_id(0) * n * per_item + l;
  for (uint k = 0; k < per_item; ++k)
    atomic_inc(&bins[(keys[base + k * n] >> shift) & 255]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t b = l; b < 256; b += n)
    partial[get_group_id(0) * 256 + b] = bins[b];
}

// 19 arguments: scalars of every width, placed against their natural
// alignment, and two 8-byte structs by value.
typedef struct {
  int count;
  float weight;
} pair_t;

typedef struct {
  short small;
  uchar tag;
  char sign;
  uint big;
} packed_t;

kernel void many_arguments(global const float *in, char c0, long l0, short s0,
                           double d0, uchar u0, int i0, pair_t p, ushort us0,
                           ulong ul0, char c1, float f0, packed_t q, uint ui0,
                           short s1, double d1, global float *out, uchar u1,
                           long l1) {
  size_t i = get_global_id(0);
  float integers = (float)(c0 + l0 + s0 + u0 + i0 + p.count + us0 +
                           (long)(ul0 & 0xffff) + c1 + q.small + q.tag +
                           q.sign + (long)(q.big & 0xffff) + ui0 + s1 + u1 +
                           l1);
  out[i] = in[i] * (f0 + p.weight) + integers * (float)(d0 - d1) * 1e-3f;
}

// shuffle, shuffle2, select, bitselect and the relational functions on
// float8, double4 and int8.
kernel void shuffles(global const float8 *a, global const float8 *b,
                     global const double4 *da, global const double4 *db,
                     global const int8 *ia, global const int8 *ib,
                     global float8 *outf, global double4 *outd,
                     global int8 *outi) {
  size_t i = get_global_id(0);
  float8 x = a[i], y = b[i];
  uint8 turn = (uint8)(7, 0, 6, 1, 5, 2, 4, 3);
  uint8 mix = (uint8)(0, 9, 2, 11, 4, 13, 6, 15) ^ (uint8)(i & 1);
  float8 s = shuffle(x, turn), t = shuffle2(x, y, mix);
  int8 less = isless(s, t);
  float8 m = select(s, t, less);
  float8 masked = bitselect(x, y, as_float8(ia[i] & (int8)0x7f800000));
  outf[i] = m + masked * convert_float8(isgreater(x, y) + islessequal(x, m));
  double4 dx = da[i], dy = db[i];
  double4 dm = select(dx, dy, isgreaterequal(dx, dy));
  double4 ds = shuffle2(dx, dy, (ulong4)(1, 6, 3, 4));
  outd[i] = dm * shuffle(ds, (ulong4)(3, 2, 1, 0)) +
            convert_double4(isnotequal(dx, ds));
  int8 p = ia[i], q = ib[i];
  int8 sel = select(p, q, p > q);
  outi[i] = bitselect(shuffle2(p, q, mix), sel, (int8)0x00ff00ff) +
            (isequal(convert_float8(p & 7), convert_float8(q & 7)));
}

// A matrix-vector product, one row per work-item (PolyBench's gesummv:
// y = alpha A x + beta B x).
kernel void gesummv(global const float *A, global const float *B,
                    global const float *x, global float *y, float alpha,
                    float beta, int n) {
  int i = get_global_id(0);
  float t = 0.0f, u = 0.0f;
  for (int j = 0; j < n; ++j) {
    t += A[i * n + j] * x[j];
    u += B[i * n + j] * x[j];
  }
  y[i] = alpha * t + beta * u;
}

// Every OpenCL 1.x global atomic into 256 hashed bins of 10 counters, and a
// compare-and-swap loop.
kernel void global_atomics(global const uint *keys, global int *bins) {
  uint k = keys[get_global_id(0)];
  global int *b = bins + ((k * 2654435761u) >> 24) * 10;
  atomic_add(&b[0], (int)(k & 15));
  atomic_sub(&b[1], (int)(k & 7));
  atomic_min(&b[2], (int)(k >> 8) - 100000);
  atomic_max(&b[3], (int)(k >> 8));
  atomic_inc(&b[4]);
  atomic_dec(&b[5]);
  atomic_or(&b[6], 1 << (k & 31));
  atomic_and(&b[7], ~(1 << (k & 31)));
  atomic_xor(&b[8], (int)k);
  int old = b[9];
  for (;;) {
    int seen = atomic_cmpxchg(&b[9], old, old + (int)(k & 3));
    if (seen == old)
      break;
    old = seen;
  }
}

// Barriers in a loop whose trip count varies per work-item (0 to 16 here).
// OpenCL leaves that undefined; Loom's barrier in the loop waits for the
// work-items still looping (doc/passes.md, work-item-loops). Each
// work-item works on its own slot of the tile, so the result is the same
// whatever the barrier means, and that meaning's cost is what is measured.
kernel void varying_trips(global const uint *trips, global const float *in,
                          global float *out, local float *tile) {
  size_t g = get_global_id(0), l = get_local_id(0);
  float acc = in[g];
  tile[l] = acc;
  for (uint t = 0; t < trips[g]; ++t) {
    barrier(CLK_LOCAL_MEM_FENCE);
    acc = tile[l] * 0.5f + (float)t;
    tile[l] = acc;
  }
  out[g] = acc;
}
