; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; The seed's vectorized layout, with a hand-written vector variant standing
; in for Vecz's: the kernel names a variant that handles 4 work-items of
; dimension 0 per call. The wrapper runs it for the largest multiple of 4,
; then the scalar kernel for the remaining (peel) work-items; each of the two
; loops runs only if its range is not empty, and each is parallel.

declare i64 @__mux_get_global_id(i32)

define void @add_one(ptr addrspace(1) %out) #0 !mux_vector_variant !0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %p
  ret void
}

; Work-items gid .. gid + 3.
define void @__vecz_v4_add_one(ptr addrspace(1) %out) {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %v = load <4 x i32>, ptr addrspace(1) %p, align 4
  %w = add <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  store <4 x i32> %w, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: define internal void @add_one(
; CHECK-SAME: #[[SCALAR:[0-9]+]]
; CHECK-NOT: !mux_vector_variant
; CHECK-LABEL: define internal void @__vecz_v4_add_one(
; CHECK-SAME: #[[VECTOR:[0-9]+]]
; CHECK: load <4 x i32>, {{.*}}!llvm.access.group ![[VGROUP:[0-9]+]]

; CHECK-LABEL: define void @add_one.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK: %peel = urem i64 %local.size.0, 4
; CHECK-NEXT: %vector.end = sub i64 %local.size.0, %peel
; CHECK: wi.loop.1:
; CHECK: %vector.any = icmp ult i64 0, %vector.end
; CHECK-NEXT: br i1 %vector.any, label %vector.run, label %vector.done
; CHECK: vector.0:
; CHECK-NEXT: %[[VX:.+]] = phi i64 [ 0, %vector.run ], [ %[[VXNEXT:.+]], %vector.0 ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %[[VX]])
; CHECK-NEXT: call void @__vecz_v4_add_one(ptr addrspace(1) %out)
; CHECK-NEXT: %[[VXNEXT]] = add nuw i64 %[[VX]], 4
; CHECK-NEXT: %[[VMORE:.+]] = icmp ult i64 %[[VXNEXT]], %vector.end
; CHECK-NEXT: br i1 %[[VMORE]], label %vector.0, label %wi.exit.0, !llvm.loop ![[VLOOP:[0-9]+]]
; CHECK: vector.done:
; CHECK-NEXT: %scalar.any = icmp ult i64 %vector.end, %local.size.0
; CHECK-NEXT: br i1 %scalar.any, label %scalar.run, label %scalar.done
; CHECK: scalar.0:
; CHECK-NEXT: %[[SX:.+]] = phi i64 [ %vector.end, %scalar.run ], [ %[[SXNEXT:.+]], %scalar.0 ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %[[SX]])
; CHECK-NEXT: call void @add_one(ptr addrspace(1) %out)
; CHECK-NEXT: %[[SXNEXT]] = add nuw i64 %[[SX]], 1
; CHECK-NEXT: %[[SMORE:.+]] = icmp ult i64 %[[SXNEXT]], %local.size.0
; CHECK-NEXT: br i1 %[[SMORE]], label %scalar.0, label %wi.exit.0{{[0-9]*}}, !llvm.loop ![[SLOOP:[0-9]+]]

; The wrapper records the width for the kernel's descriptor.
; CHECK-DAG: attributes #[[SCALAR]] = { alwaysinline "mux-kernel"="kernel" "mux-orig-fn"="add_one" "mux-vectorize-width"="4" }
; CHECK-DAG: attributes #[[VECTOR]] = { alwaysinline }
; CHECK-DAG: ![[VLOOP]] = distinct !{![[VLOOP]], ![[VPAR:[0-9]+]]}
; CHECK-DAG: ![[VPAR]] = !{!"llvm.loop.parallel_accesses", ![[VGROUP]]}
; The peel runs fewer work-items than a vector has: the late optimizer is
; told not to vectorize or unroll it.
; CHECK-DAG: ![[SLOOP]] = distinct !{![[SLOOP]], ![[SPAR:[0-9]+]], ![[NOVEC:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
; CHECK-DAG: ![[NOVEC]] = !{!"llvm.loop.vectorize.enable", i1 false}
; CHECK-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="add_one" }
!0 = !{ptr @__vecz_v4_add_one, i32 4}
