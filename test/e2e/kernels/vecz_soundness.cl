// Kernels of the shapes that broke Vecz on code written outside Loom
// (issue 34), each rewritten for Loom's own tests: local atomics under
// divergence inside loops, a segmented scan with double values and
// reconverging flags, a barrier inside a loop over a local tile with
// work-items that drop out, and guarded integer division.

// A radix sort's digit count: the 8-bit digit at `shift` of each key of
// the group's slice, counted `weight` times into a 256-bin local histogram
// (atomic_inc for odd digits, atomic_add for even ones); keys equal to
// `skip` are not counted. Counts go out digit-major, and each group's
// exclusive prefix of its histogram beside them.
kernel void radix_count(global const uint *keys, global uint *counts,
                        global uint *prefix, uint n, uint shift, uint skip,
                        uint weight, local uint *hist) {
  uint lid = get_local_id(0);
  uint lsize = get_local_size(0);
  uint group = get_group_id(0);
  uint groups = get_num_groups(0);
  for (uint b = lid; b < 256; b += lsize)
    hist[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint per_group = (n + groups - 1) / groups;
  uint begin = group * per_group;
  uint end = min(begin + per_group, n);
  for (uint i = begin + lid; i < end; i += lsize) {
    uint key = keys[i];
    bool counted = key != skip && (key & 0x80000000u) == 0;
    if (counted) {
      uint digit = (key >> shift) & 0xFFu;
      for (uint k = 0; k < weight; ++k) {
        if (digit & 1u)
          atomic_inc(&hist[digit]);
        else
          atomic_add(&hist[digit], 1u);
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < 256; b += lsize)
    counts[b * groups + group] = hist[b];
  if (lid == 0) {
    uint sum = 0;
    for (uint b = 0; b < 256; ++b) {
      prefix[group * 256 + b] = sum;
      sum += hist[b];
    }
  }
}

// Reduce-by-key within each group: a segmented inclusive Hillis-Steele scan
// of double values (a segment starts where the key changes), fused with an
// int scan of segment ends that gives each segment its slot in the group's
// compacted output. Each addition's order is fixed.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void reduce_by_key(global const int *keys, global const double *vals,
                          global double *scanned, global double *seg_vals,
                          global int *seg_keys, global int *seg_counts,
                          local double *sv, local int *sf, local int *sc) {
  int lid = get_local_id(0);
  int n = get_local_size(0);
  int gid = get_global_id(0);
  int group = get_group_id(0);
  int last = get_global_size(0) - 1;
  int key = keys[gid];
  int head = lid == 0 || keys[gid - 1] != key;
  int tail = lid == n - 1 || gid == last || keys[gid + 1] != key;
  sv[lid] = vals[gid];
  sf[lid] = head;
  sc[lid] = tail;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < n; offset <<= 1) {
    double v = sv[lid];
    int f = sf[lid];
    int c = sc[lid];
    if (lid >= offset) {
      if (!f)
        v = sv[lid - offset] + v;
      f |= sf[lid - offset];
      c += sc[lid - offset];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    sv[lid] = v;
    sf[lid] = f;
    sc[lid] = c;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  scanned[gid] = sv[lid];
  if (tail) {
    int slot = group * n + sc[lid] - 1;
    seg_vals[slot] = sv[lid];
    seg_keys[slot] = key;
  }
  if (lid == n - 1)
    seg_counts[group] = sc[lid];
}

// A pathfinder step: each group advances `iteration` rows of a min-cost
// path through a tile of the row in local memory. The tile overlaps its
// neighbours by `iteration` columns each side, the valid part shrinking by
// one column per row; work-items outside the grid or the shrinking window
// stop computing. Column x of the result is written by the group whose
// window keeps it.
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
kernel void pathfinder(int iteration, global const int *wall,
                       global const int *src, global int *dst, int cols,
                       int start_step, int border, local int *prev,
                       local int *result) {
  int block = get_local_size(0);
  int tx = get_local_id(0);
  int small_cols = block - iteration * 2;
  int blk_x = small_cols * (int)get_group_id(0) - border;
  int blk_x_max = blk_x + block - 1;
  int x = blk_x + tx;
  int valid_min = blk_x < 0 ? -blk_x : 0;
  int valid_max = blk_x_max > cols - 1 ? block - 1 - (blk_x_max - cols + 1)
                                       : block - 1;
  int west = tx - 1 < valid_min ? valid_min : tx - 1;
  int east = tx + 1 > valid_max ? valid_max : tx + 1;
  bool is_valid = IN_RANGE(tx, valid_min, valid_max);
  if (IN_RANGE(x, 0, cols - 1))
    prev[tx] = src[x];
  barrier(CLK_LOCAL_MEM_FENCE);
  bool computed = false;
  for (int i = 0; i < iteration; ++i) {
    computed = false;
    if (IN_RANGE(tx, i + 1, block - i - 2) && is_valid) {
      computed = true;
      int shortest = min(min(prev[west], prev[tx]), prev[east]);
      result[tx] = shortest + wall[cols * (start_step + i) + x];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == iteration - 1)
      break;
    if (computed)
      prev[tx] = result[tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (computed)
    dst[x] = result[tx];
}

// Division guarded by its divisor: no lane may divide by zero (x86 traps)
// where the work-item would not divide at all. `parts` is uniform; when it
// is zero, no work-item divides by it.
kernel void guarded_division(global const int *divisors, global int *q,
                             global int *r, global uint *shares, uint total,
                             uint parts) {
  uint i = get_global_id(0);
  int d = divisors[i];
  q[i] = (d != 0) ? (int)(i % 1000u) / d : 12345;
  r[i] = (d != 0) ? (int)(i % 1000u) % d : -1;
  if (get_local_id(0) < 3) {
    if (parts != 0)
      shares[i] = total / parts;
  }
}

// Private arrays of 24 bytes that x86-64 aligns to 16, copied whole (a
// 16-aligned memcpy, whose vector moves fault on a misaligned address):
// each lane's copy must keep that alignment (a CLsmith kernel,
// `--vectors --barriers` seed 2, faulted at width 4 when copies were laid
// 24 bytes apart). The indices depend on the data, so the arrays stay in
// memory.
kernel void private_copies(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  int x = in[i];
  int a[6] __attribute__((aligned(16)));
  int b[6] __attribute__((aligned(16)));
  for (int k = 0; k < 6; ++k)
    a[(x + k) % 6] = x * (k + 1);
  for (int k = 0; k < 6; ++k)
    b[k] = a[k];
  int s = 0;
  for (int k = 0; k <= x % 6; ++k)
    s += b[(x + 2 * k) % 6];
  out[i] = s;
}

// A work-item that waits for another without a barrier (CLsmith's message
// passing; the random differential tool's `message_passing` seed 1008):
// work-item 1 raises a flag in local memory, work-item 3 spins until it
// sees it, giving up after 1000 rounds. OpenCL does not promise that such
// a kernel ends, but the scalar kernel runs work-item 1 before 3, which
// sees the flag at once. Vecz, running them in lockstep, ran 3's loop first
// (the two ifs had become one switch on the id): 3 gave up, and without the
// bound the kernel hung. Such a kernel stays scalar.
kernel void waits_for_another(global int *seen) {
  local int flag;
  size_t lid = get_local_id(0);
  if (lid == 0)
    flag = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int rounds = 0;
  if (lid == 1) {
    mem_fence(CLK_LOCAL_MEM_FENCE);
    flag = 1;
  }
  if (lid == 3) {
    for (;;) {
      mem_fence(CLK_LOCAL_MEM_FENCE);
      if (flag == 1 || ++rounds == 1000)
        break;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  seen[get_global_id(0)] = flag * 10000 + rounds;
}

// Builtins whose vector overloads are not their scalar overloads lane by
// lane (the CTS's test_geometrics and relationals at size 1): each
// work-item's scalar call, whatever the width.
kernel void scalar_horizontal_builtins(global const float *a,
                                       global const float *b,
                                       global float *geometric,
                                       global int *relational) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  geometric[4 * i + 0] = dot(x, y);
  geometric[4 * i + 1] = length(x);
  geometric[4 * i + 2] = distance(x, y);
  geometric[4 * i + 3] = normalize(x);
  relational[6 * i + 0] = isgreater(x, y);
  relational[6 * i + 1] = isnan(x / y);
  relational[6 * i + 2] = signbit(x);
  relational[6 * i + 3] = any((int)x);
  relational[6 * i + 4] = all((int)y);
  relational[6 * i + 5] = select(10, 20, (int)i & 1);
}

// A private array live across a barrier, large enough that a group of 256
// needs most of a worker's 64 MiB stack for it (CLsmith's `vectors` seed
// 1358, whose live values took 188,800 bytes per work-item): the vector
// kernel must launch wherever the scalar one does. The array is filled
// from the input and read at data-dependent places, so it stays whole in
// memory.
#define LIVE_WORDS 40000
kernel void live_private_array(global const int *in, global int *out,
                               local int *tile) {
  size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
  int x = in[i];
  int a[LIVE_WORDS];
  for (int k = 0; k < LIVE_WORDS; ++k)
    a[k] = x ^ k;
  tile[l] = x;
  barrier(CLK_LOCAL_MEM_FENCE);
  int y = tile[(l + 1) % n];
  out[i] = a[(x + y) % LIVE_WORDS] + a[y % LIVE_WORDS];
}

// Accesses whose addresses move from work-item to work-item by a step other
// than the element's size, which Vecz does lane by lane on CPUs without
// gathers of their own: a row per work-item of a length given at run time
// (a power of two here, every row in one cache set), a load at `i * step`
// (step 0 at run time: every lane at one address; 1: consecutive, unknown
// at compile time), a store at every third element, and float2s at every
// other float2.
kernel void strided_rows(global const int *rows, global const float2 *pairs,
                         global int *sums, global int *thirds,
                         global float2 *halves, int n, int step) {
  int i = get_global_id(0);
  int t = 0;
  for (int j = 0; j < n; ++j)
    t += rows[i * n + j] * (j + 1);
  sums[i] = t + rows[i * step];
  thirds[3 * i] = t;
  thirds[3 * i + 2] = i;
  halves[i] = pairs[2 * i] + pairs[2 * i + 1].yx;
}

// Every OpenCL 1.x atomic on a work-group's __local counters, once per
// work-item, and a compare-and-swap loop: ordinary loads and stores once the
// work-group runs on one thread (sequential-local-atomics). What each
// work-item's atomic_inc returned goes out too.
kernel void local_atomics(global const int *in, global int *out,
                          global int *seen) {
  local int c[11];
  size_t l = get_local_id(0), i = get_global_id(0);
  if (l < 11)
    c[l] = l == 2 ? INT_MAX : l == 3 ? INT_MIN : l == 7 ? -1 : 100;
  barrier(CLK_LOCAL_MEM_FENCE);
  int v = in[i];
  seen[i] = atomic_inc(&c[0]);
  atomic_sub(&c[1], v);
  atomic_min(&c[2], v);
  atomic_max(&c[3], v);
  atomic_dec(&c[4]);
  atomic_or(&c[5], 1 << (v & 31));
  atomic_xor(&c[6], v);
  atomic_and(&c[7], ~(1 << (v & 31)));
  atomic_add(&c[8], v);
  int expected = atomic_cmpxchg(&c[9], 0, 0);
  for (;;) {
    int got = atomic_cmpxchg(&c[9], expected, expected + (v & 7));
    if (got == expected)
      break;
    expected = got;
  }
  atomic_xchg(&c[10], v);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 11)
    out[get_group_id(0) * 11 + l] = c[l];
}

// Neighbours on a ring: (l + 1) % n and (l + n - 3) % n over the group's
// local tile (urem of size_t), and (i + k) % size over the input (srem of
// int): consecutive loads where no lane of a vector wraps around, gathers
// where one does. And the tile and the input read and written backwards
// (n - 1 - l): one vector access, its lanes reversed.
kernel void ring_neighbours(global const float *in, global float *out,
                            global float *backwards, local float *tile,
                            int k) {
  size_t l = get_local_id(0), n = get_local_size(0), i = get_global_id(0);
  size_t size = get_global_size(0);
  tile[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[2 * i] = tile[(l + 1) % n] - 2.0f * tile[(l + n - 3) % n] +
               0.25f * tile[n - 1 - l];
  out[2 * i + 1] = in[((int)i + k) % (int)size];
  backwards[size - 1 - i] = in[i];
}

// Volatile accesses, which Vecz does lane by lane: to a private struct
// (each lane's copy a struct's size after the previous one's) under
// divergent control flow, and to a global buffer at (uint)i - 1, which a
// lane that is off (i = 0) would take 4 GiB away from the others, so its
// lanes' addresses are not lane 0's plus a step there.
struct volatile_cell {
  int a;
  long b;
  short c[3];
};

kernel void volatile_private(global const int *in, volatile global int *cells,
                             global long *out) {
  size_t i = get_global_id(0);
  volatile struct volatile_cell cell = {(int)i, (long)i * 3, {1, 2, 3}};
  int x = in[i];
  long before = 0;
  if (x % 3 == 0) {
    cell.a += x;
    cell.c[1] = (short)(x & 0xff);
  }
  if (x % 2 == 0)
    cell.b -= cell.a;
  if (i & 1)
    before = cells[(uint)i - 1u];
  out[i] = cell.a + cell.b + cell.c[0] + cell.c[1] * 10 + cell.c[2] * 100 +
           before * 1000;
}

// Vector builtins whose slow paths a vectorized kernel takes for the whole
// vector when one lane of one work-item needs them (the widenable any):
// ldexp where a result is not a normal number, fmod, whose rounds go on
// while a lane of the call's own is not reduced, under a divergent branch
// (the inactive work-items' inputs would need the slow paths too), in float
// and double.
kernel void widenable_slow_paths(global const float4 *x, global const int4 *n,
                                 global const float4 *y, global float4 *scaled,
                                 global float4 *rem, global const double2 *xd,
                                 global double2 *scaled_d) {
  size_t i = get_global_id(0);
  if (i % 3 != 0) {
    scaled[i] = ldexp(x[i], n[i]);
    rem[i] = fmod(x[i], y[i]);
    scaled_d[i] = ldexp(xd[i], n[i].lo * 8);
  } else {
    scaled[i] = ldexp(x[i], (int4)1);
    rem[i] = (float4)(0.0f);
    scaled_d[i] = xd[i];
  }
}
