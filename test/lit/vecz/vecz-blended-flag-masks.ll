; RUN: loom-opt -passes='vecz<width=4>,verify' -S %s | FileCheck %s

; A varying i1 phi where a region's paths join is blended into a select;
; a branch on it starts the next region, whose masks are made while the
; packetizer walks the kernel, before the phi is blended. The masks built
; on the widened phi must follow it to the select that replaces it.

; A masked store past a branch on the blended flag: its mask is the
; blend.
; CHECK-LABEL: define void @__vecz_v4_store_after_blended_flag(
; CHECK: join:
; CHECK-NEXT: %[[FLAG:.+]] = select <4 x i1> %first.v, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i1> %small.v
; CHECK: then:
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %v.v, ptr addrspace(1) %pout, i32 4, <4 x i1> %[[FLAG]])
define void @store_after_blended_flag(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %lid = call i64 @__mux_get_local_id(i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %join, label %check
check:
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %pin, align 4
  %small = icmp slt i32 %x, 10
  br label %join
join:
  %flag = phi i1 [ true, %entry ], [ %small, %check ]
  br i1 %flag, label %then, label %exit
then:
  %pout = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  %y = trunc i64 %gid to i32
  %z = mul i32 %y, 3
  %w = add i32 %z, 7
  %v = xor i32 %w, 5
  store i32 %v, ptr addrspace(1) %pout, align 4
  br label %exit
exit:
  ret void
}

; A uniform loop of local atomics past a branch on the blended flag: the
; loop runs when any lane enters it, each atomic for the lanes that did.
; CHECK-LABEL: define void @__vecz_v4_atomics_loop_after_blended_flag(
; CHECK: join:
; CHECK-NEXT: %[[ENTER:.+]] = select <4 x i1> %first.v, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x i1> %odd.v
; CHECK: preheader:
; CHECK-NEXT: %[[ANY_ENTERS:.+]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %[[ENTER]])
; CHECK-NEXT: br i1 %[[ANY_ENTERS]], label %loop, label %done
; CHECK: loop:
; CHECK: call <4 x i32> @__vecz_masked_atomicrmw(ptr addrspace(3) %pbin, <4 x i1> %[[ENTER]])
; CHECK: br i1 %more, label %loop, label %done
define void @atomics_loop_after_blended_flag(ptr addrspace(1) %keys, ptr addrspace(3) %hist, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %lid = call i64 @__mux_get_local_id(i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %join, label %check
check:
  %pk = getelementptr inbounds i32, ptr addrspace(1) %keys, i64 %gid
  %key = load i32, ptr addrspace(1) %pk, align 4
  %bit = and i32 %key, 1
  %odd = icmp ne i32 %bit, 0
  br label %join
join:
  %enter = phi i1 [ true, %entry ], [ %odd, %check ]
  br i1 %enter, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %slot = zext i32 %i to i64
  %pbin = getelementptr inbounds i32, ptr addrspace(3) %hist, i64 %slot
  %old = atomicrmw add ptr addrspace(3) %pbin, i32 1 monotonic, align 4
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  br label %exit
exit:
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
