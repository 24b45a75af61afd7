; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz<width=8>' -S %s | FileCheck %s --check-prefix=W8
; RUN: loom-opt -passes='print<vecz-uniformity>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNIFORMITY
; RUN: loom-opt -passes='vecz<width=4>' -pass-remarks-missed=vecz -S %s 2>&1 | FileCheck %s --check-prefix=DECLINED

; A kernel that works with sub-groups gets a vector variant whose W lanes
; are a sub-group, and a tail variant running a row's last Lx % W
; work-items, its lanes past the row off (vecz/transform/SubGroups.h).
; Reductions, broadcasts and sizes are uniform (one per vector), scans and
; the sub-group local id vary.
; UNIFORMITY-LABEL: Uniformity of 'sums':
; UNIFORMITY: uniform:  %total = call i32 @_Z20sub_group_reduce_addi(i32 %x)
; UNIFORMITY-NEXT: varying:  %before = call i32 @_Z28sub_group_scan_exclusive_maxi(i32 %x)
; UNIFORMITY-NEXT: uniform:  %last = call i32 @_Z19sub_group_broadcastij(i32 %x, i32 3)
; UNIFORMITY-NEXT: uniform:  %size = call i32 @__mux_get_sub_group_size()
; UNIFORMITY-NEXT: varying:  %lane = call i32 @__mux_get_sub_group_local_id()

; CHECK: define void @sums({{.*}} !mux_vector_variant ![[VARIANT:[0-9]+]] !mux_tail_variant ![[TAIL:[0-9]+]] {
; CHECK: define void @exchanges({{.*}} !mux_tail_variant
; CHECK: define void @rotates({{[^!]*}} {
; CHECK: define void @waits({{[^!]*}} {

; The reduction is LLVM's; the exclusive scan two steps of lanes moved up
; (by 1, then 2) with INT_MIN coming in, then one more move up; the
; broadcast an element; the size min(W, Lx - x0); the local id the lanes.
; CHECK-LABEL: define void @__vecz_v4_sums(
; CHECK: %x.v = load <4 x i32>
; CHECK-NEXT: %total = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %x.v)
; CHECK: %[[UP1:.+]] = shufflevector <4 x i32> %x.v, <4 x i32> <i32 -2147483648, {{.*}}>, <4 x i32> <i32 4, i32 0, i32 1, i32 2>
; CHECK-NEXT: %[[MAX1:.+]] = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %x.v, <4 x i32> %[[UP1]])
; CHECK-NEXT: %[[UP2:.+]] = shufflevector <4 x i32> %[[MAX1]], <4 x i32> <i32 -2147483648, {{.*}}>, <4 x i32> <i32 4, i32 5, i32 0, i32 1>
; CHECK-NEXT: %[[MAX2:.+]] = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %[[MAX1]], <4 x i32> %[[UP2]])
; CHECK-NEXT: %[[BEFORE:.+]] = shufflevector <4 x i32> %[[MAX2]], <4 x i32> <i32 -2147483648, {{.*}}>, <4 x i32> <i32 4, i32 0, i32 1, i32 2>
; CHECK-NEXT: %last = extractelement <4 x i32> %x.v, i32 3
; CHECK: %[[X0:.+]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: %[[LX:.+]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: %[[LEFT:.+]] = sub i64 %[[LX]], %[[X0]]
; CHECK-NEXT: %[[SIZE:.+]] = call i64 @llvm.umin.i64(i64 4, i64 %[[LEFT]])
; CHECK-NEXT: %size = trunc i64 %[[SIZE]] to i32
; CHECK: %lane = call i32 @__mux_get_sub_group_local_id()
; CHECK: %lane.v = add <4 x i32> %lane.splat.splat, <i32 0, i32 1, i32 2, i32 3>
; CHECK: %a.v = add <4 x i32> %total.splat.splat, %[[BEFORE]]
; CHECK: store <4 x i32> %d.v

; The tail: the body only for the lanes in the row; its loads and stores
; masked, the inactive lanes the identity of each operation.
; CHECK-LABEL: define void @__vecz_v4_sums.tail(
; CHECK: tail.guard:
; CHECK: %in.row.v = icmp ult <4 x i64> %{{.+}}, %{{.+}}
; CHECK: %x.v = call <4 x i32> @llvm.masked.load.v4i32.p1(ptr addrspace(1) %p, i32 4, <4 x i1> %in.row.v,
; CHECK-NEXT: %[[ADDENDS:.+]] = select <4 x i1> %in.row.v, <4 x i32> %x.v, <4 x i32> zeroinitializer
; CHECK-NEXT: %total = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %[[ADDENDS]])
; CHECK: select <4 x i1> %in.row.v, <4 x i32> %x.v, <4 x i32> <i32 -2147483648,
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %d.v, ptr addrspace(1) %q, i32 4, <4 x i1> %in.row.v)
; CHECK: tail.exit:
; CHECK-NEXT: ret void

; At width 8 a scan takes three steps.
; W8-LABEL: define void @__vecz_v8_sums(
; W8: <8 x i32> <i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
; W8: <8 x i32> <i32 8, i32 9, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5>
; W8: <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 0, i32 1, i32 2, i32 3>
; W8: %[[X0:.+]] = call i64 @__mux_get_local_id(i32 0)
; W8: call i64 @llvm.umin.i64(i64 8,
define void @sums(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %p, align 4
  %total = call i32 @_Z20sub_group_reduce_addi(i32 %x)
  %before = call i32 @_Z28sub_group_scan_exclusive_maxi(i32 %x)
  %last = call i32 @_Z19sub_group_broadcastij(i32 %x, i32 3)
  %size = call i32 @__mux_get_sub_group_size()
  %lane = call i32 @__mux_get_sub_group_local_id()
  %a = add i32 %total, %before
  %b = add i32 %a, %last
  %c = add i32 %b, %size
  %d = add i32 %c, %lane
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %d, ptr addrspace(1) %q, align 4
  ret void
}

; The sub-group id: the row's sub-groups before this one's, (z Ly + y)
; ceil(Lx / W), and x0 / W; votes reduce the lanes' conditions; a float
; sum adds in a tree's order (reassoc), starting from -0.0.
; CHECK-LABEL: define void @__vecz_v4_ids_and_votes(
; CHECK: %[[Z:.+]] = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: %[[LY:.+]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: %[[ZLY:.+]] = mul i64 %[[Z]], %[[LY]]
; CHECK-NEXT: %[[Y:.+]] = call i64 @__mux_get_local_id(i32 1)
; CHECK-NEXT: %[[ROW:.+]] = add i64 %[[ZLY]], %[[Y]]
; CHECK-NEXT: %[[X0:.+]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: %[[IN:.+]] = udiv i64 %[[X0]], 4
; CHECK-NEXT: %[[LX:.+]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: %[[LX3:.+]] = add i64 %[[LX]], 3
; CHECK-NEXT: %[[PER:.+]] = udiv i64 %[[LX3]], 4
; CHECK-NEXT: %[[BEFORE:.+]] = mul i64 %[[ROW]], %[[PER]]
; CHECK-NEXT: %[[ID:.+]] = add i64 %[[BEFORE]], %[[IN]]
; CHECK-NEXT: %id = trunc i64 %[[ID]] to i32
; CHECK: %[[HOLDS:.+]] = icmp ne <4 x i32> %x.v, zeroinitializer
; CHECK-NEXT: %[[ALL:.+]] = call i1 @llvm.vector.reduce.and.v4i1(<4 x i1> %[[HOLDS]])
; CHECK-NEXT: %all = zext i1 %[[ALL]] to i32
; CHECK: %sum = call reassoc float @llvm.vector.reduce.fadd.v4f32(float -0.000000e+00, <4 x float> %f.v)
define void @ids_and_votes(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %p, align 4
  %id = call i32 @__mux_get_sub_group_id()
  %all = call i32 @_Z13sub_group_alli(i32 %x)
  %f = sitofp i32 %x to float
  %sum = call float @_Z20sub_group_reduce_addf(float %f)
  %s = fptosi float %sum to i32
  %a = add i32 %id, %all
  %b = add i32 %a, %s
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %b, ptr addrspace(1) %q, align 4
  ret void
}

; A ballot is the lanes' conditions as bits; a shuffle by a constant
; pattern one shufflevector, by varying lanes an element per lane; a
; clustered reduction (clusters of 4) two steps of lanes exchanged by xor.
; Under a divergent branch, the non-uniform functions see the active lanes:
; the first of them is elected (cttz of the mask), the others count as 0.
; CHECK-LABEL: define void @__vecz_v4_exchanges(
; CHECK: %[[HOLDS:.+]] = icmp ne <4 x i32> %pred.v, zeroinitializer
; CHECK-NEXT: %[[BITS:.+]] = bitcast <4 x i1> %[[HOLDS]] to i4
; CHECK-NEXT: %[[WIDE:.+]] = zext i4 %[[BITS]] to i128
; CHECK-NEXT: %bits = bitcast i128 %[[WIDE]] to <4 x i32>
; CHECK: %shuffle = shufflevector <4 x i32> %x.v, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK-NEXT: %[[FROM:.+]] = and <4 x i32> %x.v, <i32 3, i32 3, i32 3, i32 3>
; CHECK-NEXT: %[[FROM0:.+]] = extractelement <4 x i32> %[[FROM]], i64 0
; CHECK-NEXT: %[[LANE0:.+]] = extractelement <4 x i32> %x.v, i32 %[[FROM0]]
; CHECK-NEXT: insertelement <4 x i32> poison, i32 %[[LANE0]], i64 0
; CHECK: %[[PAIRS:.+]] = shufflevector <4 x i32> %x.v, <4 x i32> poison, <4 x i32> <i32 1, i32 0, i32 3, i32 2>
; CHECK-NEXT: %[[SUM2:.+]] = add <4 x i32> %x.v, %[[PAIRS]]
; CHECK-NEXT: %[[QUADS:.+]] = shufflevector <4 x i32> %[[SUM2]], <4 x i32> poison, <4 x i32> <i32 2, i32 3, i32 0, i32 1>
; CHECK-NEXT: %[[SUM4:.+]] = add <4 x i32> %[[SUM2]], %[[QUADS]]
; CHECK: then.active:
; CHECK-NEXT: %[[MASK:.+]] = bitcast <4 x i1> %positive.v to i4
; CHECK-NEXT: %[[FIRST:.+]] = call i4 @llvm.cttz.i4(i4 %[[MASK]], i1 false)
; CHECK: %elect = zext <4 x i1> %{{.+}} to <4 x i32>
; CHECK-NEXT: %[[ACTIVE:.+]] = select <4 x i1> %positive.v, <4 x i32> %x.v, <4 x i32> zeroinitializer
; CHECK-NEXT: %sum = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %[[ACTIVE]])
define void @exchanges(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %x = load i32, ptr addrspace(1) %p, align 4
  %positive = icmp sgt i32 %x, 0
  %pred = zext i1 %positive to i32
  %bits = call <4 x i32> @_Z16sub_group_balloti(i32 %pred)
  %word = extractelement <4 x i32> %bits, i64 0
  %pair = call i32 @_Z21sub_group_shuffle_xorij(i32 %x, i32 1)
  %from = call i32 @_Z17sub_group_shuffleij(i32 %x, i32 %x)
  %four = call i32 @_Z30sub_group_clustered_reduce_addij(i32 %x, i32 4)
  %a = add i32 %word, %pair
  %b = add i32 %a, %from
  %c = add i32 %b, %four
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %c, ptr addrspace(1) %q, align 4
  br i1 %positive, label %then, label %done

then:
  %first = call i32 @_Z15sub_group_electv()
  %sum = call i32 @_Z32sub_group_non_uniform_reduce_addi(i32 %x)
  %e = add i32 %first, %sum
  store i32 %e, ptr addrspace(1) %q, align 4
  br label %done

done:
  ret void
}

; A sub-group function the table does not list (sub_group_rotate, of an
; extension Loom does not report), or a barrier, leaves the kernel scalar,
; its sub-groups of one work-item each.
; DECLINED: remark: {{.*}}kernel 'rotates' calls '_Z16sub_group_rotateii', a sub-group function Vecz has no vector form of yet
; DECLINED: remark: {{.*}}kernel 'waits' not vectorized: it works with sub-groups and waits at a barrier
; DECLINED-NOT: @__vecz_v4_rotates
; DECLINED-NOT: @__vecz_v4_waits
define void @rotates(ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %x = trunc i64 %gid to i32
  %y = call i32 @_Z16sub_group_rotateii(i32 %x, i32 1)
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %y, ptr addrspace(1) %q, align 4
  ret void
}

define void @waits(ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %x = trunc i64 %gid to i32
  %y = call i32 @_Z20sub_group_reduce_addi(i32 %x)
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 1)
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %y, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_get_sub_group_size()
declare i32 @__mux_get_sub_group_local_id()
declare i32 @__mux_get_sub_group_id()
declare void @__mux_work_group_barrier(i32, i32, i32)
declare i32 @_Z20sub_group_reduce_addi(i32) #1
declare float @_Z20sub_group_reduce_addf(float) #1
declare i32 @_Z28sub_group_scan_exclusive_maxi(i32) #1
declare i32 @_Z19sub_group_broadcastij(i32, i32) #1
declare i32 @_Z13sub_group_alli(i32) #1
declare i32 @_Z16sub_group_rotateii(i32, i32) #1
declare <4 x i32> @_Z16sub_group_balloti(i32) #1
declare i32 @_Z21sub_group_shuffle_xorij(i32, i32) #1
declare i32 @_Z17sub_group_shuffleij(i32, i32) #1
declare i32 @_Z30sub_group_clustered_reduce_addij(i32, i32) #1
declare i32 @_Z15sub_group_electv() #1
declare i32 @_Z32sub_group_non_uniform_reduce_addi(i32) #1
attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { convergent nounwind readnone willreturn }

; CHECK: ![[VARIANT]] = !{ptr @__vecz_v4_sums, i32 4}
; CHECK: ![[TAIL]] = !{ptr @__vecz_v4_sums.tail}
