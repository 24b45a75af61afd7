; RUN: loom-opt --target=csa -passes='print<csa-memory-ordering>' -disable-output %s 2>&1 | FileCheck %s
; CSA-13: the store to a is inside region 0 but in no section, so the store
; to b (in a section) stays ordered after it.

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

; CHECK-LABEL: CSA memory ordering for function 'outside_sections':
; CHECK-NOT: error
; CHECK: 'store i32 2, ptr %b, align 4' after 'store i32 1, ptr %a, align 4' around {}: kept
define void @outside_sections(ptr %a, ptr %b) {
entry:
  %r = call i32 @llvm.csa.parallel.region.entry(i32 0)
  store i32 1, ptr %a
  %s = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  store i32 2, ptr %b
  call void @llvm.csa.parallel.section.exit(i32 %s)
  call void @llvm.csa.parallel.region.exit(i32 %r)
  ret void
}
