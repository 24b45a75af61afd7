// constructs.c: each OpenMP construct Loom runs, in a C kernel whose
// outputs test/openmp/cases compares with the same source built by
// clang-15 -fopenmp on libomp (bench/openmp/compare.py --check). Outputs
// depend only on the iterations, not on which thread ran them, but where
// OpenMP fixes that too (a static schedule's thread numbers).

#include <omp.h>
#include <stdint.h>

#define KERNEL __attribute__((annotate("loom_kernel")))

KERNEL void parallel_for(float *out, const float *in, int32_t n) {
#pragma omp parallel for num_threads(2)
  for (int32_t i = 0; i < n; ++i)
    out[i] = in[i] * 2.0f + 1.0f;
}

// Every reduction operator OpenMP 4.5 has for C's integers, and a float sum.
KERNEL void reductions(int32_t *out, float *fout, const int32_t *in,
                       int32_t n) {
  int32_t sum = 7, product = 1, all = -1, any = 0, toggled = 0;
  int32_t smallest = INT32_MAX, largest = INT32_MIN, both = 1, either = 0;
  float fsum = 0.25f;
#pragma omp parallel for reduction(+ : sum) reduction(* : product)           \
    reduction(& : all) reduction(| : any) reduction(^ : toggled)             \
    reduction(min : smallest) reduction(max : largest) reduction(&& : both)  \
    reduction(|| : either) reduction(+ : fsum)
  for (int32_t i = 0; i < n; ++i) {
    int32_t v = in[i];
    sum += v;
    product *= v | 1;
    all &= v | 0x10000;
    any |= v & 0x30f;
    toggled ^= v;
    smallest = v < smallest ? v : smallest;
    largest = v > largest ? v : largest;
    both = both && (v != 12345);
    either = either || (v == 777);
    fsum += (float)v * 0.001f;
  }
  out[0] = sum;
  out[1] = product;
  out[2] = all;
  out[3] = any;
  out[4] = toggled;
  out[5] = smallest;
  out[6] = largest;
  out[7] = both;
  out[8] = either;
  fout[0] = fsum;
}

// 'atomic' update, capture, read and write on ints, longs and floats.
KERNEL void atomics(int32_t *bins, int64_t *total, float *halves,
                    int32_t *tickets, int32_t *seen, int32_t n) {
  int32_t next = 0;
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
#pragma omp atomic
    bins[(i * 7) & 15] += 1;
#pragma omp atomic update
    total[0] += (int64_t)i * 3;
#pragma omp atomic
    halves[0] += 0.5f;
    int32_t ticket;
#pragma omp atomic capture
    ticket = next++;
    int32_t ever;
#pragma omp atomic read
    ever = next;
    if (ever <= ticket)
      seen[1] = 1; // an atomic read missed this iteration's own update
    tickets[ticket] = 1;
#pragma omp atomic write
    seen[0] = 1;
  }
}

// Named critical sections: a count, and a largest value with its first
// index, whichever order the iterations come in.
KERNEL void critical_sections(int32_t *count, float *largest, int32_t *where,
                              const float *in, int32_t n) {
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
#pragma omp critical(counting)
    count[0] += 1;
#pragma omp critical(largest)
    {
      if (in[i] > largest[0] || (in[i] == largest[0] && i < where[0])) {
        largest[0] = in[i];
        where[0] = i;
      }
    }
  }
}

// A static schedule in chunks of 3 over a team of 3: OpenMP fixes which
// thread runs each iteration.
KERNEL void who_ran(int32_t *out, int32_t n) {
#pragma omp parallel for schedule(static, 3) num_threads(3)
  for (int32_t i = 0; i < n; ++i)
    out[i] = omp_get_thread_num() * 10 + omp_get_num_threads();
}

// collapse(2) with a private and a firstprivate variable.
KERNEL void grid(int32_t *out, int32_t rows, int32_t cols, int32_t k) {
  int32_t t = -1;
#pragma omp parallel for collapse(2) private(t) firstprivate(k)
  for (int32_t r = 0; r < rows; ++r)
    for (int32_t c = 0; c < cols; ++c) {
      t = r * k;
      out[r * cols + c] = t - c;
    }
}

// 'simd' with a safe length no longer than the dependence distance.
KERNEL void shift(float *y, int32_t n) {
#pragma omp simd safelen(4)
  for (int32_t i = 4; i < n; ++i)
    y[i] = y[i - 4] + 1.0f;
}

// 'lastprivate': the last iteration's value after the loop.
KERNEL void last_value(int32_t *out, const int32_t *in, int32_t *last,
                       int32_t n) {
  int32_t v = -1;
#pragma omp parallel for lastprivate(v)
  for (int32_t i = 0; i < n; ++i) {
    v = in[i] * 3 + i;
    out[i] = v;
  }
  last[0] = v;
}

// Local variables that critical sections update: the workers share them.
KERNEL void critical_locals(int64_t *out, const int32_t *in, int32_t n) {
  int64_t total = 0;
  int32_t largest = INT32_MIN, where = -1;
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
    int64_t square = (int64_t)in[i] * in[i];
#pragma omp critical
    {
      total += square;
      if (in[i] > largest || (in[i] == largest && i < where)) {
        largest = in[i];
        where = i;
      }
    }
  }
  out[0] = total;
  out[1] = largest;
  out[2] = where;
}

// A triangular loop (iteration i costs i) on each schedule that takes
// chunks as threads come free, and a count of each iteration's runs.
KERNEL void schedules(int64_t *sums, int32_t *seen, const int32_t *in,
                      int32_t n) {
#pragma omp parallel for schedule(dynamic)
  for (int32_t i = 0; i < n; ++i) {
    int64_t s = 0;
    for (int32_t j = 0; j <= i; ++j)
      s += in[j];
    sums[i] = s;
  }
#pragma omp parallel for schedule(dynamic, 5)
  for (int32_t i = 0; i < n; ++i)
    seen[i] += 1;
#pragma omp parallel for schedule(guided, 3)
  for (int32_t i = 0; i < n; ++i)
    seen[i] += 10;
#pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < n; ++i)
    seen[i] += 100;
#pragma omp parallel for schedule(auto)
  for (int32_t i = 0; i < n; ++i)
    seen[i] += 1000;
}

// The runtime's routines: locks, nested locks, the time, whether a loop
// runs in parallel (per iteration, and outside the region).
KERNEL void runtime_routines(int32_t *out, int32_t *parallel, int32_t n) {
  omp_lock_t lock;
  omp_nest_lock_t nest;
  omp_init_lock(&lock);
  omp_init_nest_lock(&nest);
  int32_t count = 0, nested = 0;
  double start = omp_get_wtime();
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
    omp_set_lock(&lock);
    count += 1;
    omp_unset_lock(&lock);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    nested += 2;
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    parallel[i] = omp_in_parallel();
  }
  double elapsed = omp_get_wtime() - start;
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  out[0] = count;
  out[1] = nested;
  out[2] = elapsed >= 0.0 && omp_get_wtick() > 0.0 && omp_get_num_procs() > 0;
  out[3] = omp_in_parallel();
}

// 'if': in parallel when n > 64, else on the calling thread alone.
KERNEL void conditional(int32_t *out, int32_t n) {
#pragma omp parallel for if (n > 64)
  for (int32_t i = 0; i < n; ++i)
    out[i] = omp_in_parallel() * 1000 + i;
}

// omp_set_num_threads: the team size of the regions after it that ask for
// none; omp_get_max_threads says it.
KERNEL void set_threads(int32_t *out, int32_t *first, int32_t *second,
                        int32_t n) {
  omp_set_num_threads(1);
  out[0] = omp_get_max_threads();
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i)
    first[i] = omp_get_num_threads();
  omp_set_num_threads(3);
  out[1] = omp_get_max_threads();
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i)
    second[i] = omp_get_num_threads();
}

// A region of code every thread of a team runs: a barrier, single, master,
// masked, a single's copyprivate, and worksharing loops inside it, the
// second reading what the first wrote into a reduction.
KERNEL void team_constructs(int32_t *slots, int32_t *counts, int32_t *copied,
                            int32_t *loop, int32_t n) {
  int32_t sum = 0;
#pragma omp parallel num_threads(3)
  {
    int32_t t = omp_get_thread_num();
    int32_t threads = omp_get_num_threads();
    slots[t] = t * 10 + threads;
#pragma omp barrier
    slots[4 + t] = slots[(t + 1) % threads];
#pragma omp single
    counts[0] += 1;
#pragma omp master
    counts[1] += 1;
#pragma omp masked filter(2)
    counts[2] += 1;
    int32_t v = -1;
#pragma omp single copyprivate(v)
    v = 40 + n;
    copied[t] = v;
#pragma omp for
    for (int32_t i = 0; i < n; ++i)
      loop[i] = i * 3;
#pragma omp for reduction(+ : sum)
    for (int32_t i = 0; i < n; ++i)
      sum += loop[n - 1 - i];
#pragma omp single
    counts[3] = sum;
  }
}

// 'parallel sections': each section once, on the threads of a team.
KERNEL void sections(int32_t *out, int32_t n) {
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    for (int32_t i = 0; i < n; ++i)
      out[i] = i;
#pragma omp section
    for (int32_t i = 0; i < n; ++i)
      out[n + i] = 2 * i;
#pragma omp section
    out[2 * n] += 7;
  }
}

// Tasks: a recursive sum, a taskloop, a taskgroup of nested tasks, and a
// chain of dependences.
// The sum of in[lo, hi) by halves, each half a task down to blocks
// of 'grain'.
static int64_t sum_range(const int32_t *in, int32_t lo, int32_t hi,
                         int32_t grain) {
  if (hi - lo <= grain) {
    int64_t s = 0;
    for (int32_t i = lo; i < hi; ++i)
      s += in[i];
    return s;
  }
  int32_t mid = lo + (hi - lo) / 2;
  int64_t left, right;
#pragma omp task shared(left)
  left = sum_range(in, lo, mid, grain);
#pragma omp task shared(right)
  right = sum_range(in, mid, hi, grain);
#pragma omp taskwait
  return left + right;
}

KERNEL void tasks(int64_t *out, int32_t *loop, const int32_t *in, int32_t n) {
#pragma omp parallel
  {
#pragma omp single
    out[0] = sum_range(in, 0, n, 64);
    // A taskloop: every iteration once.
#pragma omp single
#pragma omp taskloop grainsize(100)
    for (int32_t i = 0; i < n; ++i)
      loop[i] = in[i] * 2 + 1;
    // A taskgroup waits for its tasks' descendants too.
#pragma omp single
    {
      int64_t total = 0;
#pragma omp taskgroup
      {
        for (int32_t b = 0; b < 4; ++b) {
#pragma omp task firstprivate(b) shared(total)
          {
#pragma omp task firstprivate(b) shared(total)
            {
#pragma omp atomic
              total += b + 1;
            }
          }
        }
      }
      out[1] = total;
    }
    // Dependences: a chain through one variable.
#pragma omp single
    {
      int64_t x = 1;
      for (int32_t k = 0; k < 10; ++k) {
#pragma omp task depend(inout : x) firstprivate(k) shared(x)
        x = x * 3 + k;
      }
#pragma omp taskwait
      out[2] = x;
    }
  }
}

static int32_t counter = 5;
#pragma omp threadprivate(counter)

// 'ordered': the blocks in iteration order, whichever thread runs them; some
// iterations have none.
KERNEL void in_order(int32_t *out, int32_t *log, int32_t n) {
  int32_t next = 0;
#pragma omp parallel for ordered schedule(dynamic, 3) num_threads(3)
  for (int32_t i = 0; i < n; ++i) {
    int32_t v = i * i % 1000;
    out[i] = v;
    if (i % 5 != 2) {
#pragma omp ordered
      log[next++] = i;
    }
  }
  log[n] = next;
}

// 'threadprivate' with copyin: each thread's copy, kept from one region to
// the next.
KERNEL void private_copies(int32_t *out) {
  counter = 9;
#pragma omp parallel num_threads(3) copyin(counter)
  {
    counter += omp_get_thread_num();
    out[omp_get_thread_num()] = counter;
  }
#pragma omp parallel num_threads(3)
  out[3 + omp_get_thread_num()] = counter;
  out[6] = counter;
}

// A non-rectangular nest collapsed (OpenMP 5.0): the inner range starts at
// the outer index.
KERNEL void triangle_collapse(int32_t *out, int32_t n) {
#pragma omp parallel for collapse(2)
  for (int32_t i = 0; i < n; ++i)
    for (int32_t j = i; j < n; ++j)
      out[i * n + j] = i * 1000 + j;
}

// A 'for' with a reduction inside a 'parallel' (the blocking
// __kmpc_reduce, then the loop's barrier): Loom's parallel loop.
KERNEL void region_reduction(int32_t *out, const int32_t *in, int32_t n) {
  int32_t s = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : s)
    for (int32_t i = 0; i < n; ++i)
      s += in[i];
  }
  out[0] = s;
}

// A region nested in a team is inactive, as OpenMP's are by default: its
// loop has one thread, and omp_in_parallel() says the outer team is active.
KERNEL void nested(int32_t *out, int32_t n) {
#pragma omp parallel num_threads(2)
  {
    int32_t t = omp_get_thread_num();
#pragma omp parallel for
    for (int32_t i = 0; i < n; ++i)
      out[t * n + i] = omp_get_num_threads() * 100 + omp_in_parallel();
    // With num_threads(3) too, the nested loop's region is inactive: a team
    // of one, whose thread 0 runs every iteration.
#pragma omp parallel for num_threads(3) schedule(static)
    for (int32_t i = 0; i < n; ++i)
      out[(2 + t) * n + i] = omp_get_thread_num() * 1000 +
                             omp_get_num_threads() * 100 +
                             omp_get_team_size(2) * 10 + omp_get_level();
  }
}

// 'cancel' and 'cancellation point' with OpenMP's default cancel-var (false,
// as OMP_CANCELLATION is unset): nothing is cancelled; 'proc_bind', a
// placement hint.
KERNEL void cancelled(int32_t *out, int32_t n) {
#pragma omp parallel num_threads(2) proc_bind(close)
  {
#pragma omp for
    for (int32_t i = 0; i < n; ++i) {
      out[i] = i;
      if (i == 10) {
#pragma omp cancel for
      }
#pragma omp cancellation point for
    }
  }
  out[n] = omp_get_cancellation();
}

// 'target teams distribute parallel for' on the host: the league's teams
// share the iterations, each team's threads its share.
KERNEL void teams(int32_t *out, int32_t *limited, int32_t n) {
#pragma omp target teams distribute parallel for map(tofrom : out[0 : n])
  for (int32_t i = 0; i < n; ++i)
    out[i] = i * 3 + 1;
#pragma omp target teams num_teams(2) thread_limit(1)
  {
#pragma omp distribute dist_schedule(static, 8)
    for (int32_t i = 0; i < n; ++i)
      limited[i] = i;
#pragma omp parallel
    limited[n + omp_get_team_num()] = omp_get_num_threads();
  }
}
// Levels and ICVs: omp_get_level, omp_get_active_level and the ancestors'
// thread numbers and team sizes in a parallel loop, in a region the
// runtime runs and in a region nested in it (inactive, OpenMP's default);
// the settings' routines, which a region's threads inherit; run-sched-var,
// which a schedule(runtime) loop takes; a final task; target nowait.
KERNEL void levels(int32_t *loop, int32_t *region, int32_t *by_runtime,
                   int32_t *settings, int32_t n) {
#pragma omp parallel for num_threads(2) schedule(static)
  for (int32_t i = 0; i < n; ++i)
    loop[i] = omp_get_level() * 100000 + omp_get_active_level() * 10000 +
              (omp_get_ancestor_thread_num(1) + 1) * 1000 +
              omp_get_team_size(1) * 100 + omp_get_team_size(0) * 10 +
              (omp_get_ancestor_thread_num(2) + 1) +
              (omp_get_team_size(2) + 1);
#pragma omp parallel num_threads(2)
  {
    int32_t me = omp_get_thread_num();
    region[me] = omp_get_level() * 100 + omp_get_active_level() * 10 +
                 omp_in_parallel();
#pragma omp parallel num_threads(2)
    region[2 + me] = omp_get_level() * 10000 + omp_get_active_level() * 1000 +
                     omp_get_num_threads() * 100 +
                     omp_get_ancestor_thread_num(1) * 10 +
                     omp_get_team_size(2);
  }
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  settings[0] = (int32_t)kind * 100 + chunk;
  omp_set_schedule(omp_sched_dynamic, 3);
  omp_get_schedule(&kind, &chunk);
  settings[1] = (int32_t)kind * 100 + chunk;
  omp_set_schedule(omp_sched_guided, -5);
  omp_get_schedule(&kind, &chunk);
  settings[2] = (int32_t)kind * 100 + chunk;
  settings[3] = omp_get_dynamic();
  omp_set_dynamic(1);
  settings[4] = omp_get_dynamic();
  settings[5] = omp_get_max_active_levels();
  settings[6] = omp_get_thread_limit() > 1000;
  settings[7] = (int32_t)omp_get_proc_bind();
  settings[8] = omp_in_final();
  settings[9] = omp_get_level() * 1000 + omp_get_active_level() * 100 +
                (omp_get_ancestor_thread_num(0) + 1) * 10 +
                omp_get_team_size(0);
  omp_set_schedule(omp_sched_static, 2);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    omp_get_schedule(&kind, &chunk);
    settings[10] = omp_get_dynamic() * 1000 + (int32_t)kind * 100 + chunk;
  }
  omp_set_dynamic(0);
  // Static chunks of 2, dealt round-robin: iteration i on thread (i / 2) % 2.
#pragma omp parallel for schedule(runtime) num_threads(2)
  for (int32_t i = 0; i < n; ++i)
    by_runtime[i] = omp_get_thread_num() * 10 + omp_get_num_threads();
  omp_set_max_active_levels(0);
  settings[11] = omp_get_max_active_levels();
#pragma omp parallel
  settings[12] = omp_get_num_threads() * 100 + omp_get_level() * 10 +
                 omp_get_active_level();
  omp_set_max_active_levels(1);
#pragma omp task final(1)
  settings[13] = omp_in_final() * 10 + 1;
#pragma omp target nowait
  settings[14] = 42;
#pragma omp taskwait
  // The native build's ICVs last from one call to the next.
  omp_set_schedule(omp_sched_static, 0);
}

// 'ordered' with 'depend': a running sum whose iteration i waits for
// i - 1, and a wavefront whose (i, j) waits for (i - 1, j) and (i, j - 1).
KERNEL void doacross(int32_t *sums, int32_t *grid, int32_t n) {
  for (int32_t i = 0; i < n; ++i)
    sums[i] = i % 7;
#pragma omp parallel for ordered(1) num_threads(2)
  for (int32_t i = 1; i < n; ++i) {
#pragma omp ordered depend(sink : i - 1)
    sums[i] += sums[i - 1];
#pragma omp ordered depend(source)
  }
  for (int32_t k = 0; k < 32; ++k)
    grid[k] = grid[k * 32] = k + 1;
#pragma omp parallel for ordered(2) num_threads(2)
  for (int32_t i = 1; i < 32; ++i)
    for (int32_t j = 1; j < 32; ++j) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      grid[i * 32 + j] =
          (grid[(i - 1) * 32 + j] * 3 + grid[i * 32 + j - 1]) % 1000003;
#pragma omp ordered depend(source)
    }
}

// OpenMP 4.5's other clauses and directives: a user-defined reduction, a
// reduction over an array section, 'parallel for simd', 'taskloop simd',
// 'linear' on a simd loop, task priorities, a lock with a hint, the
// device and place routines, a critical section with a hint, a
// sequentially consistent atomic and a 'declare simd' function.
#pragma omp declare simd
static int32_t square(int32_t x) { return x * x; }
#pragma omp declare reduction(maxabs:int : omp_out = omp_out > omp_in        \
                                                         ? omp_out          \
                                                         : omp_in)          \
    initializer(omp_priv = 0)
KERNEL void clauses(int32_t *out, float *fout, int32_t *seq, int32_t *lin,
                    int32_t *prio, const int32_t *in, const float *fin,
                    int32_t n) {
  int32_t largest = 0;
#pragma omp parallel for reduction(maxabs : largest)
  for (int32_t i = 0; i < n; ++i) {
    int32_t v = in[i] < 0 ? -in[i] : in[i];
    largest = largest > v ? largest : v;
  }
  out[0] = largest;
  int32_t hist[8] = {0};
#pragma omp parallel for reduction(+ : hist[0 : 8])
  for (int32_t i = 0; i < n; ++i)
    hist[in[i] & 7] += 1;
  for (int32_t k = 0; k < 8; ++k)
    out[1 + k] = hist[k];
#pragma omp parallel for simd
  for (int32_t i = 0; i < n; ++i)
    fout[i] = fin[i] * 2.0f + 1.0f;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop simd grainsize(16)
  for (int32_t i = 0; i < n; ++i)
    seq[i] = i * 3;
  int32_t j = 5;
#pragma omp parallel for simd linear(j : 2)
  for (int32_t i = 0; i < n; ++i) {
    lin[i] = j;
    j += 2;
  }
  out[9] = j;
#pragma omp parallel
#pragma omp single
  for (int32_t i = 0; i < n; ++i) {
#pragma omp task priority(i % 3) firstprivate(i)
    prio[i] = i + 1;
  }
  omp_lock_t lock;
  omp_init_lock_with_hint(&lock, omp_lock_hint_contended);
  int32_t count = 0;
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
    omp_set_lock(&lock);
    count += 1;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  out[10] = count;
  out[11] = omp_get_num_devices();
  out[12] = omp_is_initial_device();
  out[13] = omp_get_initial_device() == omp_get_num_devices();
  out[14] = omp_get_default_device();
  out[15] = omp_get_max_task_priority();
  out[16] = omp_get_num_places();
  out[17] = omp_get_place_num();
  out[18] = omp_get_partition_num_places();
  int32_t place = -1;
  omp_get_partition_place_nums(&place);
  out[19] = place;
  out[20] = omp_get_place_num_procs(0) == omp_get_num_procs();
  int32_t squares = 0, seq_cst = 0;
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
#pragma omp critical(squares) hint(omp_sync_hint_contended)
    squares += square(i % 100);
#pragma omp atomic seq_cst
    seq_cst += 2;
  }
  out[21] = squares;
  out[22] = seq_cst;
}

// 'target data' around a 'target' region with 'if', and 'target update':
// the host's data all along.
KERNEL void target_data(int32_t *out, int32_t n) {
  for (int32_t i = 0; i < n; ++i)
    out[i] = i * 5;
#pragma omp target data map(tofrom : out[0 : n])
    {
#pragma omp target teams distribute parallel for if (n > 10)
      for (int32_t i = 0; i < n; ++i)
        out[i] += 1;
#pragma omp target update from(out[0 : n])
    }
}

// Task reductions (OpenMP 5.0): a taskgroup's task_reduction, whose tasks
// take part with in_reduction, on a team and on the kernel's thread alone.
KERNEL void task_reductions(int32_t *out, const int32_t *in, int32_t n) {
  int32_t sum = 0;
  uint64_t product = 1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : product)
    for (int32_t i = 0; i < n; ++i) {
#pragma omp task in_reduction(+ : sum) in_reduction(* : product) firstprivate(i)
      {
        sum += in[i];
        product *= (in[i] & 1) ? 3 : 1;
      }
    }
  }
  out[0] = sum;
  out[1] = (int32_t)(product >> 7);
  int32_t alone = 0;
#pragma omp taskgroup task_reduction(+ : alone)
  for (int32_t i = 0; i < n; ++i) {
#pragma omp task in_reduction(+ : alone) firstprivate(i)
    alone += i;
  }
  out[2] = alone;
}

// The reduction's task modifier (OpenMP 5.0): tasks the construct's members
// create take part in its reduction with in_reduction. On 'parallel' (one
// member creates them, each member adds its own part too), on 'parallel
// for', and on two worksharing loops in a row, the second with nowait.
// (With nowait on the first too, libomp 15 loses the second's reduction:
// -1, in most runs; Loom's is checked in test/unit/mux instead.)
KERNEL void reduction_modifiers(int32_t *out, const int32_t *in, int32_t n) {
  int32_t sum = 0;
  uint64_t product = 1;
#pragma omp parallel num_threads(2) reduction(task, + : sum)                  \
    reduction(task, * : product)
  {
#pragma omp single
    for (int32_t i = 0; i < n; ++i) {
#pragma omp task in_reduction(+ : sum) in_reduction(* : product) firstprivate(i)
      {
        sum += in[i];
        product *= (in[i] & 1) ? 3 : 1;
      }
    }
    sum += 1000000 * (omp_get_num_threads() == 2);
  }
  out[0] = sum;
  out[1] = (int32_t)(product >> 7);
  int32_t combined = 0;
#pragma omp parallel for num_threads(2) reduction(task, + : combined)
  for (int32_t i = 0; i < n; ++i) {
    combined += 1;
#pragma omp task in_reduction(+ : combined) firstprivate(i)
    combined += in[i] * 2;
  }
  out[2] = combined;
  int32_t loops = 0, maximum = -1;
#pragma omp parallel num_threads(2)
  {
#pragma omp for reduction(task, + : loops)
    for (int32_t i = 0; i < n; ++i) {
#pragma omp task in_reduction(+ : loops) firstprivate(i)
      loops += in[i];
    }
#pragma omp for reduction(task, max : maximum) schedule(dynamic, 7) nowait
    for (int32_t i = 0; i < n; ++i) {
#pragma omp task in_reduction(max : maximum) firstprivate(i)
      maximum = in[i] * 3 > maximum ? in[i] * 3 : maximum;
    }
  }
  out[3] = loops;
  out[4] = maximum;
}

// OpenMP 5.0's routines and clauses beyond 4.5: memory allocators (the
// 'allocate' clause with a predefined allocator and with one of traits,
// omp_alloc and omp_aligned_alloc, a pool that is spent with its
// fallback), a detachable task whose event a later task fulfills, a depend
// object, mutexinoutset dependences, inclusive and exclusive scans,
// nteams-var, omp_in_explicit_task.
KERNEL void api50(int32_t *out, const int32_t *in, int32_t n) {
  int32_t buffer[16];
#pragma omp parallel for num_threads(2) private(buffer)                     \
    allocate(omp_low_lat_mem_alloc : buffer)
  for (int32_t i = 0; i < n; ++i) {
    for (int32_t k = 0; k < 16; ++k)
      buffer[k] = in[i] + k;
    out[i] = buffer[15] - buffer[3];
  }
  // (libomp counts a block's header and alignment in the pool, Loom only
  // its bytes: 1500-byte blocks fit twice in either, not three times.)
  omp_alloctrait_t traits[3] = {{omp_atk_alignment, 128},
                                {omp_atk_pool_size, 4096},
                                {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t pool =
      omp_init_allocator(omp_default_mem_space, 3, traits);
  char *first = (char *)omp_alloc(1500, pool);
  char *second = (char *)omp_alloc(1500, pool);
  char *third = (char *)omp_alloc(1500, pool);
  out[n] = (first != 0) * 1000 + (second != 0) * 100 + (third != 0) * 10 +
           ((__UINTPTR_TYPE__)first % 128 == 0 &&
            (__UINTPTR_TYPE__)second % 128 == 0);
  omp_free(first, pool);
  char *fourth = (char *)omp_alloc(1500, pool);
  out[n + 1] = fourth != 0;
  omp_free(fourth, omp_null_allocator);
  omp_free(second, pool);
  omp_destroy_allocator(pool);
  int32_t *aligned = (int32_t *)omp_aligned_alloc(64, n * sizeof(int32_t),
                                                   omp_default_mem_alloc);
  for (int32_t i = 0; i < n; ++i)
    aligned[i] = in[i] * 2;
  int32_t sum = 0;
#pragma omp parallel for num_threads(2) reduction(+ : sum)
  for (int32_t i = 0; i < n; ++i)
    sum += aligned[i];
  out[n + 2] = sum + ((__UINTPTR_TYPE__)aligned % 64 == 0) * 1000000;
  omp_free(aligned, omp_default_mem_alloc);
  out[n + 3] = omp_get_default_allocator() == omp_default_mem_alloc;
  int32_t detached = 0, seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    omp_event_handle_t event;
#pragma omp task detach(event) shared(detached)
    detached = 1;
#pragma omp task shared(detached, seen)
    {
      seen = detached >= 0;
      omp_fulfill_event(event);
    }
#pragma omp taskwait
    out[n + 4] = detached * 10 + seen;
  }
  int32_t chain = 0;
  omp_depend_t object;
#pragma omp depobj(object) depend(inout : chain)
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int32_t k = 0; k < 10; ++k) {
#pragma omp task depend(depobj : object) firstprivate(k) shared(chain)
      chain = chain * 3 + k;
    }
#pragma omp task depend(mutexinoutset : chain) shared(chain)
    chain += 1;
#pragma omp task depend(mutexinoutset : chain) shared(chain)
    chain += 2;
  }
#pragma omp depobj(object) destroy
  out[n + 5] = chain;
  int32_t running = 0;
#pragma omp parallel for reduction(inscan, + : running) num_threads(2)
  for (int32_t i = 0; i < n; ++i) {
    running += in[i];
#pragma omp scan inclusive(running)
    out[n + 8 + i] = running;
  }
  int32_t before = 0;
#pragma omp parallel for reduction(inscan, + : before) num_threads(2)
  for (int32_t i = 0; i < n; ++i) {
    out[2 * n + 8 + i] = before;
#pragma omp scan exclusive(before)
    before += in[i];
  }
  // libomp gives a league no more teams than it has threads; Loom, whose
  // teams run one after another, the teams asked. So only whether each
  // team saw as many as there are.
  omp_set_num_teams(2);
  int32_t teams_seen = 0, team_count = 0;
#pragma omp teams reduction(+ : teams_seen, team_count)
  {
    teams_seen += omp_get_num_teams();
    team_count += 1;
  }
  out[n + 6] = omp_get_max_teams() * 10 + (teams_seen == team_count * team_count);
  int32_t explicit_task = 0;
#pragma omp task shared(explicit_task)
  explicit_task = omp_in_explicit_task() * 10 + 1;
#pragma omp taskwait
  out[n + 7] = explicit_task + omp_in_explicit_task() * 100;
}

// Tied tasks that wait inside a critical section: a thread waiting in one
// may run only that task's descendants (OpenMP's task scheduling
// constraint), never a sibling that would wait for the same section on
// the same thread (before Loom kept the constraint, the child's taskyield
// ran a sibling there, which never came back).
KERNEL void tied_tasks(int32_t *out, const int32_t *in, int32_t n) {
  int32_t total = 0, children = 0;
#pragma omp parallel num_threads(2) shared(total, children)
#pragma omp single
  for (int32_t k = 0; k < n; ++k) {
#pragma omp task firstprivate(k) shared(total, children)
    {
#pragma omp critical(tied)
      {
#pragma omp task shared(children)
        {
#pragma omp atomic
          children += 1;
#pragma omp taskyield
        }
#pragma omp taskwait
        total += in[k];
      }
    }
  }
  out[0] = total;
  out[1] = children;
}

// Dependences among tasks: a wavefront over a grid, each cell's task
// waiting for the cells above and to the left (depend in) and writing its
// own (depend out); on a team, each task waits for those alone.
KERNEL void wavefront(int32_t *grid, const int32_t *in, int32_t n) {
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int32_t i = 0; i < n; ++i)
    for (int32_t j = 0; j < n; ++j) {
#pragma omp task firstprivate(i, j)                                           \
    depend(in : grid[(i > 0 ? i - 1 : i) * n + j],                          \
               grid[i * n + (j > 0 ? j - 1 : j)])                            \
    depend(out : grid[i * n + j])
      {
        int32_t up = i > 0 ? grid[(i - 1) * n + j] : 0;
        int32_t left = j > 0 ? grid[i * n + j - 1] : 0;
        grid[i * n + j] = (up + left + in[i * n + j]) % 1000003;
      }
    }
}

// OpenMP 5.1's atomic compare (-fopenmp-version=51, whose _OPENMP is
// 202011): a maximum and a minimum kept by compare-and-swap in Loom's
// parallel loop.
#if _OPENMP >= 202011
KERNEL void atomic_compare(int32_t *out, const int32_t *in, int32_t n) {
  int32_t largest = -1, smallest = 1 << 30;
#pragma omp parallel for num_threads(2)
  for (int32_t i = 0; i < n; ++i) {
#pragma omp atomic compare
    if (largest < in[i])
      largest = in[i];
#pragma omp atomic compare
    if (in[i] < smallest)
      smallest = in[i];
  }
  out[0] = largest;
  out[1] = smallest;
}

// OpenMP 5.1's loop transformations, which Clang makes before Loom sees the
// loop: 'unroll partial' in a parallel loop, 'tile sizes' under a
// 'collapse(2)' (its two tile loops the collapsed pair); 'nothing'.
KERNEL void transforms51(int32_t *out, const int32_t *in, int32_t n) {
#pragma omp parallel for num_threads(2)
#pragma omp unroll partial(4)
  for (int32_t i = 0; i < n; ++i)
    out[i] = in[i] * 2;
#pragma omp parallel for num_threads(2) collapse(2)
#pragma omp tile sizes(8, 8)
  for (int32_t i = 0; i < 64; ++i)
    for (int32_t j = 0; j < 64; ++j)
      out[n + i * 64 + j] = in[(i * 64 + j) % n] + i - j;
  int32_t sum = 0;
#pragma omp parallel for reduction(+ : sum) num_threads(2)
  for (int32_t i = 0; i < n; ++i) {
#pragma omp nothing
    sum += in[i];
  }
  out[n + 4096] = sum;
}
#endif
