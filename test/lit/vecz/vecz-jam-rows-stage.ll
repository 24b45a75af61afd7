; RUN: loom-opt -passes='vecz<width=4;rows=1;interleave=1;layout=interleaved>,vecz-jam-rows<rows=2>' -pass-remarks=vecz -pass-remarks-missed=vecz -S %s -o %t.staged.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.staged.ll
; RUN: loom-opt -passes='vecz<width=4;rows=2;interleave=1;layout=interleaved>' -S %s -o %t.whole.ll
; RUN: FileCheck %s --input-file=%t.whole.ll
; RUN: loom-opt -passes='vecz-jam-rows<rows=2>' -S %s | FileCheck %s --check-prefix=SCALAR
; RUN: not loom-opt -passes='vecz-jam-rows<rows=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

; Row jamming as a stage of its own: after vecz made each kernel's vector
; variant, vecz-jam-rows gives it a variant running two rows per call, as
; vecz<rows=2> does inside the whole vectorizer (both modules pass the
; checks below; only the order of their functions differs), and where the
; rows would go different ways it says why not.

; REMARK: remark: {{.*}}kernel 'matmul' vectorized at width 4
; REMARK: remark: {{.*}}kernel 'by_row' vectorized at width 4
; REMARK: remark: {{.*}}kernel 'matmul' runs 2 rows per vector call
; REMARK: remark: {{.*}}kernel 'by_row' runs one row per vector call: it branches on a value that depends on the row

; CHECK: define void @matmul({{.*}} !mux_vector_variant ![[MM:[0-9]+]]
; CHECK: define void @by_row({{.*}} !mux_vector_variant ![[BY:[0-9]+]]
; CHECK-LABEL: define void @__vecz_v4x2_matmul(
; CHECK: %row.r1 = add nuw i64 %row, 1
; CHECK: %acc.next.v.r1 = call <4 x float> @llvm.fmuladd.v4f32(
; CHECK-NOT: define void @__vecz_v4x2_by_row(
; CHECK-DAG: ![[MM]] = !{ptr @__vecz_v4_matmul, i32 4, ptr @__vecz_v4x2_matmul, i32 2}
; CHECK-DAG: ![[BY]] = !{ptr @__vecz_v4_by_row, i32 4}

; Without a vector variant made before, the stage has nothing to jam.
; SCALAR-NOT: __vecz

; BAD: vecz-jam-rows: rows must be

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

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)
declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { "mux-kernel"="entry-point" }
