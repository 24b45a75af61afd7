; RUN: loom-opt --target=csa -passes=csa-inner-loop-prep -S %s | FileCheck %s --check-prefixes=CHECK,MARKED
; RUN: loom-opt --target=csa -passes=csa-inner-loop-prep -csa-ilpl-selection=automatic -S %s | FileCheck %s --check-prefixes=CHECK,AUTO
; CSA-16: a pipeline loop gets the host's pipelining form, depth honoured
; as a bound on the iterations in flight: depth d > 1 gives an interleave
; count of d (d copies of the body in flight) where LLVM's cost model could
; choose more, that is below the target's largest interleave factor (4 with
; AVX, 2 without); from that factor up the cost model's choice stands, being
; within the bound. Depth 1 turns interleaving and unrolling off, depth 0
; leaves the choice to LLVM's cost models (no metadata). With
; -csa-ilpl-selection=automatic, small innermost loops without a marker are
; selected too, with depth 2; the default selects only marked loops.

declare i32 @llvm.csa.pipeline.loop.entry(i32)
declare void @llvm.csa.pipeline.loop.exit(i32)

; CHECK-LABEL: define i32 @depth_2(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop ![[D2:[0-9]+]]
define i32 @depth_2(ptr %a, i64 %n) #0 {
entry:
  %p = call i32 @llvm.csa.pipeline.loop.entry(i32 2)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  %q = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %q
  %sum.next = add i32 %sum, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.pipeline.loop.exit(i32 %p)
  ret i32 %sum.next
}

; The cost model chooses at most 4 with AVX: its choice stands.
; CHECK-LABEL: define i32 @depth_4(
; CHECK: br i1 %done, label %exit, label %loop{{$}}
define i32 @depth_4(ptr %a, i64 %n) #0 {
entry:
  %p = call i32 @llvm.csa.pipeline.loop.entry(i32 4)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  %q = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %q
  %sum.next = add i32 %sum, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.pipeline.loop.exit(i32 %p)
  ret i32 %sum.next
}

; Without AVX it chooses at most 2: depth 2 is no bound there.
; CHECK-LABEL: define i32 @depth_2_sse(
; CHECK: br i1 %done, label %exit, label %loop{{$}}
define i32 @depth_2_sse(ptr %a, i64 %n) #1 {
entry:
  %p = call i32 @llvm.csa.pipeline.loop.entry(i32 2)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  %q = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %q
  %sum.next = add i32 %sum, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.pipeline.loop.exit(i32 %p)
  ret i32 %sum.next
}

; CHECK-LABEL: define void @depth_1(
; CHECK: br i1 %done, label %exit, label %loop, !llvm.loop ![[D1:[0-9]+]]
define void @depth_1(ptr %a, i64 %n) #0 {
entry:
  %p = call i32 @llvm.csa.pipeline.loop.entry(i32 1)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %a, i64 %i
  store i32 0, ptr %q
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.pipeline.loop.exit(i32 %p)
  ret void
}

; CHECK-LABEL: define void @depth_0(
; CHECK: br i1 %done, label %exit, label %loop{{$}}
define void @depth_0(ptr %a, i64 %n) #0 {
entry:
  %p = call i32 @llvm.csa.pipeline.loop.entry(i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %a, i64 %i
  store i32 0, ptr %q
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.pipeline.loop.exit(i32 %p)
  ret void
}

; CHECK-LABEL: define void @unmarked(
; MARKED: br i1 %done, label %exit, label %loop{{$}}
; AUTO: br i1 %done, label %exit, label %loop, !llvm.loop ![[AUTO:[0-9]+]]
define void @unmarked(ptr %a, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %a, i64 %i
  store i32 0, ptr %q
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: ![[D2]] = distinct !{![[D2]], ![[IC2:[0-9]+]]}
; CHECK: ![[IC2]] = !{!"llvm.loop.interleave.count", i32 2}
; CHECK: ![[D1]] = distinct !{![[D1]], ![[UD:[0-9]+]], ![[IC1:[0-9]+]]}
; CHECK: ![[UD]] = !{!"llvm.loop.unroll.disable"}
; CHECK: ![[IC1]] = !{!"llvm.loop.interleave.count", i32 1}
; AUTO: ![[AUTO]] = distinct !{![[AUTO]], ![[IC2]]}

attributes #0 = { "target-cpu"="haswell" }
attributes #1 = { "target-cpu"="x86-64" "target-features"="-avx" }
