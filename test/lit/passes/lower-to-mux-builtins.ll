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

; The mux declarations carry the properties from Builtins.def: no memory
; access for the id queries.
; CHECK-NOT: declare i64 @_Z13get_global_idj
; CHECK-DAG: declare i64 @__mux_get_global_id(i32) #[[READNONE:[0-9]+]]
; CHECK-DAG: attributes #[[READNONE]] = { nounwind readnone willreturn }
