; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; A barrier in a function the kernel calls (here through another function)
; is inlined into the kernel first, so the regions are cut at it; the
; helpers themselves stay for any other caller.

declare void @__mux_work_group_barrier(i32, i32, i32) #1

define internal void @sync() {
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
  ret void
}

define internal void @step(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  call void @sync()
  store i32 2, ptr addrspace(1) %p
  ret void
}

define void @kernel(ptr addrspace(1) %p) #0 {
  call void @step(ptr addrspace(1) %p)
  ret void
}

; CHECK-LABEL: define internal i32 @kernel.mux-barrier-region.0(
; CHECK: store i32 1, ptr addrspace(1) %p
; CHECK-NOT: call void @step
; CHECK: ret i32 1
; CHECK-LABEL: define internal i32 @kernel.mux-barrier-region.1(
; CHECK: store i32 2, ptr addrspace(1) %p
; CHECK: ret i32 -1
; CHECK-LABEL: define void @kernel.mux-barrier-wrapper(
; CHECK: call i32 @kernel.mux-barrier-region.0(
; CHECK: call i32 @kernel.mux-barrier-region.1(

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="kernel" }
attributes #1 = { convergent noduplicate nounwind willreturn }
