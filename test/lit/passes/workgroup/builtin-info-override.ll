; RUN: loom-opt-testing --target=test-reversed-work-item-info -passes=define-mux-builtins -S %s | FileCheck %s --check-prefix=OVERRIDE
; RUN: loom-opt -passes=define-mux-builtins -S %s | FileCheck %s --check-prefix=DEFAULT

; A target changes how work-item builtins are lowered by overriding
; BuiltinInfo alone. The test-only target keeps the local ids reversed in a
; struct of its own; the default reads them in order from MuxWorkItemInfo.

; OVERRIDE-LABEL: define internal i64 @__mux_get_local_id(i32 %0, ptr %1, ptr %2)
; OVERRIDE: %[[FLIP:.+]] = sub i32 2, %0
; OVERRIDE: %reversed.index = select i1 %{{.+}}, i32 %[[FLIP]], i32 0
; OVERRIDE: %reversed.slot = getelementptr inbounds %TestReversedWorkItemInfo, ptr %1, i32 0, i32 1, i32 %reversed.index
; OVERRIDE: load i64, ptr %reversed.slot
; DEFAULT-LABEL: define internal i64 @__mux_get_local_id(i32 %0, ptr %1, ptr %2)
; DEFAULT-NOT: sub i32 2
; DEFAULT: getelementptr inbounds %MuxWorkItemInfo, ptr %1, i32 0, i32 0, i32
declare !mux_scheduled_fn !0 i64 @__mux_get_local_id(i32, ptr, ptr)

; OVERRIDE-LABEL: define internal void @__mux_set_local_id(i32 %0, i64 %1, ptr %2, ptr %3)
; OVERRIDE: %reversed.slot = getelementptr inbounds %TestReversedWorkItemInfo, ptr %2, i32 0, i32 1, i32 %reversed.index
; OVERRIDE: store i64 %1, ptr %reversed.slot
declare !mux_scheduled_fn !1 void @__mux_set_local_id(i32, i64, ptr, ptr)

; Builtins the target does not override keep the default lowering.
; OVERRIDE-LABEL: define internal i64 @__mux_get_group_id(i32 %0, ptr %1, ptr %2)
; OVERRIDE: getelementptr inbounds %MuxWorkGroupInfo, ptr %2, i32 0, i32 0, i32
declare !mux_scheduled_fn !0 i64 @__mux_get_group_id(i32, ptr, ptr)

!0 = !{i32 1, i32 2}
!1 = !{i32 2, i32 3}
