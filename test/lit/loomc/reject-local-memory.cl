// RUN: not loomc %s -o %t.o 2>&1 | FileCheck %s

// __local variables and __local pointer arguments are rejected by name.
// CHECK-DAG: error: __local variable 'with_local.tile': local memory is not supported yet
// CHECK-DAG: error: kernel 'with_local_arg' has __local pointer argument 'scratch': local memory is not supported yet
kernel void with_local(global int *p) {
  local int tile[8];
  tile[get_local_id(0)] = 1;
  p[get_global_id(0)] = tile[0];
}
kernel void with_local_arg(global int *p, local int *scratch) {
  scratch[get_local_id(0)] = 1;
  p[get_global_id(0)] = scratch[0];
}
