// RUN: loomc --target=reference -fopenmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp --emit=ir -S %s -o - | FileCheck %s
// RUN: loomc --target=reference -fopenmp -x c -DPLAIN_C --emit=ir -S %s -o - | FileCheck %s
// RUN: loomc --target=reference %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp -x c -DPLAIN_C --emit=ir -S %s -o - | FileCheck %s --check-prefix=LEVELS
// The OpenMP routines, from the omp.h Loom gives kernels (in OpenCL C and
// in C: libomp's needs a C library), in a loop
// that still runs on the driver's workers: locks and the time are the
// driver runtime's calls; omp_in_parallel() in the loop is whether the
// region has more than one worker, or the kernel's thread is in a team of
// the runtime's already (asked once, before the region). Without -fopenmp,
// the same kernel is a serial program calling the same routines. The
// levels' and the settings' routines stay calls in the loop, which the
// driver's runtime answers for the loop's workers.

// NOWARN-NOT: warning

// CHECK-LABEL: define internal void @locked.parallel.{{[0-9]+}}(
// CHECK-NOT: omp_in_parallel
// CHECK: %[[SEVERAL:.+]] = icmp ugt i32 %workers, 1
// CHECK: %[[EITHER:.+]] = or i1 %omp.in.team{{[^,]*}}, %[[SEVERAL]]
// CHECK: zext i1 %[[EITHER]] to i32
// CHECK: call void @omp_set_lock(
// CHECK: call void @omp_unset_lock(
// CHECK-LABEL: define void @locked.mux-entry-hook(
// CHECK: call void @omp_init_lock(
// CHECK: call void @omp_set_num_threads(i32 noundef 2)
// CHECK: call double @omp_get_wtime()
// CHECK: %[[WORKERS:.+]] = call i32 @__loom_parallel_workers()
// CHECK: call void @__loom_parallel_map(i32 %[[WORKERS]],
// CHECK: call void @omp_destroy_lock(

#include <omp.h>

#ifdef PLAIN_C
#define KERNEL __attribute__((annotate("loom_kernel")))
#define GLOBAL
#else
#define KERNEL kernel
#define GLOBAL global
#endif

KERNEL void locked(GLOBAL int *out, GLOBAL int *parallel, GLOBAL float *time,
                   int n) {
  omp_lock_t lock;
  // Clang's OpenCL C takes no address of a variable a region captures: the
  // loop reaches the lock through a pointer.
  omp_lock_t *held = &lock;
  omp_init_lock(held);
  omp_set_num_threads(2);
  int count = 0;
  double start = omp_get_wtime();
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    omp_set_lock(held);
    count += 1;
    omp_unset_lock(held);
    parallel[i] = omp_in_parallel();
  }
  time[0] = (float)(omp_get_wtime() - start);
  omp_destroy_lock(held);
  out[0] = count;
}

// LEVELS-LABEL: define internal void @levels.parallel.{{[0-9]+}}(
// LEVELS: call i32 @omp_get_level()
// LEVELS: call i32 @omp_get_ancestor_thread_num(i32 noundef 1)
// LEVELS: call i32 @omp_get_max_active_levels()
// LEVELS-LABEL: define void @levels.mux-entry-hook(
// LEVELS: call void @omp_set_dynamic(i32 noundef 1)
// LEVELS: call void @__loom_parallel_map(
KERNEL void levels(GLOBAL int *out, int n) {
  omp_set_dynamic(1);
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = omp_get_level() * 100 + omp_get_ancestor_thread_num(1) * 10 +
             omp_get_max_active_levels();
}
