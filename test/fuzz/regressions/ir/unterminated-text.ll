; RUN: not loom-opt --target=csa -passes=csa-fortra:-intrinsics -S %s 2>&1 | FileCheck %s
; CSA-2: a Fortran argument that is not an integer constant is an error
; naming the call and the argument.

; CHECK: erAor: arg1ument 1 of 'builtin_csa_spmd_' must point to an integer constant that fits in 32 bits

@_QQci0 = internal constant i32 0

declare void @builtin_csa_spmd_(ptr, ptr)

define void @workers_from_a_variable(ptr %workers) {
  call void @builtin_csa_spmd_(ptr %workers, ptr @_QQci0)
  ret void
}
