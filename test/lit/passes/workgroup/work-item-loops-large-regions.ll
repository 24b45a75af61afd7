; RUN: loom-opt -passes='work-item-loops<max-inlined-region=5>' -S %s | FileCheck %s
; RUN: loom-opt -passes='work-item-loops<max-inlined-region=10>' -S %s | FileCheck %s
; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s --check-prefix=ALL
; RUN: not loom-opt -passes='work-item-loops<max-inlined-region=many>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

; The region scheduler calls each region from two places (every work-item
; waiting at it, or some of them), so inlining a region copies it twice into
; the entry point. The regions inlined add up to at most max-inlined-region
; instructions, the smallest first: with 5, and with 10 as well (4 + 7 is
; 11), region 0 (seven instructions) stays a function the wrapper calls,
; noinline; region 1 (four) is inlined as every region is without the
; option.

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

define void @two_sizes(ptr addrspace(1) %a, ptr addrspace(1) %b) #0 {
entry:
  %id = call i64 @__mux_get_global_id(i32 0)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  %va = load i32, ptr addrspace(1) %pa
  %na = mul i32 %va, 3
  %nb = add i32 %na, 4
  store i32 %nb, ptr addrspace(1) %pa
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %id
  store i32 0, ptr addrspace(1) %pb
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="two_sizes" }

; CHECK: define internal i32 @two_sizes.mux-barrier-region.0({{.*}}) #[[BIG:[0-9]+]]
; CHECK: define internal i32 @two_sizes.mux-barrier-region.1({{.*}}) #[[SMALL:[0-9]+]]
; CHECK-DAG: attributes #[[BIG]] = { noinline
; CHECK-DAG: attributes #[[SMALL]] = { alwaysinline
; ALL: define internal i32 @two_sizes.mux-barrier-region.0({{.*}}) #[[R0:[0-9]+]]
; ALL: define internal i32 @two_sizes.mux-barrier-region.1({{.*}}) #[[R0]]
; ALL: attributes #[[R0]] = { alwaysinline

; BAD: work-item-loops: max-inlined-region must be a number of instructions (0: never), not 'many'
