// vecz_divergence.cl: kernels whose control flow diverges between
// work-items (if/else chains, nested branches, bounds checks with a uniform
// load inside, switches, loops with varying trip counts and early exits,
// loops inside branches), for Vecz's control-flow conversion, and atomics.

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

// Divergent loops: each work-item loops a data-dependent number of times,
// on one of three paths chosen by its id (a switch on a varying value).
kernel void steps(global const uint *in, global uint *out) {
  uint i = get_global_id(0);
  uint n = in[i];
  uint r = 0;
  switch (i % 3) {
  case 0: // Collatz steps to 1, capped.
    while (n > 1 && r < 500) {
      n = (n & 1) ? 3 * n + 1 : n / 2;
      ++r;
    }
    break;
  case 1: // Sum of decimal digits.
    for (; n != 0; n /= 10)
      r += n % 10;
    break;
  default:
    r = n ^ (n >> 3);
  }
  out[i] = r;
}

// A search with an early exit: the index of the first table entry above
// the work-item's key, or m.
kernel void first_above(global const int *keys, global const int *table,
                        int m, global int *out) {
  size_t i = get_global_id(0);
  int key = keys[i];
  int k = 0;
  for (; k < m; ++k)
    if (table[k] > key)
      break;
  out[i] = k;
}

// A loop with a uniform trip count inside a bounds check: lanes past n
// neither read nor write.
kernel void guarded_dot(global const float *in, global const float *w,
                        global float *out, uint n, int m) {
  size_t i = get_global_id(0);
  if (i < n) {
    float acc = 0.0f;
    for (int k = 0; k < m; ++k)
      acc += w[k] * in[k * n + i];
    out[i] = acc;
  }
}

// Stores inside a divergent loop: work-item i writes its first count[i]
// slots of a row of 8; the other slots keep their sentinels.
kernel void fill_rows(global const int *count, global int *rows) {
  size_t i = get_global_id(0);
  for (int j = 0; j < count[i]; ++j)
    rows[i * 8 + j] = (int)i * 100 + j;
}

// Atomics outside divergent code run once per work-item, in lane order:
// every value is counted once, and every work-item draws its own ticket.
kernel void count_bins(global const uint *data, global uint *bins, uint nbins,
                       global uint *tickets) {
  size_t i = get_global_id(0);
  atomic_inc(&bins[data[i] % nbins]);
  tickets[i] = atomic_add(&bins[nbins], 1u);
}

// float4 and int2 values: swizzles, element picks and inserts, a strided
// int2 load, a float4 blended where paths join, and float4 stores under a
// bounds check (past n, out[] keeps its sentinels).
kernel void vector_types(global const float4 *in, global const int2 *pairs,
                         global float4 *out, uint n) {
  size_t i = get_global_id(0);
  if (i >= n)
    return;
  float4 v = in[i];
  int2 p = pairs[2 * i + 1];
  float4 r;
  if (p.x > p.y)
    r = v.wzyx * (float)p.x;
  else
    r = (float4)(v.y, (float)p.y, v.x + v.w, 1.5f);
  r.z += (float)(i & 7);
  out[i] = r;
}

// Atomics under divergent branches and in a divergent loop: only the
// work-items that reach them count, each once per iteration it makes.
kernel void masked_atomics(global const uint *data, global uint *counts,
                           global uint *tickets, uint n) {
  size_t i = get_global_id(0);
  if (i >= n)
    return;
  uint v = data[i];
  if (v % 3 == 0)
    tickets[i] = atomic_inc(&counts[0]);
  else if (v % 3 == 1)
    atomic_add(&counts[1], v);
  for (uint k = 0; k < v % 5; ++k)
    atomic_inc(&counts[2 + k]);
}

// Compare-and-swap: an add done as a retry loop (a divergent loop whose
// lanes leave when their swap succeeds), and a claim of a slot that only
// odd work-items try, each learning whether it won.
kernel void compare_and_swap(global const uint *data, global uint *sum,
                             global int *slots, global int *won, uint nslots) {
  size_t i = get_global_id(0);
  uint v = data[i];
  uint old;
  do {
    old = *sum;
  } while (atomic_cmpxchg(sum, old, old + v) != old);
  if (i & 1) {
    int before = atomic_cmpxchg(&slots[v % nslots], 0, (int)i + 1);
    won[i] = before == 0;
  }
}

// Atomics fed by atomics: the old value of an exchange added elsewhere, a
// ticket used as an index (each lane its own, not lane 0's).
kernel void chained_atomics(global int *ints, global int *slots) {
  size_t i = get_global_id(0);
  int old = atomic_xchg(&ints[0], (int)i);
  atomic_add(&ints[1], old);
  int ticket = atomic_inc(&ints[2]);
  slots[ticket] = (int)i;
}

// Calls: double sines and cosines of ordinary and huge arguments (the
// vector forms reduce the huge ones lane by lane, only when some lane has
// one), and sincos, whose cosine comes back through a pointer.
kernel void trig_calls(global const double *x, global double *s,
                       global double *c, global const float *xf,
                       global float *sf, global float *cf) {
  size_t i = get_global_id(0);
  s[i] = sin(x[i]);
  c[i] = cos(x[i]);
  float cosine;
  sf[i] = sincos(xf[i], &cosine);
  cf[i] = cosine;
}

// Functions kept out of line: each lane calls them with its own arguments,
// and only lanes on the branch do: one with a loop of its own, and one that
// writes memory.
__attribute__((noinline)) uint collatz(uint n) {
  uint r = 0;
  while (n > 1 && r < 300) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    ++r;
  }
  return r;
}

__attribute__((noinline)) void record(global uint *log, uint slot, uint v) {
  log[slot] = v;
}

kernel void lane_calls(global const uint *in, global uint *out,
                       global uint *log) {
  size_t i = get_global_id(0);
  uint v = in[i];
  if (v % 3 != 0) {
    uint r = collatz(v);
    record(log, (uint)i, r + 1);
    out[i] = r;
  }
}

// Private memory: each work-item sorts its own eight values (an array
// indexed by data, in a loop whose trip count varies), and lgamma_r gives
// the sign of the gamma function through a pointer to a private int.
kernel void private_memory(global const int *in, global int *out,
                           global const float *x, global float *lg,
                           global int *sign) {
  size_t i = get_global_id(0);
  int v[8];
  for (int k = 0; k < 8; ++k)
    v[k] = in[8 * i + k];
  for (int a = 1; a < 8; ++a) {
    int key = v[a];
    int b = a - 1;
    while (b >= 0 && v[b] > key) {
      v[b + 1] = v[b];
      --b;
    }
    v[b + 1] = key;
  }
  for (int k = 0; k < 8; ++k)
    out[8 * i + k] = v[k];
  int s;
  lg[i] = lgamma_r(x[i], &s);
  sign[i] = s;
}

// Stencils whose edge work-items clamp their neighbours' indices: a signed
// clamp, an unsigned min, and a max under a branch. Vectors away from the
// edges load consecutive elements; those at an edge gather.
kernel void clamped_stencil(global const float *in, global float *out,
                            int n) {
  int i = get_global_id(0);
  float left = in[clamp(i - 1, 0, n - 1)];
  float right = in[min((uint)i + 1u, (uint)n - 1u)];
  float r = left + 2.0f * in[i] + right;
  if (i & 1)
    r += in[max(i - 3, 0)];
  out[i] = r;
}

// Branches on which whole vectors agree: work-items come in runs of 20 of
// one kind, so most vectors have no lane on one side or another and Vecz
// branches around it. What is skipped leaves values to the join, nests a
// data-dependent branch, and holds a loop; a kind returns early.
kernel void agreeing_runs(global const int *in, global int *out,
                          global int *big) {
  size_t i = get_global_id(0);
  int x = in[i];
  int kind = (int)(i / 20) % 4;
  if (kind == 3)
    return;
  int y;
  if (kind == 0) {
    y = 3 * x + in[(i + 1) % get_global_size(0)];
    if (x > 50) {
      y -= x / 7;
      big[i] = y;
    }
  } else if (kind == 1) {
    int steps = 0;
    for (y = x; y > 1 && steps < 64; ++steps)
      y = (y & 1) ? y - 3 : y / 2;
    y += 1000 * steps;
  } else {
    y = in[i / 2] - x * x;
  }
  out[i] = y;
}

// A uniform loop inside a bounds check, holding a data-dependent branch
// around a store and a break whose condition is the same for every lane.
kernel void guarded_rows(global const int *in, global int *out, uint n, int m,
                         int stop) {
  size_t i = get_global_id(0);
  if (i < n) {
    int s = 0, k;
    for (k = 0; k < m; ++k) {
      int v = in[k * n + i];
      if (v > 0) {
        out[k * n + i] = v + k;
        s += v;
      } else {
        s -= 1;
      }
      if (k == stop)
        break;
    }
    out[m * n + i] = s * 100 + k;
  }
}

// Volatile loads and stores, which have no masked form, under divergent
// control flow: each lane's done in turn, the uniform ones done once, and
// none for a lane the scalar kernel would not run them in.
kernel void volatile_accesses(global const int *in, volatile global int *cells,
                              volatile global int *shared, global int *out) {
  size_t i = get_global_id(0);
  int x = in[i];
  int r = -1;
  if (x % 3 == 0) {
    r = cells[i] + shared[0];
    cells[i] = x * 2;
  }
  if (x > 1000)
    shared[1] = 7;
  out[i] = r;
}

// Vector elements read and written at an index that varies from lane to
// lane (j), and at one that is the same for every lane (k).
kernel void vector_elements(global const float8 *in, global const int *idx,
                            global float *picked, global float8 *out, int k) {
  size_t i = get_global_id(0);
  float8 v = in[i];
  int j = idx[i];
  picked[i] = v[j & 7] * 2.0f + v[k];
  float8 w = v;
  w[(j >> 3) & 7] = (float)j;
  w[k] += 1.0f;
  out[i] = w;
}

// Loops inside a divergent loop: each lane runs its own number of rows; a
// row is a loop that lanes leave at different iterations (a data-dependent
// break), then a loop of m iterations, the same for every lane, then a
// data-dependent branch around a load. What the inner loops leave is used
// in the row, and what the rows leave after them.
kernel void nested_loops(global const int *in, global int *out, int m) {
  size_t i = get_global_id(0);
  int n = in[i];
  int rows = n & 15;
  int acc = 0;
  for (int r = 0; r < rows; ++r) {
    int s = 0, c;
    for (c = 0; c <= r + (n & 3); ++c) {
      s += (n >> (c & 7)) ^ c;
      if (s % 11 == (n & 7))
        break;
    }
    int t = 0;
    for (int k = 0; k < m; ++k)
      t = (t * 5 + (s >> (k & 3))) & 0xffff;
    if (t & 1)
      acc += in[(i + r) % get_global_size(0)];
    else
      acc -= c;
  }
  out[i] = acc + rows;
}

// Loops left from a loop inside them: each work-item looks for its key in
// a grid, rows of it one by one, and leaves both loops at the first match
// (a goto), or writes -1 when no row has it. Rows a lane searches are as
// long as it says: the inner loop's exit diverges too.
kernel void find_in_grid(global const int *grid, global const int *keys,
                         global int *out, int rows, int cols) {
  size_t i = get_global_id(0);
  int key = keys[i], at = -1;
  int width = cols - (int)(i % 3);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < width; ++c)
      if (grid[r * cols + c] == key) {
        at = r * cols + c;
        goto found;
      }
  out[i] = -1;
  return;
found:
  out[i] = at;
}

// Returns from inside a divergent loop, one with a store and one without
// (that work-item's element keeps what it held), and one before the loop.
kernel void early_returns(global const int *in, global int *out, int m) {
  size_t i = get_global_id(0);
  int x = in[i];
  if (x < 0) {
    out[i] = -2;
    return;
  }
  int s = 0;
  for (int k = 0; k < m; ++k) {
    s += (x >> (k & 7)) & 5;
    if (s > 40) {
      out[i] = k;
      return;
    }
    if (s == 7)
      return;
  }
  out[i] = s + 1000;
}

// A uniform loop left to two places inside a divergent branch: past the
// branch at a negative table entry, or to the rest of the branch.
kernel void uniform_two_exits(global const int *in, global const int *table,
                              global int *out, int m) {
  size_t i = get_global_id(0);
  int r = 0;
  if (in[i] > 0) {
    for (int k = 0; k < m; ++k) {
      if (table[k] < 0) {
        r = -k;
        goto done;
      }
      r += table[k] ^ in[i];
    }
    r = r * 3 + in[i];
  }
done:
  out[i] = r;
}

// A helper kept out of line that asks for the work-item's id, with no
// argument (Vecz inlines it): each work-item writes at its mirror position.
__attribute__((noinline)) size_t mirrored(void) {
  return get_global_size(0) - 1 - get_global_id(0);
}

kernel void out_of_line_ids(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  out[mirrored()] = in[i] * 3 + (int)i;
}

// A goto into the middle of an if: with skip set, every work-item jumps
// there; without, only those with an odd value get there, through the if.
// The middle's store is seen only by those that got there.
kernel void jump_into_if(global const int *in, global int *out,
                         global int *seen, int skip) {
  size_t i = get_global_id(0);
  size_t n = get_global_size(0);
  int x = in[i];
  int r = x;
  if (skip > 0)
    goto middle;
  r = x * 2 + in[(i + 1) % n];
  if (x & 1) {
    r += in[(i + 3) % n];
  middle:
    seen[i] = r;
    r = r * 3 + x;
  }
  out[i] = r;
}
