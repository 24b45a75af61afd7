; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s

; Barriers outside divergent control flow stay in the vector kernel, with
; the ids the scalar kernel gives them; work-item-loops cuts both kernels
; at them. A varying value stored to a uniform address (the last work-item
; publishing a value, as work_group_broadcast does) is a masked scatter to
; that one address, so the last active lane's value is the one left;
; kernel-scope __local variables are used as in the scalar kernel.

@tile = internal addrspace(3) global [64 x i32] undef, align 4
@last = internal addrspace(3) global i32 undef, align 4

; CHECK-LABEL: define void @__vecz_v4_publish_last(
; CHECK: %lid.v = add <4 x i64> %lid.splat{{.*}}, <i64 0, i64 1, i64 2, i64 3>
; CHECK: %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %lid
; CHECK: store <4 x i32> %x.v, ptr addrspace(3) %slot, align 4
; CHECK: call void @__mux_work_group_barrier(i32 3, i32 1, i32 1)
; CHECK: %is.last.v = icmp eq <4 x i64> %lid.v, %end.splat{{.*}}
; CHECK: call void @llvm.masked.scatter.v4i32.v4p3(<4 x i32> %x.v, <4 x ptr addrspace(3)> <ptr addrspace(3) @last, ptr addrspace(3) @last, ptr addrspace(3) @last, ptr addrspace(3) @last>, i32 4, <4 x i1> %is.last.v)
; CHECK: call void @__mux_work_group_barrier(i32 4, i32 1, i32 1)
; CHECK: %got = load i32, ptr addrspace(3) @last, align 4
define void @publish_last(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %size = call i64 @__mux_get_local_size(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %lid
  %x = load i32, ptr addrspace(1) %p, align 4
  %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %lid
  store i32 %x, ptr addrspace(3) %slot, align 4
  call void @__mux_work_group_barrier(i32 3, i32 1, i32 1)
  %end = sub i64 %size, 1
  %is.last = icmp eq i64 %lid, %end
  br i1 %is.last, label %publish, label %join
publish:
  store i32 %x, ptr addrspace(3) @last, align 4
  br label %join
join:
  call void @__mux_work_group_barrier(i32 4, i32 1, i32 1)
  %got = load i32, ptr addrspace(3) @last, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %lid
  store i32 %got, ptr addrspace(1) %q, align 4
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_local_size(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

attributes #0 = { "mux-kernel"="entry-point" }
