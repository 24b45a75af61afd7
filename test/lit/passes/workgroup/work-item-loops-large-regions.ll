; RUN: loom-opt -passes='work-item-loops<max-inlined-region=5>' -S %s | FileCheck %s --check-prefixes=CHECK,FIVE
; RUN: loom-opt -passes='work-item-loops<max-inlined-region=10>' -S %s | FileCheck %s --check-prefixes=CHECK,TEN
; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s --check-prefix=ALL
; RUN: not loom-opt -passes='work-item-loops<max-inlined-region=many>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

; The region scheduler calls each region from two places (every work-item
; waiting at it, or some of them, the rare path), and inlines each at the
; first. The regions inlined add up to at most max-inlined-region
; instructions, the smallest first: with 5, and with 10 as well (4 + 7 is
; 11), region 0 (seven instructions) stays a function the wrapper calls,
; noinline; region 1 (four) is inlined as every region is without the
; option. From what the limit leaves, the rare path inlines a second copy of
; the smallest regions after the first: of region 1 with 10 (4 + 4) and
; without the option, not with 5, where its call is noinline and its loop
; kept rolled and scalar (a loop around a call would not vectorize); a rare
; loop that inlines its region may be vectorized, but neither unrolled nor
; interleaved.

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
; CHECK: run.region.1.some:
; (Its call's attributes are region 0's: both are just noinline.)
; FIVE: call i32 @two_sizes.mux-barrier-region.1({{.+}}) #[[BIG]]
; FIVE: br i1 %{{.+}}, label %{{.+}}, label %{{.+}}, !llvm.loop ![[ROLLED:[0-9]+]]
; TEN: call i32 @two_sizes.mux-barrier-region.1({{.+}}){{$}}
; TEN: br i1 %{{.+}}, label %{{.+}}, label %{{.+}}, !llvm.loop ![[FREE:[0-9]+]]
; FIVE-DAG: ![[ROLLED]] = distinct !{![[ROLLED]], !{{[0-9]+}}, ![[NOVEC:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
; FIVE-DAG: ![[NOVEC]] = !{!"llvm.loop.vectorize.enable", i1 false}
; FIVE-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; TEN-DAG: ![[FREE]] = distinct !{![[FREE]], ![[PAR:[0-9]+]], ![[ONE:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
; TEN-DAG: ![[PAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; TEN-DAG: ![[ONE]] = !{!"llvm.loop.interleave.count", i32 1}
; TEN-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK-DAG: attributes #[[BIG]] = { noinline }
; CHECK-DAG: attributes #[[SMALL]] = { alwaysinline
; ALL: define internal i32 @two_sizes.mux-barrier-region.0({{.*}}) #[[R0:[0-9]+]]
; ALL: define internal i32 @two_sizes.mux-barrier-region.1({{.*}}) #[[R0]]
; ALL: run.region.1.some:
; ALL: call i32 @two_sizes.mux-barrier-region.1({{.+}}){{$}}
; ALL: attributes #[[R0]] = { alwaysinline

; BAD: work-item-loops: max-inlined-region must be a number of instructions (0: never), not 'many'
