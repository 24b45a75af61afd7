; RUN: loom-opt -mcpu=skylake-avx512 -passes='vecz<width=8;interleave=1>' -pass-remarks=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll
; (-mcpu: a CPU with gathers of its own, whose strided accesses stay gathers;
; without one they are done lane by lane: vecz-strided-accesses.ll.)

; A function kept out of line (noinline, as -O0 SPIR-V producers mark every
; function) that asks for the work-item's id: made once for the vector, its
; call would give every lane lane 0's id, and made per lane, each lane's
; call would too. Vecz inlines it into the kernel, then vectorizes: the
; helper's id becomes the kernel's, one per lane. With an argument, or with
; none (a position computed from the ids alone); through another helper.
; REMARK-DAG: remark: {{.*}}kernel 'with_argument' has 'offset_by_id' inlined, which asks for its work-item id
; REMARK-DAG: remark: {{.*}}kernel 'with_argument' vectorized at width 8
; REMARK-DAG: remark: {{.*}}kernel 'without_argument' has 'position' inlined, which asks for its work-item id
; REMARK-DAG: remark: {{.*}}kernel 'without_argument' has 'id' inlined, which asks for its work-item id
; REMARK-DAG: remark: {{.*}}kernel 'without_argument' vectorized at width 8

; The scalar kernels have the helpers inlined too.
; CHECK-LABEL: define void @with_argument(
; CHECK-NOT:   call {{.*}}@offset_by_id
; CHECK:       ret void
; CHECK-LABEL: define void @without_argument(
; CHECK-NOT:   call {{.*}}@position
; CHECK:       ret void

; CHECK-LABEL: define void @__vecz_v8_with_argument(
; CHECK:         %gid.v = add <8 x i64> %gid.splat.splat, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
; CHECK:         [[R:%.*]] = add <8 x i64> %gid.v, %gid.i.v
; CHECK:         store <8 x i64> [[R]], ptr addrspace(1) %p, align
; CHECK-NOT:     call {{.*}}@offset_by_id

; Twice the lane's id, through two helpers, each lane its own: the store
; goes to consecutive even addresses, a scatter.
; CHECK-LABEL: define void @__vecz_v8_without_argument(
; CHECK:         [[TWICE:%.*]] = shl <8 x i64> %{{.*}}, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
; CHECK:         %at.v = getelementptr i64, ptr addrspace(1) %out, <8 x i64> [[TWICE]]
; CHECK:         call void @llvm.masked.scatter.v8i64.v8p1(<8 x i64> %gid.v, <8 x ptr addrspace(1)> %at.v, i32 {{[0-9]+}},
; CHECK-NOT:     call {{.*}}@position

define internal i64 @offset_by_id(i64 %x) noinline {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %r = add i64 %x, %gid
  ret i64 %r
}

define void @with_argument(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %r = call i64 @offset_by_id(i64 %gid)
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %gid
  store i64 %r, ptr addrspace(1) %p
  ret void
}

define internal i64 @id() noinline readnone {
  %gid = call i64 @__mux_get_global_id(i32 0)
  ret i64 %gid
}

define internal i64 @position() noinline readnone {
  %id = call i64 @id()
  %twice = shl i64 %id, 1
  ret i64 %twice
}

define void @without_argument(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %at.index = call i64 @position()
  %at = getelementptr i64, ptr addrspace(1) %out, i64 %at.index
  store i64 %gid, ptr addrspace(1) %at
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
