; RUN: loom-opt -passes='vecz<width=4>' -pass-remarks=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll

; Regions entered other than through their branching block: an unstructured
; jump into the middle of an if. Vecz widens the region to start at the
; jump's uniform branch (the nearest common dominator of the two) and runs
; the uniform branch under masks too, so the middle runs for the lanes that
; jumped and for those the divergent branch sends there.
; REMARK: remark: {{.*}}kernel 'jump_into_if' vectorized at width 4
; REMARK: remark: {{.*}}kernel 'holds_earlier_region' vectorized at width 4

; CHECK-LABEL: define void @__vecz_v4_jump_into_if(
; CHECK: entry:
; CHECK: %entry.to.branch = select i1 %jump, <4 x i1> zeroinitializer, <4 x i1> <i1 true, i1 true, i1 true, i1 true>
; CHECK: %entry.to.middle = select i1 %jump, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i1> zeroinitializer
; CHECK-NEXT: br label %branch
; CHECK: branch:
; CHECK: %branch.to.middle = and <4 x i1> %entry.to.branch, %odd.v
; CHECK-NEXT: br label %middle
; CHECK: middle:
; CHECK-NEXT: %middle.mask = or <4 x i1> %branch.to.middle, %entry.to.middle
; CHECK: call void @llvm.masked.store.v4i64.p1(<4 x i64> %gid.v, ptr addrspace(1) %p, i32 4, <4 x i1> %middle.mask)
; CHECK-NEXT: br label %end

; The widened region holds a region found before it (the branch on %odd),
; which is linearized with it: one run of straight code from the entry.
; CHECK-LABEL: define void @__vecz_v4_holds_earlier_region(
; CHECK: %entry.to.first = select i1 %jump
; CHECK: %entry.to.middle = select i1 %jump
; CHECK-NEXT: br label %first
; CHECK: first:
; CHECK: %first.to.store_odd = and <4 x i1> %entry.to.first, %odd.v
; CHECK: %first.to.join = and <4 x i1> %entry.to.first,
; CHECK-NEXT: br label %store_odd
; CHECK: store_odd:
; CHECK-NEXT: call void @llvm.masked.store.v4i64.p1(<4 x i64> <i64 1, i64 1, i64 1, i64 1>, ptr addrspace(1) %p, i32 4, <4 x i1> %first.to.store_odd)
; CHECK: join:
; CHECK-NEXT: %join.mask = or <4 x i1> %first.to.store_odd, %first.to.join
; CHECK: %join.to.middle = and <4 x i1> %join.mask, %low.v
; CHECK: middle:
; CHECK-NEXT: %middle.mask = or <4 x i1> %join.to.middle, %entry.to.middle
; CHECK: call void @llvm.masked.store.v4i64.p1(<4 x i64> <i64 2, i64 2, i64 2, i64 2>, ptr addrspace(1) %q, i32 4, <4 x i1> %middle.mask)

define void @jump_into_if(ptr addrspace(1) %out, i1 %jump) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br i1 %jump, label %middle, label %branch
branch:
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %middle, label %end
middle:
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %gid
  store i64 %gid, ptr addrspace(1) %p
  br label %end
end:
  ret void
}

define void @holds_earlier_region(ptr addrspace(1) %out, i1 %jump) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %gid
  br i1 %jump, label %middle, label %first
first:
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %store_odd, label %join
store_odd:
  store i64 1, ptr addrspace(1) %p
  br label %join
join:
  %low = icmp ult i64 %gid, 5
  br i1 %low, label %middle, label %end
middle:
  %q = getelementptr i64, ptr addrspace(1) %p, i64 64
  store i64 2, ptr addrspace(1) %q
  br label %end
end:
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
