; RUN: loom-opt -passes='function(invariant-division)' -S %s | FileCheck %s

; A division by a loop-invariant divisor becomes a multiply by its
; reciprocal, computed once in the preheader of the outermost loop the
; divisor is invariant in.

; CHECK-LABEL: define void @by_argument(
; CHECK: entry:
; CHECK: %[[D:.+]] = call i64 @llvm.umax.i64(i64 %d, i64 1)
; CHECK-NEXT: %[[DM1:.+]] = sub i64 %[[D]], 1
; CHECK-NEXT: %[[LZ:.+]] = call i64 @llvm.ctlz.i64(i64 %[[DM1]], i1 false)
; CHECK-NEXT: %div.log = sub i64 64, %[[LZ]]
; CHECK: %[[Q128:.+]] = udiv i128 %{{.+}}, %{{.+}}
; CHECK: %div.magic = add i64 %{{.+}}, 1
; CHECK: %[[PRE:.+]] = call i64 @llvm.umin.i64(i64 %div.log, i64 1)
; CHECK-NEXT: %[[POST:.+]] = call i64 @llvm.usub.sat.i64(i64 %div.log, i64 1)
; CHECK-NEXT: br label %outer
; CHECK: inner:
; CHECK-NOT: udiv i64
; CHECK: %[[M:.+]] = zext i64 %div.magic to i128
; CHECK-NEXT: %[[N:.+]] = zext i64 %i to i128
; CHECK-NEXT: %[[P:.+]] = mul i128 %[[N]], %[[M]]
; CHECK-NEXT: %[[H:.+]] = lshr i128 %[[P]], 64
; CHECK-NEXT: %[[T:.+]] = trunc i128 %[[H]] to i64
; CHECK-NEXT: %[[S:.+]] = sub i64 %i, %[[T]]
; CHECK-NEXT: %[[HALF:.+]] = lshr i64 %[[S]], %[[PRE]]
; CHECK-NEXT: %[[SUM:.+]] = add i64 %[[T]], %[[HALF]]
; CHECK-NEXT: %q = lshr i64 %[[SUM]], %[[POST]]
; The remainder shares the reciprocal: n - q * d.
; CHECK-NOT: udiv i128
; CHECK: %[[Q2:.+]] = lshr i64 %{{.+}}, %[[POST]]
; CHECK-NEXT: %[[QD:.+]] = mul i64 %[[Q2]], %d
; CHECK-NEXT: %r = sub i64 %i, %[[QD]]
; CHECK-NOT: urem
; CHECK: ret void
define void @by_argument(ptr %out, i64 %d, i64 %n) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %q = udiv i64 %i, %d
  %r = urem i64 %i, %d
  %s = add i64 %q, %r
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %s, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %inner, label %outer.latch
outer.latch:
  %j.next = add i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; A 32-bit division takes a 64-bit reciprocal; a vector division by a
; splatted divisor is replaced lane by lane, with the reciprocal splatted.
; CHECK-LABEL: define void @vector_by_splat(
; CHECK: udiv i64 %{{.+}}, %{{.+}}
; CHECK: loop:
; CHECK-NOT: udiv <4 x i32>
; CHECK: mul <4 x i64>
; CHECK: lshr <4 x i64> %{{.+}}, <i64 32, i64 32, i64 32, i64 32>
; CHECK: ret void
define void @vector_by_splat(ptr %out, i32 %d, i64 %n) {
entry:
  %head = insertelement <4 x i32> poison, i32 %d, i64 0
  %splat = shufflevector <4 x i32> %head, <4 x i32> poison, <4 x i32> zeroinitializer
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr <4 x i32>, ptr %out, i64 %i
  %v = load <4 x i32>, ptr %p
  %q = udiv <4 x i32> %v, %splat
  store <4 x i32> %q, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Left alone: a constant divisor (LLVM's own), a divisor that changes in
; the loop, a division outside any loop, a signed division, a loop of at
; most 3 iterations, where the reciprocal would cost more, and a division
; of more than 64 bits (its reciprocal would need a 256-bit division, which
; LLVM 15 cannot generate).
; CHECK-LABEL: define void @left_alone(
; CHECK-NOT: udiv i128
; CHECK: udiv i64 %i, 7
; CHECK: udiv i64 %i, %i.next
; CHECK: sdiv i64 %i, %d
; CHECK: udiv i64 %t, %d
; CHECK: udiv i64 %n, %d
; CHECK-NOT: udiv i128
; CHECK: ret void
define void @left_alone(ptr %out, i64 %d, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %a = udiv i64 %i, 7
  %b = udiv i64 %i, %i.next
  %c = sdiv i64 %i, %d
  %ab = add i64 %a, %b
  %abc = add i64 %ab, %c
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %abc, ptr %p
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %short
short:
  %t = phi i64 [ 0, %loop ], [ %t.next, %short ]
  %e = udiv i64 %t, %d
  %pe = getelementptr i64, ptr %out, i64 %t
  store i64 %e, ptr %pe
  %t.next = add i64 %t, 1
  %short.more = icmp ult i64 %t.next, 3
  br i1 %short.more, label %short, label %exit
exit:
  %f = udiv i64 %n, %d
  store i64 %f, ptr %out
  ret void
}

; More than 64 bits.
; CHECK-LABEL: define void @wide(
; CHECK-NOT: udiv i256
; CHECK: udiv i128 %w, %d
; CHECK-NOT: udiv i256
define void @wide(ptr %out, i128 %d, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %w = zext i64 %i to i128
  %q = udiv i128 %w, %d
  %p = getelementptr i128, ptr %out, i64 %i
  store i128 %q, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
