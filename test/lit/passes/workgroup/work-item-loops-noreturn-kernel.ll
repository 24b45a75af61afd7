; RUN: loom-opt -passes='work-item-loops<max-inlined-region=1>' -S %s | FileCheck %s

; A kernel that never returns (LLVM inferred `noreturn`: after its barrier
; it loops for ever) has a region that does return, at the barrier, to the
; scheduler. The regions are made from a copy of the kernel, so they must
; not keep `noreturn`: called out of line (max-inlined-region), a region
; marked so leaves its caller's code after the call unreachable, and the
; entry point ran off its end (issue 34: CLsmith fake_divergence 2023).
; Both regions here are called, neither is noreturn.

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

define void @spins_after_barrier(ptr addrspace(1) %a) #0 {
entry:
  %id = call i64 @__mux_get_global_id(i32 0)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  store i32 1, ptr addrspace(1) %pa
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  br label %spin

spin:
  br label %spin
}

attributes #0 = { noreturn nounwind "mux-kernel"="entry-point" "mux-orig-fn"="spins_after_barrier" }

; CHECK: define internal i32 @spins_after_barrier.mux-barrier-region.0({{.*}}) #[[REGION:[0-9]+]]
; CHECK: ret i32 {{[0-9]+}}
; CHECK: define internal i32 @spins_after_barrier.mux-barrier-region.1({{.*}}) #[[REGION]]
; CHECK: attributes #[[REGION]] = { noinline nounwind }
