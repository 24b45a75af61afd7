; RUN: rm -rf %t && mkdir %t && cd %t
; RUN: loom-opt --target=csa -passes=csa-lower-memory-ordering -csa-view-pre-ordering-memop-cfg -disable-output %s 2>&1 | FileCheck %s --check-prefix=MSG
; RUN: FileCheck %s < %t/csa-memop-cfg.region_with_section.dot
; CSA-14: -csa-view-pre-ordering-memop-cfg writes the memory-operation CFG
; with the region and section intrinsics as DOT: one node per operation or
; intrinsic, an edge to the next ones along each CFG path.

; MSG: Writing 'csa-memop-cfg.region_with_section.dot'...
; CHECK: digraph "memop CFG of region_with_section" {
; CHECK-DAG: [[R:n[0-9]+]] [shape=box,label="%r = call i32 @llvm.csa.parallel.region.entry(i32 0)"];
; CHECK-DAG: [[S:n[0-9]+]] [shape=box,label="%s = call i32 @llvm.csa.parallel.section.entry(i32 %r)"];
; CHECK-DAG: [[A:n[0-9]+]] [shape=box,label="store i32 1, ptr %a, align 4"];
; CHECK-DAG: [[B:n[0-9]+]] [shape=box,label="store i32 2, ptr %b, align 4"];
; CHECK-DAG: [[X:n[0-9]+]] [shape=box,label="call void @llvm.csa.parallel.section.exit(i32 %s)"];
; CHECK-DAG: entry -> [[R]];
; CHECK-DAG: [[R]] -> [[S]];
; CHECK-DAG: [[S]] -> [[A]];
; CHECK-DAG: [[S]] -> [[B]];
; CHECK-DAG: [[A]] -> [[X]];
; CHECK-DAG: [[B]] -> [[X]];

declare i32 @llvm.csa.parallel.region.entry(i32)
declare void @llvm.csa.parallel.region.exit(i32)
declare i32 @llvm.csa.parallel.section.entry(i32)
declare void @llvm.csa.parallel.section.exit(i32)

define void @region_with_section(i1 %c, ptr %a, ptr %b) {
entry:
  %r = call i32 @llvm.csa.parallel.region.entry(i32 0)
  %s = call i32 @llvm.csa.parallel.section.entry(i32 %r)
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr %a
  br label %join
else:
  store i32 2, ptr %b
  br label %join
join:
  call void @llvm.csa.parallel.section.exit(i32 %s)
  call void @llvm.csa.parallel.region.exit(i32 %r)
  ret void
}
