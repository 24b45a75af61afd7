; RUN: loom-opt -passes='loop(indvars-without-widening)' -S %s | FileCheck %s
; RUN: loom-opt -passes='loop(indvars)' -S %s | FileCheck %s --check-prefix=WIDENED

; An `int` counter whose sign extension feeds an address, and a clamp of
; it, as the frontend leaves them. LLVM's indvars widens the counter to 64
; bits and the clamp with it; without widening both stay 32 bits, which is
; what Vecz should vectorize.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"

; CHECK-LABEL: define void @clamped(
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ %lo, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %x = add nsw i32 %i, %base
; CHECK-NEXT: %neg = icmp slt i32 %x, 0
; CHECK-NEXT: %c = select i1 %neg, i32 0, i32 %x
; CHECK-NEXT: %idx = sext i32 %c to i64
; CHECK: %o = sext i32 %i to i64
; CHECK: %i.next = add nsw i32 %i, 1
; CHECK-NEXT: %more = icmp slt i32 %i.next, %hi
; WIDENED-LABEL: define void @clamped(
; WIDENED: %indvars.iv = phi i64
; WIDENED: %neg = icmp slt i64
define void @clamped(ptr %out, ptr %in, i32 %lo, i32 %hi, i32 %base) {
entry:
  br label %loop

loop:
  %i = phi i32 [ %lo, %entry ], [ %i.next, %loop ]
  %x = add nsw i32 %i, %base
  %neg = icmp slt i32 %x, 0
  %c = select i1 %neg, i32 0, i32 %x
  %idx = sext i32 %c to i64
  %p = getelementptr inbounds i8, ptr %in, i64 %idx
  %v = load i8, ptr %p, align 1
  %o = sext i32 %i to i64
  %q = getelementptr inbounds i8, ptr %out, i64 %o
  store i8 %v, ptr %q, align 1
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %hi
  br i1 %more, label %loop, label %exit

exit:
  ret void
}
