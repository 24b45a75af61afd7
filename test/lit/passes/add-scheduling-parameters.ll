; RUN: loom-opt -passes=add-scheduling-parameters -S %s | FileCheck %s

declare i64 @__mux_get_global_id(i32) #1
declare i64 @__mux_get_local_size(i32) #1

; The builtins get the work-item and work-group info parameters, and so
; does every function that calls one, transitively; the calls pass the
; caller's parameters on.
; CHECK-LABEL: define void @kernel(ptr addrspace(1) %out, ptr %wi, ptr %wg)
; CHECK-SAME: !mux_scheduled_fn ![[SCHED3:[0-9]+]]
; CHECK: call void @helper(ptr addrspace(1) %out, ptr %wi, ptr %wg)
define void @kernel(ptr addrspace(1) %out) #0 {
  call void @helper(ptr addrspace(1) %out)
  ret void
}

; CHECK-LABEL: define internal void @helper(ptr addrspace(1) %p, ptr %wi, ptr %wg)
; CHECK-SAME: !mux_scheduled_fn ![[SCHED3]]
; CHECK: %gid = call i64 @__mux_get_global_id(i32 0, ptr %wi, ptr %wg)
define internal void @helper(ptr addrspace(1) %p) {
  %gid = call i64 @__mux_get_global_id(i32 0)
  store i64 %gid, ptr addrspace(1) %p
  ret void
}

; A function that reads no work-item state keeps its signature.
; CHECK-LABEL: define i32 @pure(i32 %x) {
define i32 @pure(i32 %x) {
  ret i32 %x
}

; CHECK-DAG: declare i64 @__mux_get_global_id(i32, ptr, ptr) {{.*}}!mux_scheduled_fn ![[SCHED1:[0-9]+]]
; The unused builtin keeps no old declaration behind.
; CHECK-DAG: declare i64 @__mux_get_local_size(i32, ptr, ptr)
; CHECK-DAG: ![[SCHED3]] = !{i32 1, i32 2}
; CHECK-DAG: ![[SCHED1]] = !{i32 1, i32 2}
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="kernel" }
attributes #1 = { nounwind readnone willreturn }
