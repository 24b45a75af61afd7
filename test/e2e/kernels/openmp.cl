// Kernels with OpenMP directives (-fopenmp), one work-item each: Loom puts
// each 'parallel for' back in its kernel in its parallel-loop form and runs
// it on the driver's workers.

// Declared here, not with Loom's <omp.h>: spirv-equivalence compiles the
// kernels with Clang alone, whose <omp.h> is libomp's.
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_in_parallel(void);

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void scale(global float *out, global const float *in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * 2.0f + 1.0f;
}

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void reductions(global int *out, global float *fout,
                       global const int *in, int n) {
  int sum = 7, largest = -1000000, bits = 0;
  float fsum = 0.25f;
#pragma omp parallel for reduction(+ : sum, fsum) reduction(max : largest)    \
    reduction(| : bits) schedule(static, 16) num_threads(2)
  for (int i = 0; i < n; ++i) {
    sum += in[i];
    largest = in[i] > largest ? in[i] : largest;
    bits |= in[i] & 0x30f;
    fsum += (float)in[i] * 0.001f;
  }
  out[0] = sum;
  out[1] = largest;
  out[2] = bits;
  fout[0] = fsum;
}

// The other reduction operators: *, min, & and ^ (unsigned products wrap).
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void more_reductions(global uint *out, global const int *in, int n) {
  uint product = 1, all = 0xffffffffu, toggled = 0;
  int smallest = 1000000;
#pragma omp parallel for reduction(* : product) reduction(min : smallest)     \
    reduction(& : all) reduction(^ : toggled)
  for (int i = 0; i < n; ++i) {
    product *= (uint)in[i] | 1u;
    smallest = in[i] < smallest ? in[i] : smallest;
    all &= (uint)in[i] | 0x10000u;
    toggled ^= (uint)in[i];
  }
  out[0] = product;
  out[1] = (uint)smallest;
  out[2] = all;
  out[3] = toggled;
}

// Which of 3 threads runs each iteration, in chunks of 1: the schedule as
// written.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void who_ran(global int *out, int n) {
#pragma omp parallel for num_threads(3) schedule(static, 1)
  for (int i = 0; i < n; ++i)
    out[i] = omp_get_thread_num() * 10 + omp_get_num_threads();
}

// collapse(2) over a rows x cols grid; a private and a firstprivate variable.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void grid(global int *out, int rows, int cols, int k) {
  int t;
#pragma omp parallel for collapse(2) private(t) firstprivate(k)
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      t = r * k - c;
      out[r * cols + c] = t;
    }
}

// 'omp simd' with safelen(4): iterations k apart, k >= 4, may run together.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void shift(global float *y, int n, int k) {
#pragma omp simd safelen(4)
  for (int i = k; i < n; ++i)
    y[i] = y[i - k] + 1.0f;
}

// Only what the user declared parallel runs in parallel: the prefix sums,
// loops carrying a value from one iteration to the next, stay serial, after
// a parallel loop and inside one (each row's sum on the worker given the row).
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void scale_then_prefix(global int *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = a[i] * 2;
  for (int i = 1; i < n; ++i)
    a[i] += a[i - 1];
}

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void row_prefix(global int *a, int rows, int cols) {
#pragma omp parallel for
  for (int r = 0; r < rows; ++r)
    for (int c = 1; c < cols; ++c)
      a[r * cols + c] += a[r * cols + c - 1];
}

// 'lastprivate': the value of the last iteration, copied out after the loop
// by the thread that ran it (such a loop runs on the driver's OpenMP
// runtime, which tells each thread whether it has the last iteration).
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void last_value(global int *a, int n, global int *out) {
  int last = -1;
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n; ++i) {
    last = a[i] * 3 + i;
    a[i] = last;
  }
  *out = last;
}

// '#pragma omp atomic' in each form, on shared data every thread updates:
// update (int, float, long), capture (a ticket each), write and read.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void atomics(global int *bins, global float *halves, global long *total,
                    global int *next, global int *tickets, global int *last,
                    int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    bins[(i * 7) & 15] += 1;
#pragma omp atomic update
    halves[0] += 0.5f;
#pragma omp atomic
    total[0] += (long)i * 3;
    int ticket;
#pragma omp atomic capture
    ticket = next[0]++;
    tickets[ticket] = i;
#pragma omp atomic write
    last[0] = i;
    int seen;
#pragma omp atomic read
    seen = bins[(i * 7) & 15];
    // At least this iteration's own update.
    if (seen < 1)
      last[1] = 1;
  }
}

// '#pragma omp critical', unnamed and named: read-modify-writes of shared
// data that no atomic covers (a log and its length, a maximum) done by one
// thread at a time.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void critical_sections(global int *log, global int *length,
                              global float *largest, global const float *in,
                              int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
#pragma omp critical
    {
      int at = length[0];
      log[at] = i;
      length[0] = at + 1;
    }
#pragma omp critical(maximum)
    if (in[i] > largest[0])
      largest[0] = in[i];
  }
}

// A region of code every thread of a team runs: a barrier, single, master,
// masked, a single's copyprivate, and worksharing loops inside it, the
// second reading what the first wrote (after the first's barrier) into a
// reduction. The driver's OpenMP runtime runs it, each thread on its own.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void team_constructs(global int *slots, global int *counts,
                            global int *copied, global int *loop, int n) {
  int sum = 0;
#pragma omp parallel num_threads(3)
  {
    int t = omp_get_thread_num();
    int threads = omp_get_num_threads();
    slots[t] = t * 10 + threads;
#pragma omp barrier
    slots[4 + t] = slots[(t + 1) % threads];
#pragma omp single
    counts[0] += 1;
#pragma omp master
    counts[1] += 1;
#pragma omp masked filter(2)
    counts[2] += 1;
    int v = -1;
#pragma omp single copyprivate(v)
    v = 40 + n;
    copied[t] = v;
#pragma omp for
    for (int i = 0; i < n; ++i)
      loop[i] = i * 3;
#pragma omp for reduction(+ : sum)
    for (int i = 0; i < n; ++i)
      sum += loop[n - 1 - i];
#pragma omp single
    counts[3] = sum;
  }
}

// 'parallel sections': each section once, on the threads of a team.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void sections(global int *out, int n) {
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    for (int i = 0; i < n; ++i)
      out[i] = i;
#pragma omp section
    for (int i = 0; i < n; ++i)
      out[n + i] = 2 * i;
#pragma omp section
    out[2 * n] += 7;
  }
}

// Tasks on a team's threads: a task per block and a taskwait, a taskloop, a
// taskgroup of nested tasks, a chain of dependences.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void tasks(global long *out, global int *loop, global const int *in,
                  int n) {
#pragma omp parallel num_threads(3)
  {
#pragma omp single
    {
      for (int b = 0; b < 8; ++b) {
#pragma omp task firstprivate(b)
        {
          long s = 0;
          for (int i = b * n / 8; i < (b + 1) * n / 8; ++i)
            s += in[i];
          out[3 + b] = s;
        }
      }
#pragma omp taskwait
      long s = 0;
      for (int b = 0; b < 8; ++b)
        s += out[3 + b];
      out[0] = s;
    }
#pragma omp single
#pragma omp taskloop grainsize(100)
    for (int i = 0; i < n; ++i)
      loop[i] = in[i] * 2 + 1;
#pragma omp single
    {
      long total = 0;
#pragma omp taskgroup
      {
        for (int b = 0; b < 4; ++b) {
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
#pragma omp single
    {
      long x = 1;
      for (int k = 0; k < 10; ++k) {
#pragma omp task depend(inout : x) firstprivate(k) shared(x)
        x = x * 3 + k;
      }
#pragma omp taskwait
      out[2] = x;
    }
  }
}

// 'ordered': the blocks in iteration order, whichever thread runs them;
// some iterations have none. log[n] counts the entries.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void in_order(global int *out, global int *log, int n, int chunk) {
#pragma omp parallel for ordered schedule(dynamic, chunk) num_threads(3)
  for (int i = 0; i < n; ++i) {
    out[i] = i * i % 1000;
    if (i % 5 != 2) {
#pragma omp ordered
      log[log[n]++] = i;
    }
  }
}

// Every schedule that takes chunks as threads come free: a triangular loop
// (iteration i costs i), its sums and who took each iteration's turn.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void schedules(global long *sums, global int *seen,
                      global const int *in, int n) {
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < n; ++i) {
    long s = 0;
    for (int j = 0; j <= i; ++j)
      s += in[j];
    sums[i] = s;
  }
#pragma omp parallel for schedule(dynamic, 3)
  for (int i = 0; i < n; ++i)
    seen[i] += 1;
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < n; ++i)
    seen[i] += 10;
#pragma omp parallel for schedule(guided, 7)
  for (int i = n - 1; i >= 0; --i)
    seen[i] += 100;
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < n; ++i)
    seen[i] += 1000;
#pragma omp parallel for schedule(auto)
  for (int i = 0; i < n; ++i)
    seen[i] += 10000;
}

// A dynamic schedule whose loop asks its thread number: each iteration
// records a valid one.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void dynamic_threads(global int *out, int n) {
#pragma omp parallel for schedule(dynamic, 2) num_threads(3)
  for (int i = 0; i < n; ++i)
    out[i] = omp_get_thread_num() * 10 + omp_get_num_threads();
}

// 'if': the loop runs on the workers when n > 64, else on the kernel's
// thread as a team of one; each iteration says which.
__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void conditional(global int *out, int n) {
#pragma omp parallel for if (n > 64)
  for (int i = 0; i < n; ++i)
    out[i] = omp_in_parallel() * 1000 + i;
}
