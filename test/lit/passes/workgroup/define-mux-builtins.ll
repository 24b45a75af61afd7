; RUN: loom-opt -passes=define-mux-builtins -S %s | FileCheck %s

%MuxWorkItemInfo = type { [3 x i64] }
%MuxWorkGroupInfo = type { [3 x i64], [3 x i64], [3 x i64], [3 x i64], [3 x i64], [3 x i64], i32, i32, ptr }

; The global id is defined in terms of other mux builtins, which are then
; defined in turn, each reading its field of the info structs. It multiplies
; the group id by the enqueued local size, not the group's own: in a
; non-uniform launch only the last group of a dimension is smaller.
; CHECK-LABEL: define internal i64 @__mux_get_global_id(i32 %0, ptr %1, ptr %2)
; CHECK-SAME: #[[BUILTIN:[0-9]+]]
; CHECK: %[[GROUP:.+]] = call i64 @__mux_get_group_id(i32 %0, ptr %1, ptr %2)
; CHECK: %[[SIZE:.+]] = call i64 @__mux_get_enqueued_local_size(i32 %0, ptr %1, ptr %2)
; CHECK: %[[LOCAL:.+]] = call i64 @__mux_get_local_id(i32 %0, ptr %1, ptr %2)
; CHECK: %[[OFFSET:.+]] = call i64 @__mux_get_global_offset(i32 %0, ptr %1, ptr %2)
; CHECK: %[[MUL:.+]] = mul i64 %[[GROUP]], %[[SIZE]]
; CHECK: %[[ADD:.+]] = add i64 %[[MUL]], %[[LOCAL]]
; CHECK: %[[GID:.+]] = add i64 %[[ADD]], %[[OFFSET]]
; CHECK: ret i64 %[[GID]]
declare !mux_scheduled_fn !0 i64 @__mux_get_global_id(i32, ptr, ptr)

; Setting a local id stores only in range.
; CHECK-LABEL: define internal void @__mux_set_local_id(i32 %0, i64 %1, ptr %2, ptr %3)
; CHECK: br i1 %{{.+}}, label %store, label %exit
; CHECK: store:
; CHECK: store i64 %1, ptr
declare !mux_scheduled_fn !1 void @__mux_set_local_id(i32, i64, ptr, ptr)

; The work dimension is a plain load.
; CHECK-LABEL: define internal i32 @__mux_get_work_dim(ptr %0, ptr %1)
; CHECK: %[[DIMPTR:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %1, i32 0, i32 6
; CHECK: load i32, ptr %[[DIMPTR]]
declare !mux_scheduled_fn !2 i32 @__mux_get_work_dim(ptr, ptr)

; The local-memory arena is the work-group info's ninth field, cast to the
; __local address space.
; CHECK-LABEL: define internal ptr addrspace(3) @__mux_get_local_memory(ptr %0, ptr %1)
; CHECK: %[[FIELD:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %1, i32 0, i32 8
; CHECK-NEXT: %arena = load ptr, ptr %[[FIELD]]
; CHECK-NEXT: %[[CAST:.+]] = addrspacecast ptr %arena to ptr addrspace(3)
; CHECK-NEXT: ret ptr addrspace(3) %[[CAST]]
declare !mux_scheduled_fn !2 ptr addrspace(3) @__mux_get_local_memory(ptr, ptr)

; The arena's size is the work-group info's eighth field, a 32-bit count.
; CHECK-LABEL: define internal i64 @__mux_get_local_memory_size(ptr %0, ptr %1)
; CHECK: %[[SIZEP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %1, i32 0, i32 7
; CHECK-NEXT: %[[SIZE32:.+]] = load i32, ptr %[[SIZEP]]
; CHECK-NEXT: %arena.size = zext i32 %[[SIZE32]] to i64
; CHECK-NEXT: ret i64 %arena.size
declare !mux_scheduled_fn !2 i64 @__mux_get_local_memory_size(ptr, ptr)

; The global size is the launch's, read from the sixth field: not the number
; of groups times the local size, which overshoots in a non-uniform launch.
; CHECK-LABEL: define internal i64 @__mux_get_global_size(i32 %0, ptr %1, ptr %2)
; CHECK: %[[GIN:.+]] = icmp ult i32 %0, 3
; CHECK: %[[GIDX:.+]] = select i1 %[[GIN]], i32 %0, i32 0
; CHECK: getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 5, i32 %[[GIDX]]
; CHECK-NOT: call
; CHECK: ret i64
declare !mux_scheduled_fn !0 i64 @__mux_get_global_size(i32, ptr, ptr)

; This group's local size, the fourth field. Out-of-range dimensions give
; the OpenCL defaults without a branch: 1 for sizes.
; CHECK-LABEL: define internal i64 @__mux_get_local_size(i32 %0, ptr %1, ptr %2)
; CHECK: %[[IN:.+]] = icmp ult i32 %0, 3
; CHECK: %[[IDX:.+]] = select i1 %[[IN]], i32 %0, i32 0
; CHECK: %[[PTR:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 3, i32 %[[IDX]]
; CHECK: %[[V:.+]] = load i64, ptr %[[PTR]]
; CHECK: %[[R:.+]] = select i1 %[[IN]], i64 %[[V]], i64 1
; CHECK: ret i64 %[[R]]
declare !mux_scheduled_fn !0 i64 @__mux_get_local_size(i32, ptr, ptr)

; A builtin without its scheduling parameters cannot be defined yet.
; CHECK-LABEL: declare i64 @__mux_get_num_groups(i32)


declare i64 @__mux_get_num_groups(i32)

; Builtins the bodies above called are defined after them, in turn.
; The enqueued local size is the launch's, the fifth field.
; CHECK-LABEL: define internal i64 @__mux_get_enqueued_local_size(i32 %0, ptr %1, ptr %2)
; CHECK: getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 4, i32
; CHECK: select i1 %{{.+}}, i64 %{{.+}}, i64 1

; The local id comes from the work-item info, 0 out of range.
; CHECK-LABEL: define internal i64 @__mux_get_local_id(i32 %0, ptr %1, ptr %2)
; CHECK: getelementptr inbounds %MuxWorkItemInfo, ptr %1, i32 0, i32 0, i32
; CHECK: select i1 %{{.+}}, i64 %{{.+}}, i64 0


; CHECK: attributes #[[BUILTIN]] = { alwaysinline nounwind }
!0 = !{i32 1, i32 2}
!1 = !{i32 2, i32 3}
!2 = !{i32 0, i32 1}

