; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s

; An atomic read-modify-write outside divergent code runs once per lane, in
; lane order, as the work-items would one after the other: each lane's
; address and operand are extracted from the vectors, and each lane gets
; its own old value back. A fence stays one fence.

; CHECK-LABEL: define void @__vecz_v4_histogram(
; CHECK: %q.v = getelementptr inbounds i32, ptr addrspace(1) %bins, <4 x i64> %idx.v
; CHECK: %[[Q0:.+]] = extractelement <4 x ptr addrspace(1)> %q.v, i64 0
; CHECK-NEXT: %[[OLD0:.+]] = atomicrmw add ptr addrspace(1) %[[Q0]], i32 1 seq_cst
; CHECK-NEXT: %[[V0:.+]] = insertelement <4 x i32> zeroinitializer, i32 %[[OLD0]], i64 0
; CHECK-NEXT: %[[Q1:.+]] = extractelement <4 x ptr addrspace(1)> %q.v, i64 1
; CHECK-NEXT: %[[OLD1:.+]] = atomicrmw add ptr addrspace(1) %[[Q1]], i32 1 seq_cst
; CHECK-NEXT: %[[V1:.+]] = insertelement <4 x i32> %[[V0]], i32 %[[OLD1]], i64 1
; CHECK: %[[Q3:.+]] = extractelement <4 x ptr addrspace(1)> %q.v, i64 3
; CHECK-NEXT: %[[OLD3:.+]] = atomicrmw add ptr addrspace(1) %[[Q3]], i32 1 seq_cst
; CHECK-NEXT: %[[V3:.+]] = insertelement <4 x i32> %{{.+}}, i32 %[[OLD3]], i64 3
; CHECK-NOT: atomicrmw
; CHECK: fence acq_rel
; CHECK: store <4 x i32> %[[V3]], ptr addrspace(1) %p, align 4
%pair = type { i32, i8 }

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
; of a helper (inlined later) with the operands (varying ones as vectors,
; uniform ones as they are, constants left in the helper) and every lane's
; activity, which branches per lane in lane order; inactive lanes' results
; are zero. Lane 0's result stands for the scalar atomic.
; CHECK-LABEL: define void @__vecz_v4_odd_tickets(
; CHECK: %old.v = call <4 x i32> @__vecz_masked_atomicrmw(ptr addrspace(1) %counter, <4 x i1> %odd.v)
; CHECK-NOT: atomicrmw
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %old.v, ptr addrspace(1) %p, i32 4, <4 x i1> %odd.v)

; CHECK-LABEL: define internal <4 x i32> @__vecz_masked_atomicrmw(ptr addrspace(1) %0, <4 x i1> %1)
; CHECK: %[[ON0:.+]] = extractelement <4 x i1> %1, i64 0
; CHECK-NEXT: br i1 %[[ON0]], label %lane.0, label %after.0
; CHECK: lane.0:
; CHECK-NEXT: %[[OLD0:.+]] = atomicrmw add ptr addrspace(1) %0, i32 1 seq_cst
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

; A compare-and-swap per lane, in lane order: each lane's old value and
; whether it swapped, as two vectors its extractvalues take; under a mask,
; through a helper returning both.
; CHECK-LABEL: define void @__vecz_v4_claim(
; CHECK: %[[C0:.+]] = cmpxchg ptr addrspace(1) %slot, i32 0, i32 %{{.+}} seq_cst seq_cst
; CHECK: %[[C1:.+]] = cmpxchg ptr addrspace(1) %slot, i32 0, i32 %{{.+}} seq_cst seq_cst
; CHECK: %[[C2:.+]] = cmpxchg ptr addrspace(1) %slot, i32 0, i32 %{{.+}} seq_cst seq_cst
; CHECK: %[[C3:.+]] = cmpxchg ptr addrspace(1) %slot, i32 0, i32 %{{.+}} seq_cst seq_cst
; CHECK: %[[S3:.+]] = extractvalue { i32, i1 } %[[C3]], 1
; CHECK-NEXT: %[[SWAPPED:.+]] = insertelement <4 x i1> %{{.+}}, i1 %[[S3]], i64 3
; CHECK-NOT: cmpxchg
; CHECK: %won.v = zext <4 x i1> %[[SWAPPED]] to <4 x i32>
; CHECK: %again.v = call { <4 x i32>, <4 x i1> } @__vecz_masked_cmpxchg(<4 x ptr addrspace(1)> %{{.+}}, <4 x i32> %{{.+}}, <4 x i1> %{{.+}})
; CHECK-LABEL: define internal { <4 x i32>, <4 x i1> } @__vecz_masked_cmpxchg(
; CHECK: lane.0:
; CHECK: %[[ONE:.+]] = cmpxchg ptr addrspace(1) %{{.+}}, i32 0, i32 %{{.+}} seq_cst seq_cst
; CHECK: extractvalue { i32, i1 } %[[ONE]], 0
; CHECK: extractvalue { i32, i1 } %[[ONE]], 1
define void @claim(ptr addrspace(1) %slot, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %id = trunc i64 %gid to i32
  %pair = cmpxchg ptr addrspace(1) %slot, i32 0, i32 %id seq_cst seq_cst
  %swapped = extractvalue { i32, i1 } %pair, 1
  %won = zext i1 %swapped to i32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %won, ptr addrspace(1) %p, align 4
  br i1 %swapped, label %done, label %retry
retry:
  %again = cmpxchg ptr addrspace(1) %p, i32 0, i32 %id seq_cst seq_cst
  %old = extractvalue { i32, i1 } %again, 0
  store i32 %old, ptr addrspace(1) %p, align 4
  br label %done
done:
  ret void
}

; An atomic fed by another's result takes each lane's own value.
; CHECK-LABEL: define void @__vecz_v4_chained(
; CHECK: %[[OLDS:.+]] = insertelement <4 x i32> %{{.+}}, i32 %{{.+}}, i64 3
; CHECK: %[[L0:.+]] = extractelement <4 x i32> %[[OLDS]], i64 0
; CHECK-NEXT: atomicrmw add ptr addrspace(1) %sum, i32 %[[L0]] seq_cst
; CHECK: %[[L1:.+]] = extractelement <4 x i32> %[[OLDS]], i64 1
; CHECK-NEXT: atomicrmw add ptr addrspace(1) %sum, i32 %[[L1]] seq_cst
define void @chained(ptr addrspace(1) %slot, ptr addrspace(1) %sum) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %id = trunc i64 %gid to i32
  %old = atomicrmw xchg ptr addrspace(1) %slot, i32 %id seq_cst
  %unused = atomicrmw add ptr addrspace(1) %sum, i32 %old seq_cst
  ret void
}

; Atomic and volatile loads and stores have no masked form. Under a mask,
; a varying one is done per active lane through a helper, and a uniform one
; once, as one lane's, when any lane is active; outside divergent code, a
; varying one is done per lane in straight code. A linear address is given
; to the lanes as lane 0's plus l steps (an addressing mode each), not
; taken out of a vector of addresses.
; CHECK-LABEL: define void @__vecz_v4_flags(
; CHECK: read.active:
; CHECK-NEXT: %[[ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %odd.v)
; CHECK-NEXT: %[[ONCE:.+]] = insertelement <1 x i1> poison, i1 %[[ANY]], i64 0
; CHECK-NEXT: %[[GO1:.+]] = call <1 x i32> @__vecz_masked_access(ptr addrspace(1) %go, <1 x i1> %[[ONCE]])
; CHECK-NEXT: %{{.+}} = extractelement <1 x i32> %[[GO1]], i64 0
; CHECK: %[[PL0:.+]] = insertelement <4 x ptr addrspace(1)> poison, ptr addrspace(1) %p, i64 0
; CHECK-NEXT: %p.lane1 = getelementptr i8, ptr addrspace(1) %p, i64 4
; CHECK: %p.lane3 = getelementptr i8, ptr addrspace(1) %p, i64 12
; CHECK-NEXT: %p.lanes = insertelement <4 x ptr addrspace(1)> %{{.+}}, ptr addrspace(1) %p.lane3, i64 3
; CHECK-NEXT: %seen.v = call <4 x i32> @__vecz_masked_access.{{[0-9]+}}(<4 x ptr addrspace(1)> %p.lanes, <4 x i1> %odd.v)
; CHECK: call void @__vecz_masked_access.{{[0-9]+}}(<4 x i32> %{{.+}}, <4 x ptr addrspace(1)> %p.lanes{{[0-9]+}}, <4 x i1> %odd.v)
; CHECK: end:
; CHECK: %q.lane3 = getelementptr i8, ptr addrspace(1) %q, i64 12
; CHECK-NEXT: %q.lanes = insertelement <4 x ptr addrspace(1)> %{{.+}}, ptr addrspace(1) %q.lane3, i64 3
; CHECK-NEXT: %[[Q0:.+]] = extractelement <4 x ptr addrspace(1)> %q.lanes, i64 0
; CHECK-NEXT: %[[L0:.+]] = load volatile i32, ptr addrspace(1) %[[Q0]], align 4
; CHECK: %[[Q3:.+]] = extractelement <4 x ptr addrspace(1)> %q.lanes, i64 3
; CHECK-NEXT: %[[L3:.+]] = load volatile i32, ptr addrspace(1) %[[Q3]], align 4

; CHECK-LABEL: define internal <1 x i32> @__vecz_masked_access(ptr addrspace(1) %0, <1 x i1> %1)
; CHECK: lane.0:
; CHECK-NEXT: %[[ONE:.+]] = load atomic i32, ptr addrspace(1) %0 acquire, align 4
; CHECK-NOT: lane.1:
; CHECK: ret <1 x i32>
define void @flags(ptr addrspace(1) %go, ptr addrspace(1) %cells, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  %p = getelementptr inbounds i32, ptr addrspace(1) %cells, i64 %gid
  br i1 %odd, label %read, label %end
read:
  %go.now = load atomic i32, ptr addrspace(1) %go acquire, align 4
  %seen = load atomic i32, ptr addrspace(1) %p monotonic, align 4
  %sum = add i32 %seen, %go.now
  store atomic i32 %sum, ptr addrspace(1) %p release, align 4
  br label %end
end:
  %next = add i64 %gid, 1
  %q = getelementptr inbounds i32, ptr addrspace(1) %cells, i64 %next
  %late = load volatile i32, ptr addrspace(1) %q, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %late, ptr addrspace(1) %o, align 4
  ret void
}

; An aggregate has no vector or masked store either: a uniform struct
; stored to each lane's address is stored lane by lane, and one stored to a
; uniform address under a mask is stored once, when any lane is active.
; CHECK-LABEL: define void @__vecz_v4_struct_store(
; CHECK: %[[P0:.+]] = extractelement <4 x ptr addrspace(1)> %p.lanes, i64 0
; CHECK-NEXT: store %pair { i32 7, i8 -1 }, ptr addrspace(1) %[[P0]], align 4
; CHECK: %[[P3:.+]] = extractelement <4 x ptr addrspace(1)> %p.lanes, i64 3
; CHECK-NEXT: store %pair { i32 7, i8 -1 }, ptr addrspace(1) %[[P3]], align 4
; CHECK: %[[ANY:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %odd.v)
; CHECK-NEXT: %[[ONCE:.+]] = insertelement <1 x i1> poison, i1 %[[ANY]], i64 0
; CHECK-NEXT: call void @__vecz_masked_access{{.*}}(ptr addrspace(1) %out, <1 x i1> %[[ONCE]])
define void @struct_store(ptr addrspace(1) %out, i1 %c) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds %pair, ptr addrspace(1) %out, i64 %gid
  store %pair { i32 7, i8 -1 }, ptr addrspace(1) %p, align 4
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %then, label %end
then:
  store %pair { i32 9, i8 1 }, ptr addrspace(1) %out, align 4
  br label %end
end:
  ret void
}

; A volatile private variable: each lane's copy is 12 bytes after the
; previous lane's, and each lane's access is at lane 0's address plus that.
; CHECK-LABEL: define void @__vecz_v4_volatile_private(
; CHECK: %slot.lanes = alloca [4 x [3 x i32]], align 4
; CHECK-NEXT: %f = getelementptr inbounds [3 x i32], ptr %slot.lanes, i64 0, i64 1
; CHECK: %f.lane1 = getelementptr i8, ptr %f, i64 12
; CHECK: %f.lane2 = getelementptr i8, ptr %f, i64 24
; CHECK: %f.lane3 = getelementptr i8, ptr %f, i64 36
; CHECK-NEXT: %f.lanes = insertelement <4 x ptr> %{{.+}}, ptr %f.lane3, i64 3
; CHECK: %[[F3:.+]] = extractelement <4 x ptr> %f.lanes, i64 3
; CHECK-NEXT: store volatile i32 %{{.+}}, ptr %[[F3]], align 4
; CHECK-NOT: getelementptr inbounds [3 x i32], <4 x ptr>
; CHECK: ret void
define void @volatile_private(ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = alloca [3 x i32], align 4
  %f = getelementptr inbounds [3 x i32], ptr %slot, i64 0, i64 1
  %v = trunc i64 %gid to i32
  store volatile i32 %v, ptr %f, align 4
  %r = load volatile i32, ptr %f, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
