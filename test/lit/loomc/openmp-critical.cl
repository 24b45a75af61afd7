// RUN: loomc --target=reference -fopenmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp --emit=ir -S %s -o - | FileCheck %s
// RUN: loomc --target=reference -fopenmp --emit=ir -S %s -o /dev/null --print-after=openmp-to-parallel-loops 2>&1 | FileCheck %s --check-prefix=MARK
// '#pragma omp critical', unnamed and named, in a 'parallel for': the loop
// runs on the driver's workers, each section between the calls of the
// driver runtime's lock of its name (`.gomp_critical_user_<name>.var`,
// Clang's common symbol made the module's own), in the loop's access group.
// A local variable the sections update stays in memory the workers share
// (llvm.loom.parallel.shared until the loop is lowered): promoted to a
// value, it would be carried from iteration to iteration and the loop would
// run serially.

// NOWARN-NOT: warning
// Only the variable the loop writes is marked, not those it only reads (n,
// the pointers), which stay free to become values.
// MARK-LABEL: define {{.*}}void @sections(
// MARK-NOT: llvm.loom.parallel.shared
// MARK-LABEL: define {{.*}}void @local_maximum(
// MARK: %parallel.region = call token @llvm.loom.parallel.region.entry(
// MARK-NEXT: call void @llvm.loom.parallel.shared(token %parallel.region, ptr %largest)
// MARK-NOT: llvm.loom.parallel.shared(
// MARK: ret void
// CHECK-DAG: @.gomp_critical_user_.var = internal global [8 x i32] zeroinitializer
// CHECK-DAG: @.gomp_critical_user_maximum.var = internal global [8 x i32] zeroinitializer
// CHECK-LABEL: define internal void @sections.parallel.{{[0-9]+}}(
// CHECK: call void @__kmpc_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_.var)
// CHECK: store i32 %{{.*}}, ptr addrspace(1) %{{.*}}, align 4
// CHECK: call void @__kmpc_end_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_.var)
// CHECK: call void @__kmpc_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_maximum.var)
// CHECK: call void @__kmpc_end_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_maximum.var)
// CHECK-LABEL: define internal void @local_maximum.parallel.{{[0-9]+}}(
// CHECK: call void @__kmpc_critical(
// CHECK: load i32, ptr [[LARGEST:%.+]], align 4
// CHECK: store i32 %{{.*}}, ptr [[LARGEST]], align 4
// CHECK: call void @__kmpc_end_critical(
// CHECK-LABEL: define void @sections.mux-entry-hook(
// CHECK: call void @__loom_parallel_map(i32 %{{.*}}, ptr nonnull @sections.parallel.
// CHECK-LABEL: define void @local_maximum.mux-entry-hook(
// CHECK: %[[SLOT:.+]] = alloca i32, align 4
// CHECK-NOT: llvm.loom.parallel.shared
// CHECK: store ptr %[[SLOT]], ptr
// CHECK: call void @__loom_parallel_map(i32 %{{.*}}, ptr nonnull @local_maximum.parallel.
// CHECK: load i32, ptr %[[SLOT]]

kernel void sections(global int *log, global int *length, global float *largest,
                     global const float *in, int n) {
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

kernel void local_maximum(global int *out, global const int *in, int n) {
  int largest = -1;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
#pragma omp critical
    if (in[i] > largest)
      largest = in[i];
  }
  out[0] = largest;
}
