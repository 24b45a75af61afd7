// RUN: loomc --target=reference -fopenmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp --emit=ir -S %s -o /dev/null --print-after=openmp-to-parallel-loops 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: loomc --target=reference -fopenmp --emit=ir -S %s -o - | FileCheck %s
// RUN: loomc --target=reference -fopenmp-runtime --emit=ir -S %s -o - | FileCheck %s --check-prefix=RUNTIME
// The schedules that take chunks as threads come free: Clang 15 asks the
// runtime for each chunk (__kmpc_dispatch_init_4, __kmpc_dispatch_next_4);
// openmp-to-parallel-loops runs the loop as one thread would, and gives it
// Loom's form with the schedule (`loom.parallel.schedule`) and the chunk;
// lower-parallel-loops has the workers take chunks from a counter they
// share. `runtime` and `auto` are static. With -fopenmp-runtime the calls
// stay, for the driver's runtime.

// NOWARN-NOT: warning

// FORM-LABEL: define {{.*}}void @dynamic(
// FORM: call token @llvm.loom.parallel.region.entry(i32 0, i64 4)
// FORM-LABEL: define {{.*}}void @guided(
// FORM: call token @llvm.loom.parallel.region.entry(i32 2, i64 1)
// FORM-LABEL: define {{.*}}void @at_run_time(
// FORM: call token @llvm.loom.parallel.region.entry(i32 0, i64 0)
// FORM-NOT: __kmpc_dispatch
// FORM-DAG: !{!"loom.parallel.schedule", !"dynamic"}
// FORM-DAG: !{!"loom.parallel.schedule", !"guided"}
// FORM-NOT: !"loom.parallel.schedule"

// A dynamic chunk of 4, rounded up to the granule (64) as far as a quarter
// of a worker's share of the iterations.
// CHECK-LABEL: define internal void @dynamic.parallel.{{[0-9]+}}(
// CHECK: %[[QUARTER:.+]] = udiv i64 %trip.count, %{{.+}}
// CHECK: %[[ROUNDED:.+]] = tail call i64 @llvm.umin.i64(i64 %[[QUARTER]], i64 64)
// CHECK: %chunk.size = tail call i64 @llvm.umax.i64(i64 %[[ROUNDED]], i64 4)
// CHECK: %taken = getelementptr inbounds
// CHECK: atomicrmw add ptr %taken, i64 %chunk.size monotonic, align 8
// Guided: a share of what is left (divided by twice the workers, 2), at
// least the chunk.
// CHECK-LABEL: define internal void @guided.parallel.{{[0-9]+}}(
// CHECK: %[[BEFORE:.+]] = load atomic i64, ptr %taken monotonic, align 8
// CHECK: %[[LEFT:.+]] = tail call i64 @llvm.usub.sat.i64(i64 %trip.count, i64 %[[BEFORE]])
// CHECK: %[[SHARE:.+]] = lshr i64 %[[LEFT]], 2
// CHECK: tail call i64 @llvm.umax.i64(i64 %{{.+}}, i64 %[[SHARE]])
// CHECK: atomicrmw add ptr %taken, i64 %{{.+}} monotonic, align 8
// CHECK-LABEL: define internal void @at_run_time.parallel.{{[0-9]+}}(
// CHECK-NOT: atomicrmw
// CHECK: ret void

// RUNTIME: call void @__kmpc_dispatch_init_4(ptr {{.*}}, i32 {{.*}}, i32 1073741859, i32 0, i32 %{{.+}}, i32 1, i32 4)
// RUNTIME: call i32 @__kmpc_dispatch_next_4(

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void dynamic(global float *out, global const float *in, int n) {
#pragma omp parallel for schedule(dynamic, 4)
  for (int i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += in[j];
    out[i] = s;
  }
}

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void guided(global int *out, int n) {
#pragma omp parallel for schedule(guided) num_threads(2)
  for (int i = 0; i < n; ++i)
    out[i] = i * 3;
}

__attribute__((reqd_work_group_size(1, 1, 1)))
kernel void at_run_time(global int *out, int n) {
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < n; ++i)
    out[i] = i * 5;
}
