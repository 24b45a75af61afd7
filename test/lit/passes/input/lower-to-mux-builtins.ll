; RUN: loom-opt -passes=lower-to-mux-builtins -S %s | FileCheck %s

declare i64 @_Z13get_global_idj(i32)
declare i64 @_Z12get_local_idj(i32)
declare i32 @_Z12get_work_dimv()
declare i64 @_Z17get_global_offsetj(i32)
declare float @_Z3sinf(float)

; Each OpenCL work-item function call becomes the mux builtin of the same
; signature; the OpenCL declarations disappear.
; CHECK-LABEL: define void @ids(
; CHECK: %[[GID:.+]] = call i64 @__mux_get_global_id(i32 0)
; CHECK: %[[LID:.+]] = call i64 @__mux_get_local_id(i32 1)
; CHECK: %[[DIM:.+]] = call i32 @__mux_get_work_dim()
; CHECK: %[[OFF:.+]] = call i64 @__mux_get_global_offset(i32 2)
define void @ids(ptr addrspace(1) %out) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %lid = call i64 @_Z12get_local_idj(i32 1)
  %dim = call i32 @_Z12get_work_dimv()
  %off = call i64 @_Z17get_global_offsetj(i32 2)
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
