; RUN: loom-opt -passes='vecz<width=4;rows=2;tail>' -S %s | FileCheck %s
; RUN: loom-opt -passes='vecz<width=4>' -S %s | FileCheck %s --check-prefix=NONE

; With `tail` (-vecz-tail=always) every vectorized kernel gets a tail
; variant beside its others, here beside a jammed variant of two rows: the
; kernel's body under `get_local_id(0) < get_local_size(0)`, packetized, so
; that the lanes past the row are off and its loads and stores masked,
; inside the loop too. work-item-loops runs it for each row's last
; work-items in place of the scalar kernel.
; CHECK: define void @scale(
; CHECK-SAME: !mux_vector_variant ![[VARIANT:[0-9]+]] !mux_tail_variant ![[TAIL:[0-9]+]]
; CHECK-LABEL: define void @__vecz_v4_scale.tail(
; CHECK: %in.row.v = icmp ult <4 x i64>
; CHECK: call <4 x float> @llvm.masked.load.v4f32.p1({{.*}}, <4 x i1> %in.row.v,
; CHECK: call void @llvm.masked.store.v4f32.p1({{.*}}, <4 x i1> %in.row.v)
; CHECK: ![[VARIANT]] = !{ptr @__vecz_v4_scale, i32 4, ptr @__vecz_v4x2_scale, i32 2}
; CHECK: ![[TAIL]] = !{ptr @__vecz_v4_scale.tail}
; NONE-NOT: mux_tail_variant
define void @scale(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %row = call i64 @__mux_get_global_id(i32 1)
  %size = call i64 @__mux_get_global_size(i32 0)
  %base = mul i64 %row, %size
  %i = add i64 %base, %gid
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %x = load float, ptr addrspace(1) %p, align 4
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(1) %q, align 4
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %done

done:
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_global_size(i32)
attributes #0 = { "mux-kernel"="entry-point" }
