; RUN: loom-opt-testing --target=test-reversed-work-item-info -passes=add-kernel-wrapper -S %s | FileCheck %s

; The kernel wrapper sets up the work-item info the target's BuiltinInfo
; describes: here its own struct, on the wrapper's stack.
; CHECK-LABEL: define void @kernel.mux-kernel-wrapper(
; CHECK: %wi.reversed = alloca %TestReversedWorkItemInfo
; CHECK: call void @kernel(ptr addrspace(1) %out, ptr %wi.reversed, ptr %wg)
define void @kernel(ptr addrspace(1) %out, ptr %wi, ptr %wg) #0 !mux_scheduled_fn !0 {
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="kernel" }
!0 = !{i32 1, i32 2}
