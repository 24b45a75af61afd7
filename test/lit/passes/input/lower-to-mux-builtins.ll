; RUN: loom-opt -passes=lower-to-mux-builtins -S %s | FileCheck %s

declare i64 @_Z13get_global_idj(i32)
declare i64 @_Z12get_local_idj(i32)
declare i32 @_Z12get_work_dimv()
declare i64 @_Z17get_global_offsetj(i32)
declare float @_Z3sinf(float)

declare i64 @_Z14get_local_sizej(i32)
declare i64 @_Z14get_num_groupsj(i32)

; Each OpenCL work-item function call becomes the mux builtin of the same
; signature; the OpenCL declarations disappear. The calls whose results the
; ABI bounds get them as their range: a local id below
; LOOM_MAX_WORK_GROUP_ITEMS (65536), a local size from 1 to it, a work_dim
; from 1 to 3, a number of groups not 0 (a range that wraps). A global id
; or offset may be anything.
; CHECK-LABEL: define void @ids(
; CHECK: %[[GID:.+]] = call i64 @__mux_get_global_id(i32 0){{( #[0-9]+)?$}}
; CHECK: %[[LID:.+]] = call i64 @__mux_get_local_id(i32 1){{( #[0-9]+)?}}, !range ![[ID:[0-9]+]]
; CHECK: %[[DIM:.+]] = call i32 @__mux_get_work_dim(){{( #[0-9]+)?}}, !range ![[DIMS:[0-9]+]]
; CHECK: %[[OFF:.+]] = call i64 @__mux_get_global_offset(i32 2){{( #[0-9]+)?$}}
; CHECK: %[[SIZE:.+]] = call i64 @__mux_get_local_size(i32 0){{( #[0-9]+)?}}, !range ![[SIZES:[0-9]+]]
; CHECK: %[[GROUPS:.+]] = call i64 @__mux_get_num_groups(i32 0){{( #[0-9]+)?}}, !range ![[NONZERO:[0-9]+]]
define void @ids(ptr addrspace(1) %out) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %lid = call i64 @_Z12get_local_idj(i32 1)
  %dim = call i32 @_Z12get_work_dimv()
  %off = call i64 @_Z17get_global_offsetj(i32 2)
  %size = call i64 @_Z14get_local_sizej(i32 0)
  %groups = call i64 @_Z14get_num_groupsj(i32 0)
  store i64 %gid, ptr addrspace(1) %out
  ret void
}

; A builtin that is not a work-item function is left for the builtins library.
; CHECK-LABEL: define float @math(
; CHECK: call float @_Z3sinf(float %x)
define float @math(float %x) {
  %r = call float @_Z3sinf(float %x)
  ret float %r
}


declare void @_Z7barrierj(i32)
declare void @_Z18work_group_barrierj12memory_scope(i32, i32)
declare void @_Z9mem_fencej(i32)

; Each barrier gets its own id, in order, with the work-group scope (1)
; unless the call names one; a fence becomes a mux memory barrier.
; CHECK-LABEL: define void @sync(
; CHECK: call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
; CHECK: call void @__mux_work_group_barrier(i32 1, i32 2, i32 2)
; CHECK: call void @__mux_mem_barrier(i32 1, i32 2)
; CHECK: call void @__mux_work_group_barrier(i32 2, i32 1, i32 3)
define void @sync() {
  call void @_Z7barrierj(i32 1)
  call void @_Z18work_group_barrierj12memory_scope(i32 2, i32 2)
  call void @_Z9mem_fencej(i32 2)
  call void @_Z7barrierj(i32 3)
  ret void
}
; The mux declarations carry the properties from Builtins.def: no memory
; access for the id queries; a barrier may be neither moved nor duplicated.
; The OpenCL declarations are gone.
; CHECK-NOT: declare i64 @_Z13get_global_idj
; CHECK-NOT: declare void @_Z7barrierj
; CHECK-DAG: declare i64 @__mux_get_global_id(i32) #[[READNONE:[0-9]+]]
; CHECK-DAG: attributes #[[READNONE]] = { nounwind readnone willreturn }
; CHECK-DAG: declare void @__mux_work_group_barrier(i32, i32, i32) #[[BARRIER:[0-9]+]]
; CHECK-DAG: attributes #[[BARRIER]] = { convergent noduplicate nounwind willreturn }
; The ranges of the work-item calls above.
; CHECK-DAG: ![[ID]] = !{i64 0, i64 65536}
; CHECK-DAG: ![[DIMS]] = !{i32 1, i32 4}
; CHECK-DAG: ![[SIZES]] = !{i64 1, i64 65537}
; CHECK-DAG: ![[NONZERO]] = !{i64 1, i64 0}
