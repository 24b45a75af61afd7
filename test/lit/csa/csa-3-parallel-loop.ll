; RUN: loom-opt --target=csa -passes=csa-loop-intrinsic-expander -S %s | FileCheck %s
; CSA-3: a parallel_loop loop gets a region entry at the end of its
; preheader, a region exit at the start of its exit block, and one section
; from before the first memory operation to after the last (CSA-1: the
; marker applies to the next loop, found backwards through single-predecessor
; blocks).

declare void @llvm.csa.parallel.loop()

; The section spans the body's load and store; the region the loop.
; CHECK-LABEL: define void @simple_loop(
; CHECK: preheader:
; CHECK-NEXT: %[[R:clie.0]] = call i32 @llvm.csa.parallel.region.entry(i32 {{[0-9]+}})
; CHECK-NEXT: br label %body
; CHECK: body:
; CHECK-NEXT: %i = phi
; CHECK-NEXT: %p = getelementptr
; CHECK-NEXT: %[[S:.+]] = call i32 @llvm.csa.parallel.section.entry(i32 %[[R]])
; CHECK-NEXT: %v = load i32, ptr %p
; CHECK-NEXT: %v1 = add i32 %v, 1
; CHECK-NEXT: store i32 %v1, ptr %p
; CHECK-NEXT: call void @llvm.csa.parallel.section.exit(i32 %[[S]])
; CHECK-NEXT: %i.next = add
; CHECK: exit:
; CHECK-NEXT: call void @llvm.csa.parallel.region.exit(i32 %[[R]])
; CHECK-NEXT: ret void
; CHECK-NOT: llvm.csa.parallel.loop
define void @simple_loop(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.parallel.loop()
  br label %preheader
preheader:
  br label %body
body:
  %i = phi i64 [ 0, %preheader ], [ %i.next, %body ]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; The section holds the whole subloop: it opens in the outer header before
; the subloop's preheader and closes in the subloop's exit block.
; CHECK-LABEL: define void @loop_with_subloop(
; CHECK: outer:
; CHECK: %[[S2:.+]] = call i32 @llvm.csa.parallel.section.entry(i32 %clie.0)
; CHECK-NEXT: br label %inner
; CHECK: inner.exit:
; CHECK-NEXT: call void @llvm.csa.parallel.section.exit(i32 %[[S2]])
; CHECK-NEXT: %i.next = add
define void @loop_with_subloop(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.parallel.loop()
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %inner.exit ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %k = add i64 %i, %j
  %p = getelementptr i32, ptr %a, i64 %k
  store i32 0, ptr %p
  %j.next = add i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %n
  br i1 %inner.done, label %inner.exit, label %inner
inner.exit:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %outer
exit:
  ret void
}

; The marker applies to the first loop after it only: the second loop's
; search stops at the first loop's latch, one loop deeper. The first loop's
; region closes in its exit block, which is the second loop's preheader.
; CHECK-LABEL: define void @marker_applies_to_next_loop(
; CHECK: first.preheader:
; CHECK-NEXT: call i32 @llvm.csa.parallel.region.entry
; CHECK: second.preheader:
; CHECK-NEXT: call void @llvm.csa.parallel.region.exit
; CHECK-NEXT: br label %second
; CHECK-NOT: llvm.csa
; CHECK: ret void
define void @marker_applies_to_next_loop(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.parallel.loop()
  br label %first.preheader
first.preheader:
  br label %first
first:
  %i = phi i64 [ 0, %first.preheader ], [ %i.next, %first ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 1, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %second.preheader, label %first
second.preheader:
  br label %second
second:
  %j = phi i64 [ 0, %second.preheader ], [ %j.next, %second ]
  %q = getelementptr i32, ptr %a, i64 %j
  store i32 2, ptr %q
  %j.next = add i64 %j, 1
  %done2 = icmp eq i64 %j.next, %n
  br i1 %done2, label %exit, label %second
exit:
  ret void
}
