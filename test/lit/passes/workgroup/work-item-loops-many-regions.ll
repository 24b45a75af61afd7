; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; A wrapper with more than 32 barrier regions keeps every work-item loop
; rolled (llvm.loop.unroll.disable, and interleave count 1 where it may be
; vectorized): the unroller's work for each loop it unrolls grows with the
; whole function, so unrolling each region's loop made the compile time of
; a kernel with hundreds of regions grow with the square of its size
; (RegionScheduler.cpp, MaxRegionsWithUnrolledLoops). With three regions
; the loop that runs a region for every work-item is left free: parallel,
; nothing more. Thirty-three barriers make 34 regions.

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

define void @few(ptr addrspace(1) %a) #0 {
entry:
  %id = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  store i32 0, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 1, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 2, ptr addrspace(1) %p
  ret void
}

define void @many(ptr addrspace(1) %a) #0 {
entry:
  %id = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  store i32 0, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 1, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 2, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 3, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 4, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 5, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 6, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 7, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 8, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 9, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 10, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 11, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 12, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 13, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 14, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 15, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 16, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 17, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 18, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 19, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 20, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 21, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 22, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 23, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 24, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 25, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 26, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 27, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 28, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 29, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 30, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 31, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 32, ptr addrspace(1) %p
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  store i32 33, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }

; CHECK-LABEL: define void @few.mux-barrier-wrapper(
; CHECK: br i1 %local.id.0.more, label %wi.loop.0, label %wi.exit.0, !llvm.loop ![[FEW:[0-9]+]]
; CHECK-LABEL: define void @many.mux-barrier-wrapper(
; CHECK: br i1 %local.id.0.more, label %wi.loop.0, label %wi.exit.0, !llvm.loop ![[MANY:[0-9]+]]
; CHECK-DAG: ![[FEW]] = distinct !{![[FEW]], ![[PAR:[0-9]+]]}
; CHECK-DAG: ![[PAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK-DAG: ![[MANY]] = distinct !{![[MANY]], ![[MANYPAR:[0-9]+]], ![[ONE:[0-9]+]], ![[ROLLED:[0-9]+]]}
; CHECK-DAG: ![[MANYPAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK-DAG: ![[ONE]] = !{!"llvm.loop.interleave.count", i32 1}
; CHECK-DAG: ![[ROLLED]] = !{!"llvm.loop.unroll.disable"}
