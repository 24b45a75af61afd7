; RUN: loom-opt -passes=fixup-translator-builtins -S %s | FileCheck %s

declare spir_func i64 @_Z14get_local_sizej(i32)
declare spir_func i64 @_Z13get_global_idj(i32)

; SPIRV-LLVM-Translator reads a work-item built-in as a vector of the three
; dimensions and picks one: that becomes one call with the index, so a
; dimension out of range gives OpenCL's answer, not poison.
; CHECK-LABEL: define i64 @dynamic_dimension(i32 %d)
; CHECK-NEXT: %size = call spir_func i64 @_Z14get_local_sizej(i32 %d)
; CHECK-NEXT: ret i64 %size
define i64 @dynamic_dimension(i32 %d) {
  %x = call spir_func i64 @_Z14get_local_sizej(i32 0)
  %v0 = insertelement <3 x i64> undef, i64 %x, i32 0
  %y = call spir_func i64 @_Z14get_local_sizej(i32 1)
  %v1 = insertelement <3 x i64> %v0, i64 %y, i32 1
  %z = call spir_func i64 @_Z14get_local_sizej(i32 2)
  %v2 = insertelement <3 x i64> %v1, i64 %z, i32 2
  %size = extractelement <3 x i64> %v2, i32 %d
  ret i64 %size
}

; A constant index too; a 64-bit index is narrowed to the dimension's type.
; CHECK-LABEL: define i64 @constant_dimension()
; CHECK-NEXT: %id = call spir_func i64 @_Z13get_global_idj(i32 1)
; CHECK-NEXT: ret i64 %id
define i64 @constant_dimension() {
  %x = call spir_func i64 @_Z13get_global_idj(i32 0)
  %v0 = insertelement <3 x i64> undef, i64 %x, i32 0
  %y = call spir_func i64 @_Z13get_global_idj(i32 1)
  %v1 = insertelement <3 x i64> %v0, i64 %y, i32 1
  %z = call spir_func i64 @_Z13get_global_idj(i32 2)
  %v2 = insertelement <3 x i64> %v1, i64 %z, i32 2
  %id = extractelement <3 x i64> %v2, i64 1
  ret i64 %id
}

; A vector of other values is left alone.
; CHECK-LABEL: define i64 @not_builtins(i64 %a, i32 %d)
; CHECK: extractelement
define i64 @not_builtins(i64 %a, i32 %d) {
  %v0 = insertelement <3 x i64> undef, i64 %a, i32 0
  %v1 = insertelement <3 x i64> %v0, i64 %a, i32 1
  %v2 = insertelement <3 x i64> %v1, i64 %a, i32 2
  %e = extractelement <3 x i64> %v2, i32 %d
  ret i64 %e
}
