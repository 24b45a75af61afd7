; RUN: loom-opt -passes='vecz<width=4;rows=2>' -pass-remarks=vecz -pass-remarks-missed=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll
; RUN: loom-opt -passes='vecz<width=4;rows=auto>' -pass-remarks-missed=vecz -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AUTO --allow-empty

; Rows jammed: a matrix product's k loop runs once for two rows of four
; work-items. What does not depend on the row (the loop counter, the vector
; load of B[k][col .. col + 3]) is there once; the row's own values (its
; element of A, its accumulator, its store) twice, row 1's right after row
; 0's, from the row id plus one.

; REMARK: remark: {{.*}}kernel 'matmul' vectorized at width 4
; REMARK: remark: {{.*}}kernel 'matmul' runs 2 rows per vector call
; REMARK: remark: {{.*}}kernel 'by_row' runs one row per vector call: it branches on a value that depends on the row
; REMARK: remark: {{.*}}kernel 'linear' runs one row per vector call: it asks for a linear id
; REMARK: remark: {{.*}}kernel 'one_row' runs one row per vector call: nothing in it depends on the row
; REMARK: remark: {{.*}}kernel 'count' runs 2 rows per vector call

; With rows=auto, rows are jammed only where they pay, without a remark
; when they are not: no kernel here but matmul has a loop.
; AUTO-NOT: runs one row

; CHECK: define void @matmul({{.*}} !mux_vector_variant ![[MM:[0-9]+]]
; CHECK-LABEL: define void @__vecz_v4x2_matmul(
; CHECK: %col = call i64 @__mux_get_global_id(i32 0)
; CHECK: %row = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: %row.r1 = add nuw i64 %row, 1
; CHECK: loop:
; CHECK-NEXT: %k = phi i64
; CHECK-NEXT: %acc.v = phi <4 x float>
; CHECK-NEXT: %acc.v.r1 = phi <4 x float>
; CHECK: %a = load float, ptr addrspace(1) %pa
; CHECK-NEXT: %a.r1 = load float, ptr addrspace(1) %pa.r1
; CHECK: %b.v = load <4 x float>, ptr addrspace(1) %pb
; CHECK-NOT: load
; CHECK: %acc.next.v = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %a.splat{{.*}}, <4 x float> %b.v, <4 x float> %acc.v)
; CHECK-NEXT: %acc.next.v.r1 = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %a.splat{{.*}}.r1, <4 x float> %b.v, <4 x float> %acc.v.r1)
; CHECK: br i1 %more, label %loop, label %done
; CHECK: done:
; CHECK: store <4 x float> %acc.next.lcssa.v, ptr addrspace(1) %pc,
; CHECK-NEXT: store <4 x float> %acc.next.lcssa.v.r1, ptr addrspace(1) %pc.r1,
; CHECK: ret void
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

; The rows would go different ways: no jammed variant.
; CHECK-NOT: @__vecz_v4x2_by_row(
define void @by_row(ptr addrspace(1) %out) #0 {
entry:
  %col = call i64 @__mux_get_global_id(i32 0)
  %row = call i64 @__mux_get_local_id(i32 1)
  %first = icmp eq i64 %row, 0
  br i1 %first, label %then, label %done
then:
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %col
  store i32 1, ptr addrspace(1) %p, align 4
  br label %done
done:
  ret void
}

; CHECK-NOT: @__vecz_v4x2_linear(
define void @linear(ptr addrspace(1) %out) #0 {
  %id = call i64 @__mux_get_global_linear_id()
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %id
  store i64 %id, ptr addrspace(1) %p, align 8
  ret void
}

; CHECK-NOT: @__vecz_v4x2_one_row(
define void @one_row(ptr addrspace(1) %out) #0 {
  %col = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %col
  store i64 %col, ptr addrspace(1) %p, align 8
  ret void
}

; Each row does its own atomics, even where the rows' operands are alike;
; a store the rows would all do alike is done once.
; CHECK-LABEL: define void @__vecz_v4x2_count(
; CHECK: %[[A0:.+]] = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: %[[A0]].r1 = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: %[[A1:.+]] = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: %[[A1]].r1 = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: %[[A2:.+]] = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: %[[A2]].r1 = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: %[[A3:.+]] = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: %[[A3]].r1 = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NOT: atomicrmw
; CHECK: store <4 x i32> <i32 7, i32 7, i32 7, i32 7>, ptr addrspace(1) %p, align 4
; CHECK-NOT: store <4 x i32> <i32 7
; CHECK: ret void
define void @count(ptr addrspace(1) %out, ptr addrspace(1) %counter) #0 {
  %col = call i64 @__mux_get_global_id(i32 0)
  %row = call i64 @__mux_get_global_id(i32 1)
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %col
  store i32 7, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK: ![[MM]] = !{ptr @__vecz_v4_matmul, i32 4, ptr @__vecz_v4x2_matmul, i32 2}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_global_linear_id()
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }
