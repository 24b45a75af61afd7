; RUN: loom-opt --target=csa -passes=csa-intrinsic-cleaner -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: loom-opt --target=csa -passes=csa-intrinsic-cleaner -csa-disable-loop-storage-check -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
; CSA-18: a parallelized loop (a section entry directly in it) holding a
; lifetime.start, a per-iteration array kept in memory, gets the
; iteration-local storage warning; none when the check is off, none when
; the storage is hoisted out of the loop.

; WARN: warning: !! WARNING: ITERATION-LOCAL STORAGE DETECTED IN A PARALLELIZED LOOP !! (in function 'per_iteration_array'): storage that lives for one iteration must be private to each worker; hoist it out of the loop, or drop the loop's parallel marking (-csa-disable-loop-storage-check silences this)
; WARN-NOT: hoisted_array
; WARN-NOT: warning
; OFF-NOT: warning

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

define void @per_iteration_array(ptr %a, i64 %n, i64 %k) {
entry:
  %tmp = alloca [16 x i32]
  %r = call i32 @llvm.csa.parallel.region.entry(i32 1001)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  call void @llvm.lifetime.start.p0(i64 64, ptr %tmp)
  %slot = getelementptr [16 x i32], ptr %tmp, i64 0, i64 %k
  store i32 1, ptr %slot
  %v = load i32, ptr %tmp
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 %v, ptr %p
  call void @llvm.lifetime.end.p0(i64 64, ptr %tmp)
  call void @llvm.csa.parallel.section.exit(i32 %s)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.parallel.region.exit(i32 %r)
  ret void
}

define void @hoisted_array(ptr %a, i64 %n, i64 %k) {
entry:
  %tmp = alloca [16 x i32]
  call void @llvm.lifetime.start.p0(i64 64, ptr %tmp)
  %r = call i32 @llvm.csa.parallel.region.entry(i32 1001)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  %slot = getelementptr [16 x i32], ptr %tmp, i64 0, i64 %k
  store i32 1, ptr %slot
  %v = load i32, ptr %tmp
  %p = getelementptr i32, ptr %a, i64 %i
  store i32 %v, ptr %p
  call void @llvm.csa.parallel.section.exit(i32 %s)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.parallel.region.exit(i32 %r)
  call void @llvm.lifetime.end.p0(i64 64, ptr %tmp)
  ret void
}
