; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; The region scheduler's allocations are dynamic (their size is the
; work-group's), and a dynamic allocation leaves the stack pointer aligned
; to its own alignment only. A call that passes vectors in memory, beyond
; the registers, stores them with aligned moves at the stack pointer: with
; next.regions 4-byte aligned, 28 work-items left it 16-byte aligned under
; a call that stores <8 x float> arguments 32-byte aligned, and the host
; crashed (CLsmith's `vectors` 1426). Every allocation is aligned to the
; largest alignment a call of the module asks for an argument (the ABI
; alignment of <8 x float>, 32), and to the stack's (S128).

target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"

declare i64 @__mux_get_local_id(i32) #1
declare void @__mux_work_group_barrier(i32, i32, i32) #2

define internal float @sum(<8 x float> %a, <8 x float> %b) noinline {
  %s = fadd <8 x float> %a, %b
  %e = extractelement <8 x float> %s, i32 0
  ret float %e
}

define void @calls(ptr addrspace(1) %out) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %in = getelementptr inbounds float, ptr addrspace(1) %out, i64 %lid
  %f = load float, ptr addrspace(1) %in
  %v = insertelement <8 x float> zeroinitializer, float %f, i32 0
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
  %s = call float @sum(<8 x float> %v, <8 x float> %v)
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %lid
  store float %s, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="calls" }
attributes #1 = { nounwind readnone willreturn }
attributes #2 = { convergent noduplicate nounwind willreturn }

; CHECK-LABEL: define void @calls.mux-barrier-wrapper(
; CHECK: %live.variables = alloca i8, i64 %{{.+}}, align 32
; CHECK-NEXT: %next.regions = alloca i32, i64 %work.items, align 32

; The fixed stack is each allocation's padding to that alignment.
; CHECK: "mux-orig-fn"="calls" "mux-stack-per-work-group"="64" "mux-stack-per-work-item"="36"
