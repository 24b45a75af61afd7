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

; Under a divergent branch only the active lanes do their atomics: a call
; of a helper (inlined later) with every lane's address, operand and
; activity, which branches per lane in lane order; inactive lanes' results
; are zero. Lane 0's result stands for the scalar atomic.
; CHECK-LABEL: define void @__vecz_v4_odd_tickets(
; CHECK: %old.v = call <4 x i32> @__vecz_masked_atomicrmw(<4 x ptr addrspace(1)> %counter.splat{{.*}}, <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i1> %odd.v)
; CHECK-NOT: atomicrmw
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %old.v, ptr addrspace(1) %p, i32 4, <4 x i1> %odd.v)

; CHECK-LABEL: define internal <4 x i32> @__vecz_masked_atomicrmw(<4 x ptr addrspace(1)> %0, <4 x i32> %1, <4 x i1> %2)
; CHECK: %[[ON0:.+]] = extractelement <4 x i1> %2, i64 0
; CHECK-NEXT: br i1 %[[ON0]], label %lane.0, label %after.0
; CHECK: lane.0:
; CHECK-NEXT: %[[P0:.+]] = extractelement <4 x ptr addrspace(1)> %0, i64 0
; CHECK-NEXT: %[[V0:.+]] = extractelement <4 x i32> %1, i64 0
; CHECK-NEXT: %[[OLD0:.+]] = atomicrmw add ptr addrspace(1) %[[P0]], i32 %[[V0]] seq_cst
; CHECK-NEXT: %[[IN0:.+]] = insertelement <4 x i32> zeroinitializer, i32 %[[OLD0]], i64 0
; CHECK-NEXT: br label %after.0
; CHECK: after.0:
; CHECK-NEXT: %[[R0:.+]] = phi <4 x i32> [ %[[IN0]], %lane.0 ], [ zeroinitializer, %entry ]
; CHECK: after.3:
; CHECK-NEXT: %[[R3:.+]] = phi <4 x i32>
; CHECK-NEXT: ret <4 x i32> %[[R3]]
define void @odd_tickets(ptr addrspace(1) %counter, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %count, label %end
count:
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %old, ptr addrspace(1) %p, align 4
  br label %end
end:
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
