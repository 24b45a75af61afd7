; RUN: loom-opt --target=csa -passes='work-item-loops<single-work-item>' -S %s | FileCheck %s
; RUN: not loom-opt --target=csa -passes='work-item-loops<single>' -S %s 2>&1 | FileCheck %s --check-prefix=BAD
; CSA-21: with the option the CSA target sets, a kernel marked
; reqd_work_group_size(1, 1, 1) gets no work-item loops: its wrapper sets
; the local ids to 0 and calls it once. Other kernels keep their loops.

; BAD: invalid work-item-loops pass parameter 'single'

declare i64 @__mux_get_global_id(i32)

; CHECK-LABEL: define void @single.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 0)
; CHECK-NEXT: call void @__mux_set_local_id(i32 1, i64 0)
; CHECK-NEXT: call void @__mux_set_local_id(i32 2, i64 0)
; CHECK-NEXT: call void @single(ptr addrspace(1) %out)
; CHECK-NEXT: ret void
define void @single(ptr addrspace(1) %out) #0 !mux_reqd_wg_size !0 {
  store i32 1, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define void @ndrange.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK: wi.loop.0:
define void @ndrange(ptr addrspace(1) %out) #1 !mux_reqd_wg_size !1 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %gid
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="single" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="ndrange" }
!0 = !{i32 1, i32 1, i32 1}
!1 = !{i32 2, i32 1, i32 1}
