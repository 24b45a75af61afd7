; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=4;interleave=auto>' -pass-remarks=vecz -disable-output %s 2>&1 | FileCheck %s
; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=4;interleave=4>' -pass-remarks=vecz -disable-output %s 2>&1 | FileCheck %s --check-prefix=ASKED

; PolyBench's gesummv, a row of A and of B per work-item: each iteration
; reads one float of each of the vector's rows, rows a uniform n floats
; apart, so every lane's line may fall in one set of the L1 data cache
; (8 ways here). At width 4 that is 8 lines, which fit; the wide variant's
; lanes count together: 2 vectors would be 16, 4 vectors 32, so by
; default it gets none. The loop of 'taps' reads consecutive floats and
; keeps its wide variant. Asked for, the factor stands.

; CHECK: remark: {{.*}}kernel 'gesummv' vectorized at width 4
; CHECK-NOT: kernel 'gesummv' runs
; CHECK: remark: {{.*}}kernel 'taps' vectorized at width 4
; CHECK-NEXT: remark: {{.*}}kernel 'taps' runs 4 vectors side by side per call
; ASKED: remark: {{.*}}kernel 'gesummv' runs 4 vectors side by side per call

define void @gesummv(ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %x, ptr addrspace(1) %y, i64 %n) #0 {
entry:
  %i = call i64 @__mux_get_global_id(i32 0)
  %row = mul i64 %i, %n
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %t = phi float [ 0.0, %entry ], [ %t.next, %loop ]
  %u = phi float [ 0.0, %entry ], [ %u.next, %loop ]
  %ij = add i64 %row, %j
  %pa = getelementptr inbounds float, ptr addrspace(1) %A, i64 %ij
  %a = load float, ptr addrspace(1) %pa, align 4
  %pb = getelementptr inbounds float, ptr addrspace(1) %B, i64 %ij
  %b = load float, ptr addrspace(1) %pb, align 4
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %j
  %xj = load float, ptr addrspace(1) %px, align 4
  %t.next = call float @llvm.fmuladd.f32(float %a, float %xj, float %t)
  %u.next = call float @llvm.fmuladd.f32(float %b, float %xj, float %u)
  %j.next = add i64 %j, 1
  %more = icmp ult i64 %j.next, %n
  br i1 %more, label %loop, label %done
done:
  %s = fadd float %t.next, %u.next
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %i
  store float %s, ptr addrspace(1) %py, align 4
  ret void
}

define void @taps(ptr addrspace(1) %in, ptr addrspace(1) %w, ptr addrspace(1) %out, i64 %r) #0 {
entry:
  %i = call i64 @__mux_get_global_id(i32 0)
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %pw = getelementptr inbounds float, ptr addrspace(1) %w, i64 %k
  %wk = load float, ptr addrspace(1) %pw, align 4
  %ik = add i64 %i, %k
  %pi = getelementptr inbounds float, ptr addrspace(1) %in, i64 %ik
  %v = load float, ptr addrspace(1) %pi, align 4
  %acc.next = call float @llvm.fmuladd.f32(float %wk, float %v, float %acc)
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, %r
  br i1 %more, label %loop, label %done
done:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %acc.next, ptr addrspace(1) %po, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }
