; RUN: loom-opt -passes=fixup-calling-conventions -S %s | FileCheck %s

; Kernels, functions and the calls between them lose the SPIR calling
; conventions together, so callers and callees still agree.
; CHECK-LABEL: define void @kernel(
; CHECK: call void @callee(
; CHECK-NOT: spir_
define spir_kernel void @kernel(ptr addrspace(1) %p) {
  call spir_func void @callee(ptr addrspace(1) %p)
  ret void
}

; CHECK-LABEL: define void @callee(
define spir_func void @callee(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; A declaration changes too, so calls to it stay well-formed.
; CHECK-LABEL: declare i64 @external(i32)
declare spir_func i64 @external(i32)

; CHECK-LABEL: define void @calls_declaration(
; CHECK: call i64 @external(i32 0)
define spir_func void @calls_declaration() {
  %x = call spir_func i64 @external(i32 0)
  ret void
}
