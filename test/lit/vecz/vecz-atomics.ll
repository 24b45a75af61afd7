; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s

; An atomic read-modify-write outside divergent code runs once per lane, in
; lane order, as the work-items would one after the other: each lane's
; address and operand are extracted from the vectors, and each lane gets
; its own old value back. A fence stays one fence.

; CHECK-LABEL: define void @__vecz_v4_histogram(
; CHECK: %q.v = getelementptr inbounds i32, ptr addrspace(1) %bins, <4 x i64> %idx.v
; CHECK: %[[Q0:.+]] = extractelement <4 x ptr addrspace(1)> %q.v, i64 0
; CHECK-NEXT: %[[OLD0:.+]] = atomicrmw add ptr addrspace(1) %[[Q0]], i32 1 seq_cst
; CHECK-NEXT: %[[V0:.+]] = insertelement <4 x i32> poison, i32 %[[OLD0]], i64 0
; CHECK-NEXT: %[[Q1:.+]] = extractelement <4 x ptr addrspace(1)> %q.v, i64 1
; CHECK-NEXT: %[[OLD1:.+]] = atomicrmw add ptr addrspace(1) %[[Q1]], i32 1 seq_cst
; CHECK-NEXT: %[[V1:.+]] = insertelement <4 x i32> %[[V0]], i32 %[[OLD1]], i64 1
; CHECK: %[[Q3:.+]] = extractelement <4 x ptr addrspace(1)> %q.v, i64 3
; CHECK-NEXT: %[[OLD3:.+]] = atomicrmw add ptr addrspace(1) %[[Q3]], i32 1 seq_cst
; CHECK-NEXT: %[[V3:.+]] = insertelement <4 x i32> %{{.+}}, i32 %[[OLD3]], i64 3
; CHECK-NOT: atomicrmw
; CHECK: fence acq_rel
; CHECK: store <4 x i32> %[[V3]], ptr addrspace(1) %p, align 4
define void @histogram(ptr addrspace(1) %data, ptr addrspace(1) %bins) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %gid
  %v = load i32, ptr addrspace(1) %p, align 4
  %b = and i32 %v, 15
  %idx = zext i32 %b to i64
  %q = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %q, i32 1 seq_cst
  fence acq_rel
  store i32 %old, ptr addrspace(1) %p, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
