; RUN: loom-opt -passes=internalize-non-kernels -S %s | FileCheck %s

; Only the kernels stay external: the driver calls nothing else, so every
; other function the module defines becomes internal.

; CHECK-LABEL: define void @kernel(
define void @kernel(ptr addrspace(1) %p) #0 {
  call void @helper(ptr addrspace(1) %p)
  call void @weak_helper(ptr addrspace(1) %p)
  call void @in_comdat(ptr addrspace(1) %p)
  ret void
}

; The vector variants a kernel names stay: only metadata refers to them.
; CHECK-LABEL: define void @with_variant(
define void @with_variant(ptr addrspace(1) %p) #0 !mux_vector_variant !0 {
  ret void
}
; CHECK-LABEL: define void @__vecz_v4_with_variant(
define void @__vecz_v4_with_variant(ptr addrspace(1) %p) {
  ret void
}
!0 = !{ptr @__vecz_v4_with_variant, i32 4}

; A kernel another kernel calls is still a kernel.
; CHECK-LABEL: define void @wrapped_kernel(
define void @wrapped_kernel(ptr addrspace(1) %p) #1 {
  ret void
}

; CHECK-LABEL: define internal void @helper(
define void @helper(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define internal void @weak_helper(
define linkonce_odr void @weak_helper(ptr addrspace(1) %p) {
  store i32 2, ptr addrspace(1) %p
  ret void
}

; The comdat goes with the external linkage.
; CHECK-LABEL: define internal void @in_comdat(
; CHECK-NOT: comdat
; CHECK-SAME: {
$in_comdat = comdat any
define void @in_comdat(ptr addrspace(1) %p) comdat {
  store i32 3, ptr addrspace(1) %p
  ret void
}

; What llvm.used or llvm.compiler.used keeps, the program asked to keep.
; CHECK-LABEL: define void @kept_by_used(
define void @kept_by_used() {
  ret void
}
; CHECK-LABEL: define void @kept_by_compiler_used(
define void @kept_by_compiler_used() {
  ret void
}
@llvm.used = appending global [1 x ptr] [ptr @kept_by_used], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @kept_by_compiler_used], section "llvm.metadata"

; Declarations stay as they are: a later stage links their definitions.
; CHECK-LABEL: declare void @declared(
declare void @declared()

; Functions already local stay so.
; CHECK-LABEL: define private void @already_private(
define private void @already_private() {
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { "mux-kernel"="kernel" }
