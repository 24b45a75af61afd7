; RUN: loom-opt -passes='vecz<width=4;rows=4;interleave=2>' -pass-remarks=vecz -pass-remarks-missed=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll
; RUN: loom-opt -passes='vecz<width=4;rows=2;interleave=2>' -pass-remarks=vecz -S %s -o - 2>&1 | FileCheck %s --check-prefix=TWO-ROWS
; RUN: loom-opt -passes='vecz<width=4;rows=4;interleave=2;max-width=4>' -pass-remarks=vecz -S %s -o - 2>&1 | FileCheck %s --check-prefix=CAPPED
; RUN: loom-opt -passes='vecz<width=4>,vecz-jam-rows<rows=4>,vecz-wide<interleave=2>' -S %s -o - | FileCheck %s --check-prefix=STAGES

; A jammed variant of four rows of four work-items, with interleave=2: the
; wide variant runs two vectors of four, and its own jammed variant two
; rows of them, as many accumulators as the jammed variant has (four), but
; B's two vectors loaded once for two rows and each row's element of A
; broadcast once for two vectors.

; REMARK: remark: {{.*}}kernel 'matmul' vectorized at width 4
; REMARK-NEXT: remark: {{.*}}kernel 'matmul' runs 4 rows per vector call
; REMARK-NEXT: remark: {{.*}}kernel 'matmul' runs 2 vectors side by side in each of 2 rows per call where 8 work-items remain

; CHECK: define void @matmul({{.*}} !mux_vector_variant ![[MM:[0-9]+]]
; CHECK-LABEL: define void @__vecz_v8x2_matmul(
; CHECK: %row = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: %row.r1 = add nuw i64 %row, 1
; CHECK-NOT: .r2
; CHECK: loop:
; CHECK-NEXT: %k = phi i64
; CHECK-NEXT: %acc.v = phi <8 x float>
; CHECK-NEXT: %acc.v.r1 = phi <8 x float>
; CHECK: %a = load float, ptr addrspace(1) %pa
; CHECK-NEXT: %a.r1 = load float, ptr addrspace(1) %pa.r1
; CHECK: %b.v = load <8 x float>, ptr addrspace(1) %pb
; CHECK-NOT: load
; CHECK: call <8 x float> @llvm.fmuladd.v8f32(
; CHECK-NEXT: call <8 x float> @llvm.fmuladd.v8f32(
; CHECK: ret void
; CHECK-DAG: ![[MM]] = !{ptr @__vecz_v4_matmul, i32 4, ptr @__vecz_v4x4_matmul, i32 4, ptr @__vecz_v8_matmul, i32 8, ptr @__vecz_v8x2_matmul, i32 2}

; With two rows, half of them would be one: no wide variant beside the
; jammed one.
; TWO-ROWS: kernel 'matmul' runs 2 rows per vector call
; TWO-ROWS-NOT: side by side
; TWO-ROWS: !{ptr @__vecz_v4_matmul, i32 4, ptr @__vecz_v4x2_matmul, i32 2}

; Nor past the target's widest vector.
; CAPPED: kernel 'matmul' runs 4 rows per vector call
; CAPPED-NOT: side by side
; CAPPED: !{ptr @__vecz_v4_matmul, i32 4, ptr @__vecz_v4x4_matmul, i32 4}

; The stages run alone make the same variants.
; STAGES: !{ptr @__vecz_v4_matmul, i32 4, ptr @__vecz_v4x4_matmul, i32 4, ptr @__vecz_v8_matmul, i32 8, ptr @__vecz_v8x2_matmul, i32 2}

define void @matmul(ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %C, i64 %n) #0 {
entry:
  %col = call i64 @__mux_get_global_id(i32 0)
  %row = call i64 @__mux_get_global_id(i32 1)
  %rown = mul i64 %row, %n
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %ia = add i64 %rown, %k
  %pa = getelementptr inbounds float, ptr addrspace(1) %A, i64 %ia
  %a = load float, ptr addrspace(1) %pa, align 4
  %kn = mul i64 %k, %n
  %ib = add i64 %kn, %col
  %pb = getelementptr inbounds float, ptr addrspace(1) %B, i64 %ib
  %b = load float, ptr addrspace(1) %pb, align 4
  %acc.next = call float @llvm.fmuladd.f32(float %a, float %b, float %acc)
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, %n
  br i1 %more, label %loop, label %done
done:
  %ic = add i64 %rown, %col
  %pc = getelementptr inbounds float, ptr addrspace(1) %C, i64 %ic
  store float %acc.next, ptr addrspace(1) %pc, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }
