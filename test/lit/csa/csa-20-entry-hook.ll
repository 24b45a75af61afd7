; RUN: loom-opt --target=csa -passes=add-entry-hook -S %s | FileCheck %s
; CSA-20: with the CSA target's BuiltinInfo, the entry point reads the group
; counts from the CSA layout and, before each work-group, stores its group
; id, its global base (id * enqueued local size + offset) and its own local
; size (the rest of the global size in the last group of a non-uniform
; dimension) per dimension.

; CHECK-LABEL: define void @k.mux-entry-hook(ptr noalias %packed.args, ptr noalias %wg, i64 %first, i64 %end)
; CHECK: entry:
; CHECK-NEXT: %[[NXP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %wg, i32 0, i32 2, i32 0
; CHECK-NEXT: %groups.x = load i64, ptr %[[NXP]]
; CHECK: group:
; CHECK: %[[IDP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %wg, i32 0, i32 3, i32 0
; CHECK-NEXT: store i64 %group.id.x, ptr %[[IDP]]
; CHECK-NEXT: %[[SIZEP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %wg, i32 0, i32 5, i32 0
; CHECK-NEXT: %[[SIZE:.+]] = load i64, ptr %[[SIZEP]]
; CHECK-NEXT: %[[GLOBALP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %wg, i32 0, i32 6, i32 0
; CHECK-NEXT: %[[GLOBAL:.+]] = load i64, ptr %[[GLOBALP]]
; CHECK-NEXT: %[[OFFP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %wg, i32 0, i32 4, i32 0
; CHECK-NEXT: %[[OFF:.+]] = load i64, ptr %[[OFFP]]
; CHECK-NEXT: %[[MUL:.+]] = mul i64 %group.id.x, %[[SIZE]]
; CHECK-NEXT: %global.base.x = add i64 %[[MUL]], %[[OFF]]
; CHECK-NEXT: %[[BASEP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %wg, i32 0, i32 0, i32 0
; CHECK-NEXT: store i64 %global.base.x, ptr %[[BASEP]]
; CHECK-NEXT: %[[FIRST:.+]] = mul i64 %group.id.x, %[[SIZE]]
; CHECK-NEXT: %[[REST:.+]] = sub nuw i64 %[[GLOBAL]], %[[FIRST]]
; CHECK-NEXT: %local.size.x = call i64 @llvm.umin.i64(i64 %[[SIZE]], i64 %[[REST]])
; CHECK-NEXT: %[[LOCALP:.+]] = getelementptr inbounds %CSAWorkGroupInfo, ptr %wg, i32 0, i32 1, i32 0
; CHECK-NEXT: store i64 %local.size.x, ptr %[[LOCALP]]
; CHECK: %global.base.z = add i64
; CHECK: call void @k.mux-kernel-wrapper(ptr %packed.args, ptr %wg)
define void @k.mux-kernel-wrapper(ptr %args, ptr %wg) #0 {
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="k" "mux-packed-args"="MuxPackedArgs.k" }
