; RUN: loom-opt -passes=add-kernel-wrapper -S %s | FileCheck %s

%struct.Pair = type { i32, double }

; The wrapper takes the packed arguments and the work-group info, loads each
; argument from its field (a by-value struct is passed by pointer into the
; block), gives the kernel a fresh work-item info, and calls it.
; CHECK: %MuxPackedArgs.kernel = type { ptr addrspace(1), float, %struct.Pair, <3 x float> }

; The kernel is no longer the entry point.
; CHECK-LABEL: define internal void @kernel(
; CHECK-SAME: #[[KERNEL:[0-9]+]]

; The wrapper's pointers are declared free of aliases: the driver's blocks
; are its own.
; CHECK-LABEL: define void @kernel.mux-kernel-wrapper(ptr noalias nocapture readonly %packed.args, ptr noalias nocapture readonly %wg)
; CHECK-SAME: #[[WRAPPER:[0-9]+]]
; CHECK: %[[OUTADDR:.+]] = getelementptr inbounds %MuxPackedArgs.kernel, ptr %packed.args, i32 0, i32 0
; CHECK: %out = load ptr addrspace(1), ptr %[[OUTADDR]]
; CHECK: %[[SCALEADDR:.+]] = getelementptr inbounds %MuxPackedArgs.kernel, ptr %packed.args, i32 0, i32 1
; CHECK: %scale = load float, ptr %[[SCALEADDR]]
; CHECK: %[[PAIRADDR:.+]] = getelementptr inbounds %MuxPackedArgs.kernel, ptr %packed.args, i32 0, i32 2
; CHECK: %[[VECADDR:.+]] = getelementptr inbounds %MuxPackedArgs.kernel, ptr %packed.args, i32 0, i32 3
; CHECK: %vec = load <3 x float>, ptr %[[VECADDR]]
; CHECK: %wi = alloca %MuxWorkItemInfo
; CHECK: call void @kernel(ptr addrspace(1) %out, float %scale, ptr %[[PAIRADDR]], <3 x float> %vec, ptr %wi, ptr %wg)
; CHECK: ret void
define void @kernel(ptr addrspace(1) %out, float %scale, ptr byval(%struct.Pair) %pair, <3 x float> %vec, ptr %wi, ptr %wg) #0 !mux_scheduled_fn !0 {
  ret void
}

; CHECK-DAG: attributes #[[WRAPPER]] = { nounwind "mux-kernel"="entry-point" "mux-orig-fn"="kernel" "mux-packed-args"="MuxPackedArgs.kernel" }
; CHECK-DAG: attributes #[[KERNEL]] = { alwaysinline "mux-kernel"="kernel" "mux-orig-fn"="kernel" }
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="kernel" }
!0 = !{i32 4, i32 5}
