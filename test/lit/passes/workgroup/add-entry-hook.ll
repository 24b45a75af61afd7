; RUN: loom-opt -passes=add-entry-hook -S %s | FileCheck %s

%MuxWorkGroupInfo = type { [3 x i64], [3 x i64], [3 x i64], [3 x i64], i32, i32, ptr }

; The seed's host-style entry hook: it runs the work-groups numbered
; [first, end), x fastest, writing each group id into the worker's
; work-group info before calling the kernel wrapper, which it replaces as the
; entry point.
; CHECK-LABEL: define internal void @k.mux-kernel-wrapper(ptr %args, ptr %wg)
; CHECK-SAME: #[[WRAPPER:[0-9]+]]
define void @k.mux-kernel-wrapper(ptr %args, ptr %wg) #0 {
  ret void
}

; CHECK-LABEL: define void @k.mux-entry-hook(ptr noalias %packed.args, ptr noalias %wg, i64 %first, i64 %end)
; CHECK-SAME: #[[HOOK:[0-9]+]]
; CHECK: entry:
; CHECK-NEXT: %[[NXP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 1, i32 0
; CHECK-NEXT: %groups.x = load i64, ptr %[[NXP]]
; CHECK-NEXT: %[[NYP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 1, i32 1
; CHECK-NEXT: %groups.y = load i64, ptr %[[NYP]]
; CHECK-NEXT: %groups.xy = mul i64 %groups.x, %groups.y
; CHECK: group:
; CHECK-NEXT: %group.linear = phi i64 [ %first, %entry ], [ %group.next, %group ]
; CHECK-NEXT: %group.id.x = urem i64 %group.linear, %groups.x
; CHECK-NEXT: %[[XY:.+]] = urem i64 %group.linear, %groups.xy
; CHECK-NEXT: %group.id.y = udiv i64 %[[XY]], %groups.x
; CHECK-NEXT: %group.id.z = udiv i64 %group.linear, %groups.xy
; CHECK-NEXT: %[[XP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 0, i32 0
; CHECK-NEXT: store i64 %group.id.x, ptr %[[XP]]
; CHECK-NEXT: %[[YP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 0, i32 1
; CHECK-NEXT: store i64 %group.id.y, ptr %[[YP]]
; CHECK-NEXT: %[[ZP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 0, i32 2
; CHECK-NEXT: store i64 %group.id.z, ptr %[[ZP]]
; CHECK-NEXT: call void @k.mux-kernel-wrapper(ptr %packed.args, ptr %wg)
; CHECK-NEXT: %group.next = add nuw i64 %group.linear, 1
; CHECK-NEXT: %group.more = icmp ult i64 %group.next, %end
; CHECK-NEXT: br i1 %group.more, label %group, label %exit

; CHECK-DAG: attributes #[[WRAPPER]] = { alwaysinline "mux-kernel"="kernel" "mux-orig-fn"="k" "mux-packed-args"="MuxPackedArgs.k" }
; CHECK-DAG: attributes #[[HOOK]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="k" "mux-packed-args"="MuxPackedArgs.k" }
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="k" "mux-packed-args"="MuxPackedArgs.k" }
