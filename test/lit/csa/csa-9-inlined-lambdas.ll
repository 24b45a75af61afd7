; RUN: loom-opt --target=csa -passes=csa-region-ids -S %s | FileCheck %s
; CSA-9: a helper parfor(base, end, fn) whose loop CLIE expanded, inlined
; twice into one function (outer rows, inner elements, as a lambda in a
; lambda): both copies carry the helper's region id. After csa-region-ids
; the two regions have distinct ids >= 1000, and each loop's section still
; belongs to its own region.

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

; CHECK-LABEL: define void @rows_then_elements(
; CHECK: %clie.0.i = call i32 @llvm.csa.parallel.region.entry(i32 1040)
; CHECK: %[[OUTER_S:.+]] = call i32 @llvm.csa.parallel.section.entry(i32 %clie.0.i)
; CHECK: %[[INNER:inlined.[0-9]+]] = call i32 @llvm.csa.parallel.region.entry(i32 [[INNER_ID:[0-9]+]])
; CHECK-NOT: i32 1040)
; CHECK: call i32 @llvm.csa.parallel.section.entry(i32 %[[INNER]])
; CHECK: call void @llvm.csa.parallel.region.exit(i32 %[[INNER]])
; CHECK: call void @llvm.csa.parallel.section.exit(i32 %[[OUTER_S]])
; CHECK: call void @llvm.csa.parallel.region.exit(i32 %clie.0.i)
define void @rows_then_elements(ptr %a, i64 %rows, i64 %cols) {
entry:
  %clie.0.i = call i32 @llvm.csa.parallel.region.entry(i32 1040)
  br label %row
row:
  %i = phi i64 [ 0, %entry ], [ %i.next, %row.latch ]
  %row.s = call i32 @llvm.csa.parallel.section.entry(i32 %clie.0.i)
  %clie.0.i1 = call i32 @llvm.csa.parallel.region.entry(i32 1040)
  br label %element
element:
  %j = phi i64 [ 0, %row ], [ %j.next, %element ]
  %el.s = call i32 @llvm.csa.parallel.section.entry(i32 %clie.0.i1)
  %k = mul i64 %i, %cols
  %idx = add i64 %k, %j
  %p = getelementptr float, ptr %a, i64 %idx
  store float 0.0, ptr %p
  call void @llvm.csa.parallel.section.exit(i32 %el.s)
  %j.next = add i64 %j, 1
  %j.done = icmp eq i64 %j.next, %cols
  br i1 %j.done, label %row.latch, label %element
row.latch:
  call void @llvm.csa.parallel.region.exit(i32 %clie.0.i1)
  call void @llvm.csa.parallel.section.exit(i32 %row.s)
  %i.next = add i64 %i, 1
  %i.done = icmp eq i64 %i.next, %rows
  br i1 %i.done, label %exit, label %row
exit:
  call void @llvm.csa.parallel.region.exit(i32 %clie.0.i)
  ret void
}

; Two entries of one region that a phi merges (code duplication, not
; inlining) stay one region with one id; a user's ids are never changed.
; CHECK-LABEL: define void @duplicated_entry(
; CHECK: %r.a = call i32 @llvm.csa.parallel.region.entry(i32 1040)
; CHECK: %r.b = call i32 @llvm.csa.parallel.region.entry(i32 1040)
; CHECK: %u.a = call i32 @llvm.csa.parallel.region.entry(i32 3)
; CHECK: %u.b = call i32 @llvm.csa.parallel.region.entry(i32 3)
define void @duplicated_entry(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %r.a = call i32 @llvm.csa.parallel.region.entry(i32 1040)
  br label %join
b:
  %r.b = call i32 @llvm.csa.parallel.region.entry(i32 1040)
  br label %join
join:
  %r = phi i32 [ %r.a, %a ], [ %r.b, %b ]
  call void @llvm.csa.parallel.region.exit(i32 %r)
  %u.a = call i32 @llvm.csa.parallel.region.entry(i32 3)
  call void @llvm.csa.parallel.region.exit(i32 %u.a)
  %u.b = call i32 @llvm.csa.parallel.region.entry(i32 3)
  call void @llvm.csa.parallel.region.exit(i32 %u.b)
  ret void
}
