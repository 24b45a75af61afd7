; RUN: loom-opt -passes='print<vecz-uniformity>' -disable-output %s 2>&1 | FileCheck %s

; Which values vary along a vector of work-items consecutive in dimension 0:
; the ids of dimension 0 and the linear ids vary, the other dimensions and
; the work-group builtins are uniform; values follow their operands.
; CHECK-LABEL: Uniformity of 'ids':
; CHECK-NEXT: uniform argument ptr addrspace(1) %out
; CHECK-NEXT: uniform argument i64 %n
; CHECK-NEXT: uniform argument i32 %d
; CHECK-NEXT: varying: %gx = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: uniform: %gy = call i64 @__mux_get_global_id(i32 1)
; CHECK-NEXT: varying: %lx = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: uniform: %lz = call i64 @__mux_get_local_id(i32 2)
; CHECK-NEXT: uniform: %size = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: uniform: %group = call i64 @__mux_get_group_id(i32 0)
; CHECK-NEXT: varying: %linear = call i64 @__mux_get_local_linear_id()
; CHECK-NEXT: varying: %dim = call i64 @__mux_get_local_id(i32 %d)
; CHECK-NEXT: uniform: %row = mul i64 %gy, %n
; CHECK-NEXT: varying: %index = add i64 %row, %gx
; CHECK-NEXT: varying: %p = getelementptr i32, ptr addrspace(1) %out, i64 %index
define void @ids(ptr addrspace(1) %out, i64 %n, i32 %d) #0 {
  %gx = call i64 @__mux_get_global_id(i32 0)
  %gy = call i64 @__mux_get_global_id(i32 1)
  %lx = call i64 @__mux_get_local_id(i32 0)
  %lz = call i64 @__mux_get_local_id(i32 2)
  %size = call i64 @__mux_get_local_size(i32 0)
  %group = call i64 @__mux_get_group_id(i32 0)
  %linear = call i64 @__mux_get_local_linear_id()
  %dim = call i64 @__mux_get_local_id(i32 %d)
  %row = mul i64 %gy, %n
  %index = add i64 %row, %gx
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %index
  store i32 0, ptr addrspace(1) %p
  ret void
}

; A load is uniform when its address is; private memory (an alloca), an
; atomic and a call that may write memory vary; a call that only reads
; memory is uniform when its arguments are, unless its callee asks for the
; lane's id (a helper giving the work-item's position, with no argument).
; CHECK-LABEL: Uniformity of 'memory':
; CHECK: uniform: %shared = load float, ptr addrspace(1) %in
; CHECK-NEXT: varying: %gx = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: varying: %p = getelementptr float, ptr addrspace(1) %in, i64 %gx
; CHECK-NEXT: varying: %own = load float, ptr addrspace(1) %p
; CHECK-NEXT: varying: %private = alloca float
; CHECK-NEXT: varying: %old = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
; CHECK-NEXT: uniform: %pure = call float @pure(float %shared)
; CHECK-NEXT: varying: %pure.varying = call float @pure(float %own)
; CHECK-NEXT: varying: %writes = call float @writes(float %shared)
; CHECK-NEXT: varying: %position = call i64 @position()
define void @memory(ptr addrspace(1) %in, ptr addrspace(1) %counter) #0 {
  %shared = load float, ptr addrspace(1) %in
  %gx = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr float, ptr addrspace(1) %in, i64 %gx
  %own = load float, ptr addrspace(1) %p
  %private = alloca float
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
  %pure = call float @pure(float %shared)
  %pure.varying = call float @pure(float %own)
  %writes = call float @writes(float %shared)
  %position = call i64 @position()
  ret void
}

define internal i64 @position() readnone {
  %gx = call i64 @__mux_get_global_id(i32 0)
  ret i64 %gx
}

; A function that is not a kernel may be called with anything: its
; arguments vary.
; CHECK-LABEL: Uniformity of 'helper':
; CHECK-NEXT: varying argument i32 %x
; CHECK-NEXT: varying: %y = add i32 %x, 1
define i32 @helper(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_local_size(i32)
declare i64 @__mux_get_group_id(i32)
declare i64 @__mux_get_local_linear_id()
declare float @pure(float) readonly
declare float @writes(float)

attributes #0 = { "mux-kernel"="entry-point" }
