; RUN: loom-opt -passes=add-scheduling-parameters -S %s | FileCheck %s

; The builtins come first, rewritten in place; an unused one is rewritten
; too, and no old declaration stays behind.
; CHECK: declare !mux_scheduled_fn ![[SCHED:[0-9]+]] i64 @__mux_get_global_id(i32, ptr, ptr) #[[BUILTIN:[0-9]+]]
; CHECK: declare !mux_scheduled_fn ![[SCHED]] i64 @__mux_get_local_size(i32, ptr, ptr) #[[BUILTIN]]
; CHECK-NOT: declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_global_id(i32) #1
declare i64 @__mux_get_local_size(i32) #1

; The builtins get the work-item and work-group info parameters, and so
; does every function that calls one, transitively; the calls pass the
; caller's parameters on.
; The seed's foo.mux-sched-wrapper: the entry point takes the parameters
; under the seed's name.
; CHECK-LABEL: define void @kernel.mux-sched-wrapper(ptr addrspace(1) %out, ptr %wi, ptr %wg)
; CHECK-SAME: !mux_scheduled_fn ![[SCHED]]
; CHECK: call void @helper(ptr addrspace(1) %out, ptr %wi, ptr %wg)
define void @kernel(ptr addrspace(1) %out) #0 {
  call void @helper(ptr addrspace(1) %out)
  ret void
}

; CHECK-LABEL: define internal void @helper(ptr addrspace(1) %p, ptr %wi, ptr %wg)
; CHECK-SAME: !mux_scheduled_fn ![[SCHED]]
; CHECK: %gid = call i64 @__mux_get_global_id(i32 0, ptr %wi, ptr %wg)
define internal void @helper(ptr addrspace(1) %p) {
  %gid = call i64 @__mux_get_global_id(i32 0)
  store i64 %gid, ptr addrspace(1) %p
  ret void
}

; The seed's example, exactly:
;   void foo() { size_t id = __mux_get_global_id(0); }
; becomes
;   void foo.mux-sched-wrapper(MuxWorkItemInfo *wi, MuxWorkGroupInfo *wg) {
;     size_t id = __mux_get_global_id(0, wi, wg);
;   }
; CHECK-LABEL: define void @foo.mux-sched-wrapper(ptr %wi, ptr %wg)
; CHECK-NEXT: %id = call i64 @__mux_get_global_id(i32 0, ptr %wi, ptr %wg)
define void @foo() #2 {
  %id = call i64 @__mux_get_global_id(i32 0)
  ret void
}

; A function that reads no work-item state keeps its signature.
; CHECK-LABEL: define i32 @pure(i32 %x) {
define i32 @pure(i32 %x) {
  ret i32 %x
}

; Reading state through the new pointers, the builtins are no longer
; readnone: readonly and argmemonly instead, so no call is moved across a
; write of the work-item info.
; CHECK-DAG: attributes #[[BUILTIN]] = { argmemonly nounwind readonly willreturn }
; CHECK-DAG: ![[SCHED]] = !{i32 1, i32 2}
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="kernel" }
attributes #1 = { nounwind readnone willreturn }
attributes #2 = { "mux-kernel"="entry-point" "mux-orig-fn"="foo" }
