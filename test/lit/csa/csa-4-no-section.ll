; RUN: loom-opt --target=csa -passes=csa-loop-intrinsic-expander -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck --check-prefix=WARN %s < %t.err
; CSA-4: a parallel_loop loop whose memory operations no single-entry
; single-exit part of the body holds is left alone with a warning, and the
; marker is removed; a loop with nothing to order gets a "no effect"
; warning.

declare void @llvm.csa.parallel.loop()

; One store is in a block that may break out of the loop, the other in a
; block that reaches the latch: they have no common post-dominator in the
; loop once the backedge ends an iteration.
; WARN: warning: !! WARNING: COULD NOT PARALLELIZE LOOP !! (in function 'break_out_store', loop 'header'): no single-entry single-exit part of the body holds all its memory operations and subloops
; CHECK-LABEL: define void @break_out_store(
; CHECK-NOT: llvm.csa
; CHECK: ret void
define void @break_out_store(ptr %a, ptr %b, i64 %n) {
entry:
  call void @llvm.csa.parallel.loop()
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %odd = trunc i32 %v to i1
  br i1 %odd, label %maybe.break, label %continue
maybe.break:
  store i32 1, ptr %b
  %stop = icmp eq i32 %v, 7
  br i1 %stop, label %exit, label %latch
continue:
  store i32 2, ptr %p
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %header
exit:
  ret void
}

; WARN: warning: parallel_loop has no effect on a loop with no memory operations and no subloops (in function 'nothing_to_order')
; CHECK-LABEL: define i64 @nothing_to_order(
; CHECK-NOT: llvm.csa
; CHECK: ret i64
define i64 @nothing_to_order(i64 %n) {
entry:
  call void @llvm.csa.parallel.loop()
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %loop ]
  %sum.next = add i64 %sum, %i
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %sum.next
}
