; RUN: loom-opt --target=csa -passes='print<csa-memory-ordering>' -disable-output %s 2>&1 | FileCheck %s
; RUN: loom-opt --target=csa -passes=csa-lower-memory-ordering -S %s | FileCheck %s --check-prefix=LOWER
; CSA-12: st1 before the outer loop lp1, whose header opens region 0; the
; inner loop lp2's header opens a section, its latch closes it; lp1's latch
; closes the region. st1 is in no section: orderings after it are kept. st3
; after st2 in one iteration crosses no section boundary: kept. Around lp2's
; backedge the path crosses a section exit and entry and no region exit:
; dropped. Around lp1's backedge it crosses a region exit and entry: kept.
; So lp2 is parallel and lp1 is not.

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

; CHECK-LABEL: CSA memory ordering for function 'nested_loops':
; CHECK-NOT: error
; CHECK-DAG: 'store i32 2, ptr %st2, align 4' after 'store i32 1, ptr %st1, align 4' around {}: kept
; CHECK-DAG: 'store i32 3, ptr %st3, align 4' after 'store i32 1, ptr %st1, align 4' around {}: kept
; CHECK-DAG: 'store i32 3, ptr %st3, align 4' after 'store i32 2, ptr %st2, align 4' around {}: kept
; CHECK-DAG: 'store i32 2, ptr %st2, align 4' after 'store i32 3, ptr %st3, align 4' around {lp2}: dropped
; CHECK-DAG: 'store i32 3, ptr %st3, align 4' after 'store i32 2, ptr %st2, align 4' around {lp2}: dropped
; CHECK-DAG: 'store i32 2, ptr %st2, align 4' after 'store i32 3, ptr %st3, align 4' around {lp1}: kept
; CHECK-DAG: 'store i32 3, ptr %st3, align 4' after 'store i32 2, ptr %st2, align 4' around {lp1}: kept
; CHECK-DAG: 'store i32 2, ptr %st2, align 4' after 'store i32 3, ptr %st3, align 4' around {lp1, lp2}: kept
; CHECK: parallel loop: lp2
; CHECK-NOT: parallel loop: lp1

; LOWER-LABEL: define void @nested_loops(
; LOWER: store i32 1, ptr %st1, align 4{{$}}
; LOWER: store i32 2, ptr %st2, align 4, !llvm.access.group ![[G:[0-9]+]]
; LOWER: store i32 3, ptr %st3, align 4, !llvm.access.group ![[G]]
; LOWER: br i1 %lp2.done, label %lp1.latch, label %lp2, !llvm.loop ![[LOOP:[0-9]+]]
; LOWER: br i1 %lp1.done, label %exit, label %lp1{{$}}
; LOWER: ![[G]] = distinct !{}
; LOWER: ![[LOOP]] = distinct !{![[LOOP]], ![[PA:[0-9]+]]}
; LOWER: ![[PA]] = !{!"llvm.loop.parallel_accesses", ![[G]]}
define void @nested_loops(ptr %st1, ptr %st2, ptr %st3, i64 %n) {
entry:
  store i32 1, ptr %st1
  br label %lp1
lp1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %lp1.latch ]
  %r = call i32 @llvm.csa.parallel.region.entry(i32 0)
  br label %lp2
lp2:
  %j = phi i64 [ 0, %lp1 ], [ %j.next, %lp2.latch ]
  %s = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  store i32 2, ptr %st2
  store i32 3, ptr %st3
  br label %lp2.latch
lp2.latch:
  call void @llvm.csa.parallel.section.exit(i32 %s)
  %j.next = add i64 %j, 1
  %lp2.done = icmp eq i64 %j.next, %n
  br i1 %lp2.done, label %lp1.latch, label %lp2
lp1.latch:
  call void @llvm.csa.parallel.region.exit(i32 %r)
  %i.next = add i64 %i, 1
  %lp1.done = icmp eq i64 %i.next, %n
  br i1 %lp1.done, label %exit, label %lp1
exit:
  ret void
}
