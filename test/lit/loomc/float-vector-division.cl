// RUN: loomc -cl-wfv=auto -Rpass=vecz -Rpass-missed=vecz %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: loomc -cl-wfv=always -vecz-width=8 -S %s -o - | FileCheck %s

// A division by a value read from memory: the scalar kernel divides with
// one idiv per work-item; Vecz's kernel divides 8 lanes as doubles
// (float-vector-division), which the cost model counts, so that it keeps
// the vector kernel (before, it counted the idiv as 1 and the vector
// division as 20 per lane, and dropped it).
// REMARK: remark: kernel 'divide_by_data' vectorized at width

// CHECK-LABEL: define void @divide_by_data.mux-entry-hook(
// CHECK: fdiv <8 x double>
// CHECK: fptosi <8 x double> {{%.+}} to <8 x i32>
// CHECK-NOT: {{sdiv|srem}} <8 x i32>
// CHECK: ret void
kernel void divide_by_data(global const int *a, global const int *b,
                           global int *q) {
  size_t i = get_global_id(0);
  q[i] = a[i] / b[i] + a[i] % b[i];
}
