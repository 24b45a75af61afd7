; RUN: loom-opt --target=reference -passes=define-mux-builtins -S %s | FileCheck %s --check-prefixes=CHECK,REF
; RUN: loom-opt --target=csa -passes=define-mux-builtins -S %s | FileCheck %s --check-prefixes=CHECK,CSA
; CSA-20: the CSA target's BuiltinInfo lowers the work-item builtins onto
; its own work-group info layout, %CSAWorkGroupInfo (loom_csa_work_group_info_t):
; get_global_id reads the group's global base, which the entry point stores
; per group, and adds the local id; the reference lowering multiplies the
; group id by the enqueued local size and adds the local id and the offset. The other
; work-group builtins read their fields at the CSA offsets.

; CSA: %CSAWorkGroupInfo = type { [3 x i64], [3 x i64], [3 x i64], [3 x i64], [3 x i64], [3 x i64], [3 x i64], ptr, i32, i32 }

; CHECK-LABEL: define internal i64 @__mux_get_global_id(i32 %0, ptr %1, ptr %2)
; REF: call i64 @__mux_get_group_id(i32 %0, ptr %1, ptr %2)
; REF: call i64 @__mux_get_enqueued_local_size(i32 %0, ptr %1, ptr %2)
; REF: call i64 @__mux_get_global_offset(i32 %0, ptr %1, ptr %2)
; REF: mul i64
; CSA-NOT: call
; CSA-NOT: mul
; CSA: %[[BASEP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %2, i32 0, i32 0, i32 %{{.+}}
; CSA: %[[BASE:.+]] = load i64, ptr %[[BASEP]]
; CSA: %[[LOCALP:.+]] = getelementptr inbounds %MuxWorkItemInfo, ptr %1, i32 0, i32 0, i32 %{{.+}}
; CSA: %[[LOCAL:.+]] = load i64, ptr %[[LOCALP]]
; CSA: %global.id = add i64 %{{.+}}, %{{.+}}
; CHECK: ret i64
declare !mux_scheduled_fn !0 i64 @__mux_get_global_id(i32, ptr, ptr)

; The number of groups: field 1 of the reference struct, field 2 of the CSA's.
; CHECK-LABEL: define internal i64 @__mux_get_num_groups(i32 %0, ptr %1, ptr %2)
; REF: getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 1, i32
; CSA: getelementptr inbounds %CSAWorkGroupInfo, ptr %2, i32 0, i32 2, i32
declare !mux_scheduled_fn !0 i64 @__mux_get_num_groups(i32, ptr, ptr)

; The arena: field 8 of the reference struct, field 7 of the CSA's.
; CHECK-LABEL: define internal ptr addrspace(3) @__mux_get_local_memory(ptr %0, ptr %1)
; REF: getelementptr inbounds %MuxWorkGroupInfo, ptr %1, i32 0, i32 8
; CSA: getelementptr inbounds %CSAWorkGroupInfo, ptr %1, i32 0, i32 7
declare !mux_scheduled_fn !1 ptr addrspace(3) @__mux_get_local_memory(ptr, ptr)

; The arena's size: field 7 of the reference struct, field 9 of the CSA's.
; CHECK-LABEL: define internal i64 @__mux_get_local_memory_size(ptr %0, ptr %1)
; REF: getelementptr inbounds %MuxWorkGroupInfo, ptr %1, i32 0, i32 7
; CSA: getelementptr inbounds %CSAWorkGroupInfo, ptr %1, i32 0, i32 9
declare !mux_scheduled_fn !1 i64 @__mux_get_local_memory_size(ptr, ptr)

; The group's own local size (smaller in the last group of a non-uniform
; launch), the enqueued one and the global size, each a field of its own:
; 3, 4 and 5 of the reference struct, 1, 5 and 6 of the CSA's.
; CHECK-LABEL: define internal i64 @__mux_get_local_size(i32 %0, ptr %1, ptr %2)
; REF: getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 3, i32
; CSA: getelementptr inbounds %CSAWorkGroupInfo, ptr %2, i32 0, i32 1, i32
declare !mux_scheduled_fn !0 i64 @__mux_get_local_size(i32, ptr, ptr)
; CHECK-LABEL: define internal i64 @__mux_get_enqueued_local_size(i32 %0, ptr %1, ptr %2)
; REF: getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 4, i32
; CSA: getelementptr inbounds %CSAWorkGroupInfo, ptr %2, i32 0, i32 5, i32
declare !mux_scheduled_fn !0 i64 @__mux_get_enqueued_local_size(i32, ptr, ptr)
; CHECK-LABEL: define internal i64 @__mux_get_global_size(i32 %0, ptr %1, ptr %2)
; REF: getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 5, i32
; CSA: getelementptr inbounds %CSAWorkGroupInfo, ptr %2, i32 0, i32 6, i32
; CHECK-NOT: call
; CHECK: ret i64
declare !mux_scheduled_fn !0 i64 @__mux_get_global_size(i32, ptr, ptr)

!0 = !{i32 1, i32 2}
!1 = !{i32 0, i32 1}
