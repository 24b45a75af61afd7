; RUN: loom-opt -passes='default<O3>,parallelization-cleanup' -S %s 2>%t.warnings | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.warnings

; A valid parallel loop survives LLVM's -O3: vectorized, interleaved and
; unrolled, every loop it became is still marked as the region's work, its
; region still stands around them, and parallelization-cleanup finds them
; all valid (after it gives the remainder loop a dedicated exit,
; loop-simplify's form). What -O3 does make invalid, the cleanup drops.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @scale(
; CHECK: %r = tail call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region ![[R0:[0-9]+]]
; CHECK: vector.body:
; CHECK: fmul <{{[0-9]+}} x float>
; CHECK: br i1 {{.*}}, label %middle.block{{[.a-z-]*}}, label %vector.body, !llvm.loop ![[V0:[0-9]+]]
; CHECK: loop:
; CHECK: br i1 %done, label %exit.loopexit, label %loop, !llvm.loop ![[S0:[0-9]+]]
; CHECK: {{^}}exit:
; CHECK-NEXT: tail call void @llvm.loom.parallel.region.exit(token %r)
define void @scale(ptr %out, ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 2, i64 0), !loom.parallel.region !0
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %in, i64 %i
  %x = load float, ptr %p, align 4, !llvm.access.group !1
  %y = fmul float %x, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float %y, ptr %q, align 4, !llvm.access.group !1
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !2
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

; A declared sum: the vectorizer's vector reduction, in a loop unrolled
; twice, is still a reduction with one update.
; CHECK-LABEL: define i32 @sum(
; CHECK: %r = tail call token @llvm.loom.parallel.region.entry(i32 0, i64 0)
; CHECK: vector.body:
; CHECK: %vec.phi = phi <{{[0-9]+}} x i32>
; CHECK: !llvm.loop ![[V1:[0-9]+]]
; CHECK: tail call void @llvm.loom.parallel.region.exit(token %r)
define i32 @sum(ptr %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !5
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !6
  %s.next = add i32 %s, %x
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !7
exit:
  %sum = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  call void @llvm.loom.parallel.region.exit(token %r)
  ret i32 %sum
}

; Every iteration stores to one location (a race the user declared away):
; LICM stores the last iteration's value after the loop, and the loop,
; left with nothing to do, is deleted. The region holds no loop.
; CHECK-LABEL: define void @last_writer(
; CHECK-NOT: llvm.loom.parallel
; CHECK: store i32
; CHECK-NOT: llvm.loom.parallel
; CHECK: ret void
; WARN-NOT: warning
; WARN: warning: parallel loop runs serially (in function 'last_writer'): its region holds no loop any more
; WARN-NOT: warning
define void @last_writer(ptr noalias %last, ptr noalias %in, i64 %n) {
entry:
  %r = call token @llvm.loom.parallel.region.entry(i32 0, i64 0), !loom.parallel.region !10
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %p, align 4, !llvm.access.group !11
  %y = mul i32 %x, 3
  store i32 %y, ptr %last, align 4, !llvm.access.group !11
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !12
exit:
  call void @llvm.loom.parallel.region.exit(token %r)
  ret void
}

declare token @llvm.loom.parallel.region.entry(i32, i64) inaccessiblememonly nounwind willreturn
declare void @llvm.loom.parallel.region.exit(token) inaccessiblememonly nounwind willreturn

; CHECK-DAG: ![[V0]] = distinct !{![[V0]], ![[PA0:[0-9]+]], ![[PL0:[0-9]+]], ![[VEC:[0-9]+]]}
; CHECK-DAG: ![[S0]] = distinct !{![[S0]], ![[PA0]], ![[PL0]], {{.*}}}
; CHECK-DAG: ![[PL0]] = !{!"loom.parallel.loop", ![[R0]]}
; CHECK-DAG: ![[VEC]] = !{!"llvm.loop.isvectorized", i32 1}
; CHECK-DAG: ![[V1]] = distinct !{![[V1]], !{{[0-9]+}}, !{{[0-9]+}}, ![[SUM:[0-9]+]], {{.*}}}
; CHECK-DAG: ![[SUM]] = !{!"loom.parallel.reductions", !"add"}

!0 = distinct !{!"loom.parallel.region"}
!1 = distinct !{}
!2 = distinct !{!2, !3, !4}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = !{!"loom.parallel.loop", !0}
!5 = distinct !{!"loom.parallel.region"}
!6 = distinct !{}
!7 = distinct !{!7, !8, !9, !20}
!8 = !{!"llvm.loop.parallel_accesses", !6}
!9 = !{!"loom.parallel.loop", !5}
!20 = !{!"loom.parallel.reductions", !"add"}
!10 = distinct !{!"loom.parallel.region"}
!11 = distinct !{}
!12 = distinct !{!12, !13, !14}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = !{!"loom.parallel.loop", !10}
