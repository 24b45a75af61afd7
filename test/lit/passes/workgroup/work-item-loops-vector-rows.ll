; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; A vector variant with a jammed variant running two rows of four
; work-items per call (hand-written here, as vecz<rows=2> would make them):
; while two rows remain, the wrapper calls the jammed variant for the runs of
; four in the first of them; the remaining row, if any, goes through the
; vector variant; then the scalar kernel runs the peel of every row. Each
; function is called from one place.

declare i64 @__mux_get_global_id(i32)

define void @store_row(ptr addrspace(1) %out) #0 !mux_vector_variant !0 {
  %x = call i64 @__mux_get_global_id(i32 0)
  %y = call i64 @__mux_get_global_id(i32 1)
  %i = add i64 %x, %y
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %i
  store i64 %y, ptr addrspace(1) %p
  ret void
}

define void @__vecz_v4_store_row(ptr addrspace(1) %out) {
  %x = call i64 @__mux_get_global_id(i32 0)
  %y = call i64 @__mux_get_global_id(i32 1)
  %i = add i64 %x, %y
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %i
  %v = insertelement <4 x i64> poison, i64 %y, i64 0
  %s = shufflevector <4 x i64> %v, <4 x i64> poison, <4 x i32> zeroinitializer
  store <4 x i64> %s, ptr addrspace(1) %p
  ret void
}

define void @__vecz_v4x2_store_row(ptr addrspace(1) %out) {
  %x = call i64 @__mux_get_global_id(i32 0)
  %y = call i64 @__mux_get_global_id(i32 1)
  %y.r1 = add nuw i64 %y, 1
  %i = add i64 %x, %y
  %i.r1 = add i64 %x, %y.r1
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %i
  %p.r1 = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %i.r1
  %v = insertelement <4 x i64> poison, i64 %y, i64 0
  %v.r1 = insertelement <4 x i64> poison, i64 %y.r1, i64 0
  %s = shufflevector <4 x i64> %v, <4 x i64> poison, <4 x i32> zeroinitializer
  %s.r1 = shufflevector <4 x i64> %v.r1, <4 x i64> poison, <4 x i32> zeroinitializer
  store <4 x i64> %s, ptr addrspace(1) %p
  store <4 x i64> %s.r1, ptr addrspace(1) %p.r1
  ret void
}

; CHECK-LABEL: define internal void @store_row(
; CHECK-NOT: !mux_vector_variant
; CHECK-LABEL: define internal void @__vecz_v4_store_row(
; CHECK-SAME: #[[VECTOR:[0-9]+]]
; CHECK-LABEL: define internal void @__vecz_v4x2_store_row(
; CHECK-SAME: #[[VECTOR]]

; CHECK-LABEL: define void @store_row.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK: %peel = urem i64 %local.size.0, 4
; CHECK-NEXT: %vector.end = sub i64 %local.size.0, %peel
; CHECK: wi.loop.2:
; CHECK: %[[REM:.+]] = urem i64 %local.size.1, 2
; CHECK-NEXT: %rows.end = sub i64 %local.size.1, %[[REM]]
; CHECK-NEXT: %rows.any = icmp ult i64 0, %rows.end
; CHECK-NEXT: br i1 %rows.any, label %rows.run, label %rows.done

; Two rows at a time: the jammed variant along the row.
; CHECK: rows.1:
; CHECK-NEXT: %[[Y:.+]] = phi i64 [ 0, %rows.run ], [ %[[YNEXT:.+]], %{{.+}} ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 1, i64 %[[Y]])
; CHECK: jammed.0:
; CHECK: call void @__vecz_v4x2_store_row(ptr addrspace(1) %out)
; CHECK-NEXT: %{{.+}} = add nuw i64 %{{.+}}, 4
; CHECK: %[[YNEXT]] = add nuw i64 %[[Y]], 2
; CHECK-NEXT: %{{.+}} = icmp ult i64 %[[YNEXT]], %rows.end

; The row left over, one at a time.
; CHECK: rows.done:
; CHECK-NEXT: %row.any = icmp ult i64 %rows.end, %local.size.1
; CHECK: row.1:
; CHECK-NEXT: %[[RY:.+]] = phi i64 [ %rows.end, %row.run ], [ %[[RYNEXT:.+]], %{{.+}} ]
; CHECK: vector.0:
; CHECK: call void @__vecz_v4_store_row(ptr addrspace(1) %out)
; CHECK: %[[RYNEXT]] = add nuw i64 %[[RY]], 1
; CHECK-NEXT: %{{.+}} = icmp ult i64 %[[RYNEXT]], %local.size.1

; The peel of every row.
; CHECK: row.done:
; CHECK-NEXT: %peel.row.any = icmp ult i64 0, %local.size.1
; CHECK: peel.row.1:
; CHECK-NEXT: %[[PY:.+]] = phi i64 [ 0, %peel.row.run ], [ %[[PYNEXT:.+]], %{{.+}} ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 1, i64 %[[PY]])
; CHECK: scalar.0:
; CHECK: call void @store_row(ptr addrspace(1) %out)
; CHECK: %[[PYNEXT]] = add nuw i64 %[[PY]], 1
; CHECK-NEXT: %{{.+}} = icmp ult i64 %[[PYNEXT]], %local.size.1
; CHECK-NOT: call void @store_row
; CHECK-NOT: call void @__vecz

; CHECK-DAG: attributes #[[VECTOR]] = { alwaysinline }

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="store_row" }
!0 = !{ptr @__vecz_v4_store_row, i32 4, ptr @__vecz_v4x2_store_row, i32 2}
