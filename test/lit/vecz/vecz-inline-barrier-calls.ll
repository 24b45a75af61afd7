; RUN: loom-opt -passes='vecz<width=4;interleave=1>' -pass-remarks=vecz -pass-remarks-missed=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll

; A helper that waits at a barrier, kept out of line and called twice (LLVM's
; inliner leaves it so: a barrier may not be duplicated). Vecz inlines it
; first, as the work-item loops would later, barrier ids and all, and
; vectorizes the kernel with its barriers in view; the call, convergent,
; kept the kernel scalar before. A helper that calls itself cannot be
; inlined: its kernel keeps the call and stays scalar.
; REMARK-DAG: remark: {{.*}}kernel 'sums_twice' has the functions it calls that wait at a barrier inlined
; REMARK-DAG: remark: {{.*}}kernel 'sums_twice' vectorized at width 4
; REMARK-DAG: remark: {{.*}}kernel 'recurses' calls 'waits_forever', which asks for its work-item id (not inlined)

; CHECK-LABEL: define void @sums_twice(
; CHECK-NOT:   call {{.*}}@share
; CHECK:       call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
; CHECK:       call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
; CHECK-NOT:   call {{.*}}@share
; CHECK:       ret void

; CHECK-LABEL: define void @recurses(
; CHECK:       call void @waits_forever(

; CHECK-LABEL: define void @__vecz_v4_sums_twice(
; CHECK:       store <4 x float> %{{.*}}, ptr addrspace(3)
; CHECK:       call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
; CHECK:       load float, ptr addrspace(3) %t
; CHECK:       call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
; CHECK-NOT:   call {{.*}}@share
; CHECK:       ret void

; CHECK-NOT: define void @__vecz_v4_recurses(

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32) #1

; Each work-item leaves its value in the tile, and all get the first one.
define internal float @share(ptr addrspace(3) %t, float %x) noinline {
  %lid = call i64 @__mux_get_local_id(i32 0)
  %slot = getelementptr float, ptr addrspace(3) %t, i64 %lid
  store float %x, ptr addrspace(3) %slot
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
  %first = load float, ptr addrspace(3) %t
  ret float %first
}

define void @sums_twice(ptr addrspace(1) %io, ptr addrspace(3) %t) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr float, ptr addrspace(1) %io, i64 %gid
  %x = load float, ptr addrspace(1) %p
  %a = call float @share(ptr addrspace(3) %t, float %x)
  %y = fadd float %x, %a
  %b = call float @share(ptr addrspace(3) %t, float %y)
  store float %b, ptr addrspace(1) %p
  ret void
}

define internal void @waits_forever(i32 %n) noinline {
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  call void @waits_forever(i32 %n)
  ret void
}

define void @recurses(i32 %n) #0 {
  call void @waits_forever(i32 %n)
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { convergent noduplicate nounwind willreturn }
