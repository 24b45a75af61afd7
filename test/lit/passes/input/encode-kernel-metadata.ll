; RUN: loom-opt -passes=encode-kernel-metadata -S %s | FileCheck %s --check-prefix=CHECK --check-prefix=CHECK-W1
; RUN: loom-opt -passes='encode-kernel-metadata<width=8>' -S %s | FileCheck %s --check-prefix=CHECK --check-prefix=CHECK-W8
; RUN: not loom-opt -passes='encode-kernel-metadata<width=0>' -S %s 2>&1 | FileCheck %s --check-prefix=ERR-WIDTH
; RUN: not loom-opt -passes='encode-kernel-metadata<depth=2>' -S %s 2>&1 | FileCheck %s --check-prefix=ERR-KEY

@uses_local.tile = internal addrspace(3) global [64 x float] undef, align 4
@helper.scratch = internal addrspace(3) global [3 x i64] undef, align 8

; A kernel using no __local memory records 0 bytes and the requested width.
; CHECK-LABEL: define void @no_local()
; CHECK-SAME: #[[NO_LOCAL:[0-9]+]]
define void @no_local() #0 {
  ret void
}

; __local memory used directly and through a callee is counted, aligned.
; CHECK-LABEL: define void @uses_local()
; CHECK-SAME: #[[USES_LOCAL:[0-9]+]]
define void @uses_local() #1 {
  store float 0.0, ptr addrspace(3) @uses_local.tile
  call void @helper()
  ret void
}

define void @helper() {
  store i64 0, ptr addrspace(3) @helper.scratch
  ret void
}

; CHECK-W1-DAG: attributes #[[NO_LOCAL]] = { "mux-kernel"="entry-point" "mux-local-mem-usage"="0" "mux-orig-fn"="no_local" "mux-vectorize-width"="1" }
; CHECK-W1-DAG: attributes #[[USES_LOCAL]] = { "mux-kernel"="entry-point" "mux-local-mem-usage"="280" "mux-orig-fn"="uses_local" "mux-vectorize-width"="1" }
; CHECK-W8-DAG: attributes #[[NO_LOCAL]] = { {{.*}}"mux-vectorize-width"="8" }
; ERR-WIDTH: encode-kernel-metadata: width must be a positive integer, not '0'
; ERR-KEY: invalid encode-kernel-metadata pass parameter 'depth'
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="no_local" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="uses_local" }
