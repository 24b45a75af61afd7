; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; A vector variant of four work-items with a jammed variant of four rows,
; a wide variant of eight and that one's jammed variant of two rows
; (hand-written here, as vecz<width=4;rows=4;interleave=2> would name them;
; their bodies do not matter to the wrapper). The runs of eight go first,
; two rows at a time while two rows remain, the row left by the wide
; variant; then the runs of four after them, four rows at a time, the rows
; left one at a time by the vector variant; then the scalar kernel runs the
; peel of every row. Each function is called from one place.

define void @k(ptr addrspace(1) %out) #0 !mux_vector_variant !0 {
  ret void
}

define void @__vecz_v4_k(ptr addrspace(1) %out) {
  ret void
}

define void @__vecz_v4x4_k(ptr addrspace(1) %out) {
  ret void
}

define void @__vecz_v8_k(ptr addrspace(1) %out) {
  ret void
}

define void @__vecz_v8x2_k(ptr addrspace(1) %out) {
  ret void
}

; CHECK-LABEL: define void @k.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK: %peel = urem i64 %local.size.0, 4
; CHECK-NEXT: %vector.end = sub i64 %local.size.0, %peel
; CHECK-NEXT: %[[WREM:.+]] = urem i64 %local.size.0, 8
; CHECK-NEXT: %wide.end = sub i64 %local.size.0, %[[WREM]]
; CHECK: wi.loop.2:

; Two rows at a time, the wide jammed variant over [0, wide.end).
; CHECK: %[[REM2:.+]] = urem i64 %local.size.1, 2
; CHECK-NEXT: %wide.rows.end = sub i64 %local.size.1, %[[REM2]]
; CHECK: wide.rows.1:
; CHECK-NEXT: %[[Y:.+]] = phi i64 [ 0, %wide.rows.run ], [ %[[YNEXT:.+]], %{{.+}} ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 1, i64 %[[Y]])
; CHECK: %wide.jammed.any = icmp ult i64 0, %wide.end
; CHECK: wide.jammed.0:
; CHECK-NEXT: %[[X:.+]] = phi i64 [ 0, %wide.jammed.run ], [ %[[XNEXT:.+]], %{{.+}} ]
; CHECK: call void @__vecz_v8x2_k(ptr addrspace(1) %out)
; CHECK-NEXT: %[[XNEXT]] = add nuw i64 %[[X]], 8
; CHECK-NEXT: %{{.+}} = icmp ult i64 %[[XNEXT]], %wide.end
; CHECK: %[[YNEXT]] = add nuw i64 %[[Y]], 2

; The row they leave, by the wide variant.
; CHECK: wide.row.1:
; CHECK-NEXT: %[[RY:.+]] = phi i64 [ %wide.rows.end, %wide.row.run ], [ %[[RYNEXT:.+]], %{{.+}} ]
; CHECK: wide.0:
; CHECK: call void @__vecz_v8_k(ptr addrspace(1) %out)
; CHECK: %[[RYNEXT]] = add nuw i64 %[[RY]], 1

; Four rows at a time, the jammed variant over [wide.end, vector.end).
; CHECK: %[[REM4:.+]] = urem i64 %local.size.1, 4
; CHECK-NEXT: %rows.end = sub i64 %local.size.1, %[[REM4]]
; CHECK: rows.1:
; CHECK: %jammed.any = icmp ult i64 %wide.end, %vector.end
; CHECK: jammed.0:
; CHECK-NEXT: %[[JX:.+]] = phi i64 [ %wide.end, %jammed.run ], [ %[[JXNEXT:.+]], %{{.+}} ]
; CHECK: call void @__vecz_v4x4_k(ptr addrspace(1) %out)
; CHECK-NEXT: %[[JXNEXT]] = add nuw i64 %[[JX]], 4
; CHECK: row.1:
; CHECK: %vector.any = icmp ult i64 %wide.end, %vector.end
; CHECK: vector.0:
; CHECK: call void @__vecz_v4_k(ptr addrspace(1) %out)

; The peel of every row.
; CHECK: peel.row.1:
; CHECK: scalar.0:
; CHECK: call void @k(ptr addrspace(1) %out)
; CHECK-NOT: call void @k
; CHECK-NOT: call void @__vecz

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="k" }
!0 = !{ptr @__vecz_v4_k, i32 4, ptr @__vecz_v4x4_k, i32 4, ptr @__vecz_v8_k, i32 8, ptr @__vecz_v8x2_k, i32 2}
