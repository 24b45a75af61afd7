; RUN: %loom-opt --target=@NAME@ -passes=define-mux-builtins -S %s | FileCheck %s
; RUN: %loom-opt --target=reference -passes=define-mux-builtins -S %s | FileCheck %s --check-prefix=REF

; @NAME@ keeps local ids as 32-bit integers: get_local_id loads an i32 and
; widens it; the reference target loads an i64.
; CHECK-LABEL: define internal i64 @__mux_get_local_id(i32 %0, ptr %1, ptr %2)
; CHECK: %local.id.slot = getelementptr inbounds %@CLASS@WorkItemInfo, ptr %1, i32 0, i32 0, i32 %{{.+}}
; CHECK: [[ID:%.+]] = load i32, ptr %local.id.slot
; CHECK: %local.id = zext i32 [[ID]] to i64
; REF-LABEL: define internal i64 @__mux_get_local_id(i32 %0, ptr %1, ptr %2)
; REF: load i64
declare !mux_scheduled_fn !0 i64 @__mux_get_local_id(i32, ptr, ptr)

; set_local_id stores the low 32 bits.
; CHECK-LABEL: define internal void @__mux_set_local_id(i32 %0, i64 %1, ptr %2, ptr %3)
; CHECK: [[NEW:%.+]] = trunc i64 %1 to i32
; CHECK: store i32 %{{.+}}, ptr %local.id.slot
declare !mux_scheduled_fn !1 void @__mux_set_local_id(i32, i64, ptr, ptr)

!0 = !{i32 1, i32 2}
!1 = !{i32 2, i32 3}
