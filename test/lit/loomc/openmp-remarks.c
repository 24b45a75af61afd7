// RUN: loomc --target=reference -fopenmp -x c %s -o %t.o -Rpass=openmp -Rpass-missed=openmp 2>&1 | FileCheck %s
// RUN: loomc --target=reference -fopenmp-runtime -x c %s -o %t.o -Rpass-missed=openmp 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: loomc --target=reference -fopenmp -x c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=QUIET
// What became of each OpenMP construct, as remarks of the pass 'openmp' at
// the directive's line: recognised (-Rpass=openmp: the workers, the
// schedule and chunk, the reductions), or left to the driver's runtime or
// run serially (-Rpass-missed=openmp, besides the warning that a loop the
// source asked to be parallel runs serially). Without -Rpass, only the
// warnings.

#include <omp.h>
#include <stdint.h>

#define KERNEL __attribute__((annotate("loom_kernel")))

KERNEL void recognised(int32_t *out, const int32_t *in, int32_t n) {
  int32_t sum = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the 'parallel for' is Loom's parallel loop: 2 workers, a dynamic schedule in chunks of 8, reductions 'add' [-Rpass=openmp]
#pragma omp parallel for num_threads(2) schedule(dynamic, 8) reduction(+ : sum)
  for (int32_t i = 0; i < n; ++i)
    sum += in[i];
  out[0] = sum;
}

KERNEL void last(int32_t *out, const int32_t *in, int32_t n) {
  int32_t v = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+2]]:1: remark: the parallel region runs through the driver's OpenMP runtime: its 'lastprivate' or 'linear' variables are copied out of the last iteration, which Loom's parallel loops do not single out [-Rpass-missed=openmp]
// RUNTIME-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: -fopenmp-runtime asks so [-Rpass-missed=openmp]
#pragma omp parallel for lastprivate(v)
  for (int32_t i = 0; i < n; ++i)
    v = in[i];
  out[0] = v;
}

KERNEL void undeclared(int32_t *out, const int32_t *in, int32_t n) {
  int32_t sum = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+3]]:1: warning: parallel loop runs serially (in function 'undeclared'): 'sum' carries an undeclared 'add' reduction from one iteration to the next
// CHECK-DAG: openmp-remarks.c:[[@LINE+2]]:1: remark: the parallel loop runs serially: 'sum' carries an undeclared 'add' reduction from one iteration to the next [-Rpass-missed=openmp]
// QUIET-NOT: remark:
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i)
    sum += in[i];
  out[0] = sum;
}

// Constructs of a team's threads, which Loom's parallel loops do not
// express: the driver's runtime runs them, each thread on its own; a remark,
// no warning.
// QUIET-NOT: warning: parallel loop runs through the driver's OpenMP runtime (in function '{{team|several|barrier_first|spmd|sections|tasks}}
KERNEL void team(int32_t *out, int32_t n) {
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: 'single' needs the threads of a team [-Rpass-missed=openmp]
#pragma omp parallel
  {
#pragma omp single
    out[0] = n;
  }
}

KERNEL void several(int32_t *out, int32_t n) {
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: the region is not one worksharing loop, which Loom's parallel loops express [-Rpass-missed=openmp]
#pragma omp parallel
  {
#pragma omp for nowait
    for (int32_t i = 0; i < n; ++i)
      out[i] = i;
#pragma omp for
    for (int32_t i = 0; i < n; ++i)
      out[n + i] = i;
  }
}

KERNEL void barrier_first(int32_t *out, int32_t n) {
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: a barrier in the region, other than the one ending its worksharing loop, needs the threads of a team [-Rpass-missed=openmp]
#pragma omp parallel
  {
#pragma omp barrier
#pragma omp for
    for (int32_t i = 0; i < n; ++i)
      out[i] = i;
  }
}

KERNEL void spmd(int32_t *out) {
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: the region is not one worksharing loop, which Loom's parallel loops express [-Rpass-missed=openmp]
#pragma omp parallel num_threads(2)
  out[0] = 1;
}

KERNEL void sections(int32_t *out, int32_t n) {
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: 'sections' run one section at a time on each thread of a team [-Rpass-missed=openmp]
#pragma omp parallel sections
  {
#pragma omp section
    out[0] = n;
#pragma omp section
    out[1] = n;
  }
}

KERNEL void tasks(int32_t *out, int32_t n) {
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: 'task' needs the threads of a team [-Rpass-missed=openmp]
#pragma omp parallel
  {
#pragma omp task
    out[0] = n;
  }
}

// A 'for' with a reduction inside a 'parallel': the blocking reduction and
// the loop's trailing barrier are Loom's parallel loop's.
KERNEL void region_reduction(int32_t *out, const int32_t *in, int32_t n) {
  int32_t s = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the 'parallel for' is Loom's parallel loop: as many workers as the driver has, a static schedule, reductions 'add' [-Rpass=openmp]
#pragma omp parallel
  {
#pragma omp for reduction(+ : s)
    for (int32_t i = 0; i < n; ++i)
      s += in[i];
  }
  out[0] = s;
}

// A schedule(runtime) loop in a kernel that sets run-sched-var: the runtime
// reads it (Loom's loops would run the default, static).
KERNEL void run_schedule(int32_t *out, int32_t n) {
  omp_set_schedule(omp_sched_dynamic, 4);
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: its 'schedule(runtime)' is the one omp_set_schedule sets, which the runtime reads [-Rpass-missed=openmp]
#pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < n; ++i)
    out[i] = i;
}

// 'ordered' with 'depend' (doacross): its iterations wait for each other.
KERNEL void doacross(int32_t *out, int32_t n) {
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the parallel region runs through the driver's OpenMP runtime: 'ordered' with 'depend' needs the threads of a team [-Rpass-missed=openmp]
#pragma omp parallel for ordered(1)
  for (int32_t i = 1; i < n; ++i) {
#pragma omp ordered depend(sink : i - 1)
    out[i] += out[i - 1];
#pragma omp ordered depend(source)
  }
}

// A critical section with a hint, and a sequentially consistent atomic
// (Clang adds a flush, a fence any thread may make): Loom's parallel loop.
KERNEL void hinted(int32_t *out, int32_t n) {
  int32_t sum = 0, count = 0;
// CHECK-DAG: openmp-remarks.c:[[@LINE+1]]:1: remark: the 'parallel for' is Loom's parallel loop: as many workers as the driver has, a static schedule [-Rpass=openmp]
#pragma omp parallel for
  for (int32_t i = 0; i < n; ++i) {
#pragma omp critical(sum) hint(omp_sync_hint_contended)
    sum += i;
#pragma omp atomic seq_cst
    count += 1;
  }
  out[0] = sum;
  out[1] = count;
}
