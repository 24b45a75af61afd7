; RUN: loom-opt --target=csa -passes=csa-intrinsic-cleaner -S %s | FileCheck %s
; CSA-17: the cleaner removes every leftover CSA intrinsic, reaching exits
; through the entry's users recursively, phis included: nothing dangles and
; no declaration is left.

declare i32 @llvm.csa.spmdization.entry(i32, i32)
declare void @llvm.csa.spmdization.exit(i32)
declare i32 @llvm.csa.pipeline.loop.entry(i32)
declare void @llvm.csa.pipeline.loop.exit(i32)
declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)

; A loop versioned after CLIE: two copies of the entry meet in a phi that
; the exit uses.
; CHECK-LABEL: define void @versioned(
; CHECK-NOT: llvm.csa
; CHECK-NOT: phi i32
; CHECK: store i32 1, ptr %a
; CHECK: ret void
define void @versioned(ptr %a, i1 %c) {
entry:
  br i1 %c, label %fast, label %slow
fast:
  %w.fast = call i32 @llvm.csa.spmdization.entry(i32 2, i32 0)
  br label %join
slow:
  %w.slow = call i32 @llvm.csa.spmdization.entry(i32 2, i32 0)
  br label %join
join:
  %w = phi i32 [ %w.fast, %fast ], [ %w.slow, %slow ]
  store i32 1, ptr %a
  call void @llvm.csa.spmdization.exit(i32 %w)
  %p = call i32 @llvm.csa.pipeline.loop.entry(i32 0)
  call void @llvm.csa.pipeline.loop.exit(i32 %p)
  %r = call i32 @llvm.csa.parallel.region.entry(i32 1001)
  call void @llvm.csa.parallel.region.exit(i32 %r)
  ret void
}

; CHECK-NOT: declare {{.*}}@llvm.csa
