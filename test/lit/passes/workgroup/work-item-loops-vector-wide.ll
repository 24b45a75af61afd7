; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; A vector variant of four work-items per call with a wide variant of eight
; (hand-written here, as vecz<width=4;interleave=2> would make them): in
; each row the wide variant runs the largest multiple of eight, the vector
; variant the multiple of four after it (none or one call), and the scalar
; kernel the rest. The jammed slot of the metadata is empty.

declare i64 @__mux_get_global_id(i32)

define void @store_id(ptr addrspace(1) %out) #0 !mux_vector_variant !0 {
  %x = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %x
  store i64 %x, ptr addrspace(1) %p
  ret void
}

define void @__vecz_v4_store_id(ptr addrspace(1) %out) {
  %x = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %x
  %v = insertelement <4 x i64> poison, i64 %x, i64 0
  %s = shufflevector <4 x i64> %v, <4 x i64> poison, <4 x i32> zeroinitializer
  %ids = add <4 x i64> %s, <i64 0, i64 1, i64 2, i64 3>
  store <4 x i64> %ids, ptr addrspace(1) %p
  ret void
}

define void @__vecz_v8_store_id(ptr addrspace(1) %out) {
  %x = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %x
  %v = insertelement <8 x i64> poison, i64 %x, i64 0
  %s = shufflevector <8 x i64> %v, <8 x i64> poison, <8 x i32> zeroinitializer
  %ids = add <8 x i64> %s, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
  store <8 x i64> %ids, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define internal void @store_id(
; CHECK-NOT: !mux_vector_variant
; CHECK-LABEL: define internal void @__vecz_v4_store_id(
; CHECK-SAME: #[[VECTOR:[0-9]+]]
; CHECK-LABEL: define internal void @__vecz_v8_store_id(
; CHECK-SAME: #[[VECTOR]]

; CHECK-LABEL: define void @store_id.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK: %peel = urem i64 %local.size.0, 4
; CHECK-NEXT: %vector.end = sub i64 %local.size.0, %peel
; CHECK-NEXT: %[[REM:.+]] = urem i64 %local.size.0, 8
; CHECK-NEXT: %wide.end = sub i64 %local.size.0, %[[REM]]

; Eight at a time up to wide.end.
; CHECK: %wide.any = icmp ult i64 0, %wide.end
; CHECK: wide.0:
; CHECK-NEXT: %[[X:.+]] = phi i64 [ 0, %wide.run ], [ %[[XNEXT:.+]], %{{.+}} ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %[[X]])
; CHECK-NEXT: call void @__vecz_v8_store_id(ptr addrspace(1) %out)
; CHECK-NEXT: %[[XNEXT]] = add nuw i64 %[[X]], 8
; CHECK-NEXT: %{{.+}} = icmp ult i64 %[[XNEXT]], %wide.end

; Four at a time from wide.end up to vector.end.
; CHECK: %vector.any = icmp ult i64 %wide.end, %vector.end
; CHECK: vector.0:
; CHECK-NEXT: %[[V:.+]] = phi i64 [ %wide.end, %vector.run ], [ %[[VNEXT:.+]], %{{.+}} ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %[[V]])
; CHECK-NEXT: call void @__vecz_v4_store_id(ptr addrspace(1) %out)
; CHECK-NEXT: %[[VNEXT]] = add nuw i64 %[[V]], 4
; CHECK-NEXT: %{{.+}} = icmp ult i64 %[[VNEXT]], %vector.end

; One at a time after it.
; CHECK: %scalar.any = icmp ult i64 %vector.end, %local.size.0
; CHECK: scalar.0:
; CHECK: call void @store_id(ptr addrspace(1) %out)
; CHECK-NOT: call void @store_id
; CHECK-NOT: call void @__vecz

; CHECK-DAG: attributes #[[VECTOR]] = { alwaysinline }

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="store_id" }
!0 = !{ptr @__vecz_v4_store_id, i32 4, null, i32 1, ptr @__vecz_v8_store_id, i32 8}
