; RUN: loom-opt -passes=add-entry-hook -S %s | FileCheck %s

%MuxWorkGroupInfo = type { [3 x i64], [3 x i64], [3 x i64], [3 x i64], [3 x i64], [3 x i64], i32, i32, ptr }

; The seed's host-style entry hook: it runs the work-groups numbered
; [first, end), x fastest, writing each group id, and the group's local size
; (smaller in the last group of a non-uniform dimension), into the worker's
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
; CHECK-NEXT: %[[EPx:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 4, i32 0
; CHECK-NEXT: %[[Ex:.+]] = load i64, ptr %[[EPx]]
; CHECK-NEXT: %[[GPx:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 5, i32 0
; CHECK-NEXT: %[[Gx:.+]] = load i64, ptr %[[GPx]]
; CHECK-NEXT: %[[FIRSTx:.+]] = mul i64 %group.id.x, %[[Ex]]
; CHECK-NEXT: %[[RESTx:.+]] = sub nuw i64 %[[Gx]], %[[FIRSTx]]
; CHECK-NEXT: %local.size.x = call i64 @llvm.umin.i64(i64 %[[Ex]], i64 %[[RESTx]])
; CHECK-NEXT: %[[LPx:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 3, i32 0
; CHECK-NEXT: store i64 %local.size.x, ptr %[[LPx]]
; CHECK-NEXT: %[[YP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 0, i32 1
; CHECK-NEXT: store i64 %group.id.y, ptr %[[YP]]
; CHECK-NEXT: %[[EPy:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 4, i32 1
; CHECK-NEXT: %[[Ey:.+]] = load i64, ptr %[[EPy]]
; CHECK-NEXT: %[[GPy:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 5, i32 1
; CHECK-NEXT: %[[Gy:.+]] = load i64, ptr %[[GPy]]
; CHECK-NEXT: %[[FIRSTy:.+]] = mul i64 %group.id.y, %[[Ey]]
; CHECK-NEXT: %[[RESTy:.+]] = sub nuw i64 %[[Gy]], %[[FIRSTy]]
; CHECK-NEXT: %local.size.y = call i64 @llvm.umin.i64(i64 %[[Ey]], i64 %[[RESTy]])
; CHECK-NEXT: %[[LPy:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 3, i32 1
; CHECK-NEXT: store i64 %local.size.y, ptr %[[LPy]]
; CHECK-NEXT: %[[ZP:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 0, i32 2
; CHECK-NEXT: store i64 %group.id.z, ptr %[[ZP]]
; CHECK-NEXT: %[[EPz:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 4, i32 2
; CHECK-NEXT: %[[Ez:.+]] = load i64, ptr %[[EPz]]
; CHECK-NEXT: %[[GPz:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 5, i32 2
; CHECK-NEXT: %[[Gz:.+]] = load i64, ptr %[[GPz]]
; CHECK-NEXT: %[[FIRSTz:.+]] = mul i64 %group.id.z, %[[Ez]]
; CHECK-NEXT: %[[RESTz:.+]] = sub nuw i64 %[[Gz]], %[[FIRSTz]]
; CHECK-NEXT: %local.size.z = call i64 @llvm.umin.i64(i64 %[[Ez]], i64 %[[RESTz]])
; CHECK-NEXT: %[[LPz:.+]] = getelementptr inbounds %MuxWorkGroupInfo, ptr %wg, i32 0, i32 3, i32 2
; CHECK-NEXT: store i64 %local.size.z, ptr %[[LPz]]
; CHECK-NEXT: call void @k.mux-kernel-wrapper(ptr %packed.args, ptr %wg)
; CHECK-NEXT: %group.next = add nuw i64 %group.linear, 1
; CHECK-NEXT: %group.more = icmp ult i64 %group.next, %end
; CHECK-NEXT: br i1 %group.more, label %group, label %exit

; CHECK-DAG: attributes #[[WRAPPER]] = { alwaysinline "mux-kernel"="kernel" "mux-orig-fn"="k" "mux-packed-args"="MuxPackedArgs.k" }
; CHECK-DAG: attributes #[[HOOK]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="k" "mux-packed-args"="MuxPackedArgs.k" }
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="k" "mux-packed-args"="MuxPackedArgs.k" }
