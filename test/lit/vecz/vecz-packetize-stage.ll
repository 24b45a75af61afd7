; RUN: loom-opt -passes='vecz-packetize<width=4>' -pass-remarks=vecz -pass-remarks-missed=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll
; RUN: loom-opt -passes='vecz-packetize<width=4>,vecz-packetize<width=8>' -S %s | FileCheck %s --check-prefix=ONCE
; RUN: not loom-opt -passes='vecz-packetize<width=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

; Packetization as a stage of its own: at the width asked for, with no cost
; model (a kernel that would not pay is packetized all the same), and a
; kernel Vecz cannot packetize keeps its scalar form with the reason. A
; kernel that has a vector variant already is left as it is.

; REMARK: remark: {{.*}}kernel 'copy' vectorized at width 4
; REMARK: remark: {{.*}}kernel 'waits' has a barrier in divergent control flow

; CHECK: define void @copy({{.*}} !mux_vector_variant ![[COPY:[0-9]+]]
; CHECK: define void @waits(
; CHECK-NOT: !mux_vector_variant
; CHECK-LABEL: define void @__vecz_v4_copy(
; CHECK: %v.v = load <4 x i32>, ptr addrspace(1) %pin, align 4
; CHECK: store <4 x i32> %v.v, ptr addrspace(1) %pout, align 4
; CHECK-NOT: define void @__vecz_v4_waits(
; CHECK: ![[COPY]] = !{ptr @__vecz_v4_copy, i32 4}

; ONCE: define void @__vecz_v4_copy(
; ONCE-NOT: define void @__vecz_v8_copy(

; BAD: vecz-packetize: width must be

define void @copy(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %i = call i64 @__mux_get_global_id(i32 0)
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %i
  %v = load i32, ptr addrspace(1) %pin, align 4
  %pout = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %v, ptr addrspace(1) %pout, align 4
  ret void
}

define void @waits(ptr addrspace(1) %out) #0 {
entry:
  %i = call i64 @__mux_get_local_id(i32 0)
  %odd = trunc i64 %i to i1
  br i1 %odd, label %then, label %done
then:
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  br label %done
done:
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" }
