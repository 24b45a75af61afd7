// RUN: loomc --target=reference -fopenmp %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOWARN --allow-empty
// RUN: loomc --target=reference -fopenmp --emit=ir -S %s -o - | FileCheck %s
// '#pragma omp critical', unnamed and named, in a 'parallel for': the loop
// runs on the driver's workers, each section between the calls of the
// driver runtime's lock of its name (`.gomp_critical_user_<name>.var`,
// Clang's common symbol made the module's own), in the loop's access group.

// NOWARN-NOT: warning
// CHECK-DAG: @.gomp_critical_user_.var = internal global [8 x i32] zeroinitializer
// CHECK-DAG: @.gomp_critical_user_maximum.var = internal global [8 x i32] zeroinitializer
// CHECK-LABEL: define internal void @sections.parallel.{{[0-9]+}}(
// CHECK: call void @__kmpc_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_.var)
// CHECK: store i32 %{{.*}}, ptr addrspace(1) %{{.*}}, align 4
// CHECK: call void @__kmpc_end_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_.var)
// CHECK: call void @__kmpc_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_maximum.var)
// CHECK: call void @__kmpc_end_critical(ptr {{.*}}, i32 {{.*}}, ptr nonnull @.gomp_critical_user_maximum.var)
// CHECK: call void @__loom_parallel_map(

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
