; RUN: loom-opt --target=csa -passes=csa-loop-intrinsic-expander -S %s | FileCheck %s
; CSA-5: spmd and spmdization expand as parallel_loop does, plus
; spmdization.entry(workers, chunk) / exit around the loop; spmdization's
; kind becomes the chunk: blocking 0, cyclic 1, hybrid 8.

@blocking = private unnamed_addr constant [9 x i8] c"blocking\00"
@cyclic = private unnamed_addr constant [7 x i8] c"cyclic\00"
@hybrid = private unnamed_addr constant [7 x i8] c"hybrid\00"

declare void @llvm.csa.spmd(i32, i32)
declare void @llvm.csa.spmdization(i32, ptr)

; Region outside, spmdization inside it, each exit closing in reverse order.
; CHECK-LABEL: define void @spmd_4_workers_chunk_16(
; CHECK: entry:
; CHECK-NEXT: %[[R:.+]] = call i32 @llvm.csa.parallel.region.entry(i32 {{[0-9]+}})
; CHECK-NEXT: %[[W:.+]] = call i32 @llvm.csa.spmdization.entry(i32 4, i32 16)
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK: call i32 @llvm.csa.parallel.section.entry(i32 %[[R]])
; CHECK: exit:
; CHECK-NEXT: call void @llvm.csa.spmdization.exit(i32 %[[W]])
; CHECK-NEXT: call void @llvm.csa.parallel.region.exit(i32 %[[R]])
define void @spmd_4_workers_chunk_16(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.spmd(i32 4, i32 16)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 1, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @spmdization_kinds(
; CHECK: call i32 @llvm.csa.spmdization.entry(i32 2, i32 0)
; CHECK: call i32 @llvm.csa.spmdization.entry(i32 3, i32 1)
; CHECK: call i32 @llvm.csa.spmdization.entry(i32 8, i32 8)
; CHECK-NOT: call void @llvm.csa.spmdization(
define void @spmdization_kinds(ptr %a, i64 %n) {
entry:
  call void @llvm.csa.spmdization(i32 2, ptr @blocking)
  br label %l1
l1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %l1 ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 1, ptr %p
  %i.next = add i64 %i, 1
  %d1 = icmp eq i64 %i.next, %n
  br i1 %d1, label %m2, label %l1
m2:
  call void @llvm.csa.spmdization(i32 3, ptr @cyclic)
  br label %l2
l2:
  %j = phi i64 [ 0, %m2 ], [ %j.next, %l2 ]
  %q = getelementptr i32, ptr %a, i64 %j
  store i32 2, ptr %q
  %j.next = add i64 %j, 1
  %d2 = icmp eq i64 %j.next, %n
  br i1 %d2, label %m3, label %l2
m3:
  call void @llvm.csa.spmdization(i32 8, ptr @hybrid)
  br label %l3
l3:
  %k = phi i64 [ 0, %m3 ], [ %k.next, %l3 ]
  %r = getelementptr i32, ptr %a, i64 %k
  store i32 3, ptr %r
  %k.next = add i64 %k, 1
  %d3 = icmp eq i64 %k.next, %n
  br i1 %d3, label %exit, label %l3
exit:
  ret void
}
