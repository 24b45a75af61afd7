; RUN: loom-opt -passes='vecz<width=4;interleave=2>' -pass-remarks=vecz -pass-remarks-missed=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll
; RUN: loom-opt -passes='vecz<width=16;interleave=4;max-width=32>' -pass-remarks=vecz -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
; RUN: loom-opt -passes='vecz<width=4;interleave=1>' -S %s | FileCheck %s --check-prefix=NONE
; RUN: not loom-opt -passes='vecz<interleave=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: loom-opt -passes='vecz<width=4;rows=1;interleave=1>,vecz-wide<interleave=2>' -S %s | FileCheck %s
; RUN: not loom-opt -passes='vecz-wide<interleave=1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD-STAGE

; A wide variant: the kernel packetized again at a multiple of the width,
; so one call runs two vectors of work-items side by side. Its loop's
; counter, test and uniform load are there once for eight lanes, and the
; accumulator is one <8 x float> chain where the vector variant has a
; <4 x float> one. The metadata names it after the empty jammed slot. The
; wide-variant stage run alone (vecz-wide) after vecz made the vector
; variant gives the same functions and metadata.

; REMARK: remark: {{.*}}kernel 'sum_taps' vectorized at width 4
; REMARK-NEXT: remark: {{.*}}kernel 'sum_taps' runs 2 vectors side by side per call where 8 work-items remain
; REMARK: remark: {{.*}}kernel 'barrier_kept' vectorized at width 4
; REMARK-NOT: barrier_kept' runs

; CHECK: define void @sum_taps({{.*}} !mux_vector_variant ![[SUM:[0-9]+]]
; CHECK: define void @barrier_kept({{.*}} !mux_vector_variant ![[KEPT:[0-9]+]]
; CHECK-LABEL: define void @__vecz_v4_sum_taps(
; CHECK: %acc.v = phi <4 x float>
; CHECK-LABEL: define void @__vecz_v8_sum_taps(
; CHECK: %x = call i64 @__mux_get_global_id(i32 0)
; CHECK: loop:
; CHECK-NEXT: %k = phi i64
; CHECK-NEXT: %acc.v = phi <8 x float>
; CHECK: %w = load float, ptr addrspace(1) %pw
; CHECK: %v.v = load <8 x float>, ptr addrspace(1) %pin
; CHECK: %acc.next.v = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %w.splat{{.*}}, <8 x float> %v.v, <8 x float> %acc.v)
; CHECK: %more = icmp ult i64 %k.next, %n
; CHECK: store <8 x float> %acc.next.lcssa.v, ptr addrspace(1) %pout
; CHECK: ret void
define void @sum_taps(ptr addrspace(1) %in, ptr addrspace(1) %taps, ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %x = call i64 @__mux_get_global_id(i32 0)
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %pw = getelementptr inbounds float, ptr addrspace(1) %taps, i64 %k
  %w = load float, ptr addrspace(1) %pw, align 4
  %i = add i64 %x, %k
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %pin, align 4
  %acc.next = call float @llvm.fmuladd.f32(float %w, float %v, float %acc)
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, %n
  br i1 %more, label %loop, label %done
done:
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x
  store float %acc.next, ptr addrspace(1) %pout, align 4
  ret void
}

; The region scheduler runs one width: no wide variant.
; CHECK-NOT: @__vecz_v8_barrier_kept(
define void @barrier_kept(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %x = call i64 @__mux_get_global_id(i32 0)
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %x
  store i64 %k, ptr addrspace(1) %p, align 8
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 272)
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK-DAG: ![[SUM]] = !{ptr @__vecz_v4_sum_taps, i32 4, null, i32 1, ptr @__vecz_v8_sum_taps, i32 8}
; CHECK-DAG: ![[KEPT]] = !{ptr @__vecz_v4_barrier_kept, i32 4}

; Four vectors of 16 would be 64 lanes, above the cap of 32.
; CAP: remark: {{.*}}kernel 'sum_taps' vectorized at width 16
; CAP-NOT: side by side

; NONE: define void @__vecz_v4_sum_taps(
; NONE-NOT: @__vecz_v8_
; BAD: vecz: interleave must be 1, 2 or 4 or 'auto', not '3'

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }

; BAD-STAGE: vecz-wide: interleave must be
