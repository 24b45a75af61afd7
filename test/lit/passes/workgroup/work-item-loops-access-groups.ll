; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s
; A kernel's memory accesses join the work-item loop's access group and
; keep the groups they were in (from a parallel loop of the kernel, maybe
; nested), as one flat list of groups: a list inside a list is not an
; access group to LLVM, and the loops it names would lose their
; parallel_accesses.

declare i64 @__mux_get_global_id(i32)

; CHECK-LABEL: define internal void @in_two_groups(
; CHECK: store i32 1, ptr addrspace(1) %p, align 4, !llvm.access.group ![[LIST:[0-9]+]]
; CHECK: store i32 2, ptr addrspace(1) %q, align 4, !llvm.access.group ![[PAIR:[0-9]+]]
define void @in_two_groups(ptr addrspace(1) %p, ptr addrspace(1) %q) #0 {
  store i32 1, ptr addrspace(1) %p, !llvm.access.group !0
  store i32 2, ptr addrspace(1) %q, !llvm.access.group !1
  ret void
}

; CHECK-DAG: ![[LIST]] = !{![[G1:[0-9]+]], ![[G2:[0-9]+]], ![[WI:[0-9]+]]}
; CHECK-DAG: ![[PAIR]] = !{![[G3:[0-9]+]], ![[WI]]}
; CHECK-DAG: ![[G1]] = distinct !{}
; CHECK-DAG: ![[G2]] = distinct !{}
; CHECK-DAG: ![[G3]] = distinct !{}
; CHECK-DAG: ![[WI]] = distinct !{}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="in_two_groups" }
!0 = !{!2, !3}
!1 = distinct !{}
!2 = distinct !{}
!3 = distinct !{}
