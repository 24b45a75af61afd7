; RUN: loom-opt --target=csa -passes=csa-loop-intrinsic-expander -S %s | FileCheck %s
; CSA-8: regions CLIE creates are named clie.N and their ids are 1000 plus
; the metadata-kind number of the name: at least 1000, distinct within the
; function; a user's region (id below 1000) is left as it is.

declare void @llvm.csa.parallel.loop()
declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)

; CHECK-LABEL: define void @two_loops(
; CHECK: %user = call i32 @llvm.csa.parallel.region.entry(i32 5)
; CHECK: %clie.0 = call i32 @llvm.csa.parallel.region.entry(i32 [[ID0:1[0-9][0-9][0-9]]])
; CHECK: %clie.1 = call i32 @llvm.csa.parallel.region.entry(i32
; CHECK-NOT: [[ID0]])
; CHECK-SAME: {{1[0-9][0-9][0-9]}})
define void @two_loops(ptr %a, i64 %n) {
entry:
  %user = call i32 @llvm.csa.parallel.region.entry(i32 5)
  call void @llvm.csa.parallel.region.exit(i32 %user)
  call void @llvm.csa.parallel.loop()
  br label %l1
l1:
  %i = phi i64 [ 0, %entry ], [ %i.next, %l1 ]
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 1, ptr %p
  %i.next = add i64 %i, 1
  %d1 = icmp eq i64 %i.next, %n
  br i1 %d1, label %m2, label %l1
m2:
  call void @llvm.csa.parallel.loop()
  br label %l2
l2:
  %j = phi i64 [ 0, %m2 ], [ %j.next, %l2 ]
  %q = getelementptr i32, ptr %a, i64 %j
  store i32 2, ptr %q
  %j.next = add i64 %j, 1
  %d2 = icmp eq i64 %j.next, %n
  br i1 %d2, label %exit, label %l2
exit:
  ret void
}
