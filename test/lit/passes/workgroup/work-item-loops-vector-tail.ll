; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s
; RUN: loom-opt -passes='work-item-loops<single-work-item>' -S %s | FileCheck %s --check-prefix=SINGLE

; A kernel whose sub-groups are its vector variant's lanes names a tail
; variant too (!mux_tail_variant, as Vecz sets it; hand-written here): the
; wrapper runs the vector variant for the largest multiple of 4 of each
; row, then the tail variant once for the peel, at x = the peel's first
; work-item, in place of the scalar kernel work-item by work-item. The
; kernel's sub-group size is the width.

declare i64 @__mux_get_global_id(i32)

define void @add_one(ptr addrspace(1) %out) #0 !mux_vector_variant !0 !mux_tail_variant !1 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %p
  ret void
}

define void @__vecz_v4_add_one(ptr addrspace(1) %out) {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %v = load <4 x i32>, ptr addrspace(1) %p, align 4
  %w = add <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  store <4 x i32> %w, ptr addrspace(1) %p, align 4
  ret void
}

; Its lanes past the row are off (a real one masks its accesses).
define void @__vecz_v4_add_one.tail(ptr addrspace(1) %out) {
  ret void
}

; The scalar kernel, which nothing calls, is gone.
; CHECK-NOT: define {{.*}} @add_one(
; CHECK-LABEL: define void @add_one.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK-SAME: #[[WRAPPER:[0-9]+]]
; CHECK: %peel = urem i64 %local.size.0, 4
; CHECK-NEXT: %vector.end = sub i64 %local.size.0, %peel
; CHECK: vector.0:
; CHECK: call void @__vecz_v4_add_one(ptr addrspace(1) %out)
; CHECK: vector.done:
; CHECK-NEXT: %tail.any = icmp ult i64 %vector.end, %local.size.0
; CHECK-NEXT: br i1 %tail.any, label %tail.run, label %tail.done
; CHECK: tail.0:
; CHECK-NEXT: %[[TX:.+]] = phi i64 [ %vector.end, %tail.run ], [ %[[TXNEXT:.+]], %tail.0 ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %[[TX]])
; CHECK-NEXT: call void @__vecz_v4_add_one.tail(ptr addrspace(1) %out)
; CHECK-NEXT: %[[TXNEXT]] = add nuw i64 %[[TX]], 4
; CHECK-NEXT: %[[TMORE:.+]] = icmp ult i64 %[[TXNEXT]], %local.size.0
; CHECK-NEXT: br i1 %[[TMORE]], label %tail.0,
; CHECK-NOT: call void @add_one(
; CHECK: ret void

; CHECK-DAG: attributes #[[WRAPPER]] = { "mux-kernel"="entry-point" "mux-orig-fn"="add_one" "mux-sub-group-size"="4" "mux-vectorize-width"="4" }

; A work-group of one work-item runs the scalar kernel, a sub-group of one.
; SINGLE-LABEL: define void @single.mux-barrier-wrapper(
; SINGLE-SAME: #[[SINGLE:[0-9]+]]
; SINGLE: call void @single(
; SINGLE-NOT: __vecz_v4_single
; SINGLE: ret void
; SINGLE: attributes #[[SINGLE]] = { "mux-kernel"="entry-point" "mux-orig-fn"="single" }
define void @single(ptr addrspace(1) %out) #1 !mux_vector_variant !2 !mux_tail_variant !3 !mux_reqd_wg_size !4 {
  ret void
}

define void @__vecz_v4_single(ptr addrspace(1) %out) {
  ret void
}

define void @__vecz_v4_single.tail(ptr addrspace(1) %out) {
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="add_one" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="single" }
!0 = !{ptr @__vecz_v4_add_one, i32 4}
!1 = !{ptr @__vecz_v4_add_one.tail}
!2 = !{ptr @__vecz_v4_single, i32 4}
!3 = !{ptr @__vecz_v4_single.tail}
!4 = !{i32 1, i32 1, i32 1}
