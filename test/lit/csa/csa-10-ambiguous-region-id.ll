; RUN: loom-opt --target=csa -passes='print<csa-memory-ordering>' -disable-output %s 2>&1 | FileCheck %s
; RUN: loom-opt --target=csa -passes=csa-lower-memory-ordering -S %s 2>&1 | FileCheck %s --check-prefix=LOWER
; CSA-10: a region is its id. A section entry whose region value is a phi of
; two entries of region 0 is fine; one whose value may come from region 0
; or region 1 is an error, and the function keeps full ordering (CSA-14).

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

; CHECK-LABEL: CSA memory ordering for function 'same_id_on_both_paths':
; CHECK-NOT: error
; CHECK: 'store i32 2, ptr %b, align 4' after 'store i32 1, ptr %a, align 4' around {}: dropped
define void @same_id_on_both_paths(i1 %c, ptr %a, ptr %b) {
entry:
  br i1 %c, label %A, label %B
A:
  %ra = call i32 @llvm.csa.parallel.region.entry(i32 0)
  br label %C
B:
  %rb = call i32 @llvm.csa.parallel.region.entry(i32 0)
  br label %C
C:
  %p = phi i32 [ %ra, %A ], [ %rb, %B ]
  %s1 = call i32 @llvm.csa.parallel.section.entry(i32 %p)
  store i32 1, ptr %a
  call void @llvm.csa.parallel.section.exit(i32 %s1)
  %s2 = call i32 @llvm.csa.parallel.section.entry(i32 %p)
  store i32 2, ptr %b
  call void @llvm.csa.parallel.section.exit(i32 %s2)
  call void @llvm.csa.parallel.region.exit(i32 %p)
  ret void
}

; CHECK-LABEL: CSA memory ordering for function 'region_0_or_1':
; CHECK-NEXT: error: '%sq = call i32 @llvm.csa.parallel.section.entry(i32 %q)' depends on region entries with different ids (1 and 0)
; CHECK-NEXT: full ordering kept
; LOWER: warning: !! WARNING: BAD PARALLEL SECTION INTRINSICS !! (in function 'region_0_or_1'): '%sq = call i32 @llvm.csa.parallel.section.entry(i32 %q)' depends on region entries with different ids (1 and 0); the function keeps full memory ordering
; LOWER-NOT: llvm.access.group
define void @region_0_or_1(i1 %c, ptr %x) {
entry:
  br i1 %c, label %A, label %B
A:
  %a = call i32 @llvm.csa.parallel.region.entry(i32 0)
  br label %C
B:
  %b = call i32 @llvm.csa.parallel.region.entry(i32 0)
  %c1 = call i32 @llvm.csa.parallel.region.entry(i32 1)
  br label %C
C:
  %p = phi i32 [ %a, %A ], [ %b, %B ]
  %q = phi i32 [ %a, %A ], [ %c1, %B ]
  %sp = call i32 @llvm.csa.parallel.section.entry(i32 %p)
  store i32 0, ptr %x
  call void @llvm.csa.parallel.section.exit(i32 %sp)
  %sq = call i32 @llvm.csa.parallel.section.entry(i32 %q)
  call void @llvm.csa.parallel.section.exit(i32 %sq)
  ret void
}
