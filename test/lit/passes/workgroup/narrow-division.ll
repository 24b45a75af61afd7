; RUN: loom-opt -passes=narrow-division -S %s | FileCheck %s

; Divisions of 64-bit values whose bounds fit in 32 bits are done in 32
; bits; the bounds come from the `!range` lower-to-mux-builtins gives the
; work-item builtins (a local id below 65536, a local size from 1 to 65536),
; through the arithmetic between them.

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_local_size(i32)

; A neighbour's index in the group, in a loop: where LLVM 15's
; CorrelatedValuePropagation no longer sees the calls' ranges.
; CHECK-LABEL: define void @neighbour_in_loop(
; CHECK: loop:
; CHECK: %next = add nuw nsw i64 %lid, 1
; CHECK-NEXT: %[[A:.+]] = trunc i64 %next to i32
; CHECK-NEXT: %[[B:.+]] = trunc i64 %size to i32
; CHECK-NEXT: %[[R:.+]] = urem i32 %[[A]], %[[B]]
; CHECK-NEXT: %wrapped = zext i32 %[[R]] to i64
; CHECK-NEXT: store i64 %wrapped
define void @neighbour_in_loop(ptr %out, i32 %rounds) {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0), !range !0
  %size = call i64 @__mux_get_local_size(i32 0), !range !1
  br label %loop
loop:
  %r = phi i32 [ 0, %entry ], [ %r.next, %loop ]
  %next = add nuw nsw i64 %lid, 1
  %wrapped = urem i64 %next, %size
  store i64 %wrapped, ptr %out
  %r.next = add i32 %r, 1
  %more = icmp slt i32 %r.next, %rounds
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Sums, phis, selects and the unsigned minimum keep the bounds; an exact
; division stays exact.
; CHECK-LABEL: define i64 @combined(
; CHECK: %[[Q:.+]] = udiv exact i32
; CHECK-NEXT: %q = zext i32 %[[Q]] to i64
define i64 @combined(i1 %c, i64 %x) {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0), !range !0
  %size = call i64 @__mux_get_local_size(i32 0), !range !1
  br i1 %c, label %then, label %join
then:
  %sum = add nuw i64 %lid, %size
  br label %join
join:
  %p = phi i64 [ %sum, %then ], [ 7, %entry ]
  %capped = call i64 @llvm.umin.i64(i64 %x, i64 %size)
  %d = select i1 %c, i64 %capped, i64 %size
  %q = udiv exact i64 %p, %d
  ret i64 %q
}

; Splats of bounded values, and a vector of lane offsets, in a vector
; kernel's shape.
; CHECK-LABEL: define <4 x i64> @vector_lanes(
; CHECK: %[[VA:.+]] = trunc <4 x i64> %lanes to <4 x i32>
; CHECK-NEXT: %[[VB:.+]] = trunc <4 x i64> %sizes to <4 x i32>
; CHECK-NEXT: %[[VR:.+]] = urem <4 x i32> %[[VA]], %[[VB]]
; CHECK-NEXT: %r = zext <4 x i32> %[[VR]] to <4 x i64>
define <4 x i64> @vector_lanes() {
  %lid = call i64 @__mux_get_local_id(i32 0), !range !0
  %size = call i64 @__mux_get_local_size(i32 0), !range !1
  %lid.ins = insertelement <4 x i64> poison, i64 %lid, i64 0
  %lid.splat = shufflevector <4 x i64> %lid.ins, <4 x i64> poison, <4 x i32> zeroinitializer
  %lanes = add nuw <4 x i64> %lid.splat, <i64 0, i64 1, i64 2, i64 3>
  %size.ins = insertelement <4 x i64> poison, i64 %size, i64 0
  %sizes = shufflevector <4 x i64> %size.ins, <4 x i64> poison, <4 x i32> zeroinitializer
  %r = urem <4 x i64> %lanes, %sizes
  ret <4 x i64> %r
}

; Left alone: a dividend that may need more bits (an argument; the id less
; one, which wraps for id 0; a product of two sizes may take 33 bits), and
; signed divisions.
; CHECK-LABEL: define void @not_narrowed(
; CHECK-NOT: trunc
; CHECK: urem i64 %x, %size
; CHECK-NOT: trunc
; CHECK: udiv i64 %before, %size
; CHECK-NOT: trunc
; CHECK: udiv i64 %area, %size
; CHECK-NOT: trunc
; CHECK: srem i64 %lid, %size
; CHECK-NOT: trunc
define void @not_narrowed(ptr %out, i64 %x) {
  %lid = call i64 @__mux_get_local_id(i32 0), !range !0
  %size = call i64 @__mux_get_local_size(i32 0), !range !1
  %a = urem i64 %x, %size
  store i64 %a, ptr %out
  %before = sub i64 %lid, 1
  %b = udiv i64 %before, %size
  store i64 %b, ptr %out
  %area = mul nuw i64 %size, %size
  %c = udiv i64 %area, %size
  store i64 %c, ptr %out
  %d = srem i64 %lid, %size
  store i64 %d, ptr %out
  ret void
}

declare i64 @llvm.umin.i64(i64, i64)

!0 = !{i64 0, i64 65536}
!1 = !{i64 1, i64 65537}
