; RUN: loom-opt --target=csa -passes='print<csa-memory-ordering>' -disable-output %s 2>&1 | FileCheck %s
; RUN: loom-opt --target=csa -passes=csa-lower-memory-ordering -S %s | FileCheck %s --check-prefix=LOWER
; RUN: loom-opt --target=csa -passes='function(csa-lower-memory-ordering),csa-intrinsic-cleaner,function(loop-vectorize)' -S %s | FileCheck %s --check-prefix=VEC
; RUN: loom-opt --target=csa -passes='csa-intrinsic-cleaner,function(loop-vectorize)' -S %s | FileCheck %s --check-prefix=UNMARKED
; CSA-12: a loop unrolled by 2 whose body holds two sections of one region,
; A[i] = B[i] and A[i+1] = B[i+1]: all ordering between the two bodies and
; across iterations is dropped, the loop gets llvm.loop.parallel_accesses,
; and the loop vectorizer then vectorizes it without runtime alias checks
; (A and B may alias as far as LLVM knows).

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

; Within one section, one iteration, the store stays after its load; every
; other ordering is dropped.
; CHECK-LABEL: CSA memory ordering for function 'unrolled_by_2':
; CHECK-NOT: error
; CHECK-NOT: around {loop}: kept
; CHECK: 'store float %v0, ptr %a0, align 4' after '%v0 = load float, ptr %b0, align 4' around {}: kept
; CHECK-NOT: around {loop}: kept
; CHECK: '%v1 = load float, ptr %b1, align 4' after 'store float %v0, ptr %a0, align 4' around {}: dropped
; CHECK-NOT: around {loop}: kept
; CHECK: 'store float %v0, ptr %a0, align 4' after 'store float %v1, ptr %a1, align 4' around {loop}: dropped
; CHECK-NOT: around {loop}: kept
; CHECK: parallel loop: loop

; LOWER: %v0 = load float, ptr %b0, align 4, !llvm.access.group ![[G:[0-9]+]]
; LOWER: store float %v0, ptr %a0, align 4, !llvm.access.group ![[G]]
; LOWER: %v1 = load float, ptr %b1, align 4, !llvm.access.group ![[G]]
; LOWER: store float %v1, ptr %a1, align 4, !llvm.access.group ![[G]]
; LOWER: !llvm.loop ![[LOOP:[0-9]+]]
; LOWER: ![[LOOP]] = distinct !{![[LOOP]], ![[PA:[0-9]+]]}
; LOWER: ![[PA]] = !{!"llvm.loop.parallel_accesses", ![[G]]}

; VEC-LABEL: define void @unrolled_by_2(
; VEC-NOT: vector.memcheck
; VEC: vector.body:
; VEC: load <{{[0-9]+}} x float>
; VEC: store <{{[0-9]+}} x float>
; Without the lowering, the same loop needs runtime alias checks.
; UNMARKED: vector.memcheck:
define void @unrolled_by_2(ptr %A, ptr %B, i64 %pairs) {
entry:
  %r = call i32 @llvm.csa.parallel.region.entry(i32 0)
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %i = shl nuw nsw i64 %k, 1
  %s0 = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  %b0 = getelementptr float, ptr %B, i64 %i
  %v0 = load float, ptr %b0, align 4
  %a0 = getelementptr float, ptr %A, i64 %i
  store float %v0, ptr %a0, align 4
  call void @llvm.csa.parallel.section.exit(i32 %s0)
  %s1 = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  %i1 = add i64 %i, 1
  %b1 = getelementptr float, ptr %B, i64 %i1
  %v1 = load float, ptr %b1, align 4
  %a1 = getelementptr float, ptr %A, i64 %i1
  store float %v1, ptr %a1, align 4
  call void @llvm.csa.parallel.section.exit(i32 %s1)
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, %pairs
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.csa.parallel.region.exit(i32 %r)
  ret void
}
