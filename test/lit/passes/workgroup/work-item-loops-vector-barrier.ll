; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; A kernel with a barrier and a hand-written vector variant standing in for
; Vecz's (4 work-items of dimension 0 per call, the barrier kept with its
; id). Both are cut into regions; the scheduler runs each region for the
; runs of 4 work-items with the vector region, then for the rest of the row
; with the scalar one. The vector regions keep their live values (here a
; vector) in an area of their own, one entry per run.

declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

define void @shift(ptr addrspace(3) %tile, ptr addrspace(1) %out) #0 !mux_vector_variant !0 {
  %lid = call i64 @__mux_get_local_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %lid
  %v = load i32, ptr addrspace(1) %p
  %t = getelementptr inbounds i32, ptr addrspace(3) %tile, i64 %lid
  store i32 %v, ptr addrspace(3) %t
  call void @__mux_work_group_barrier(i32 7, i32 1, i32 1)
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %p
  ret void
}

define void @__vecz_v4_shift(ptr addrspace(3) %tile, ptr addrspace(1) %out) {
  %lid = call i64 @__mux_get_local_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %lid
  %v = load <4 x i32>, ptr addrspace(1) %p, align 4
  %t = getelementptr inbounds i32, ptr addrspace(3) %tile, i64 %lid
  store <4 x i32> %v, ptr addrspace(3) %t, align 4
  call void @__mux_work_group_barrier(i32 7, i32 1, i32 1)
  %w = add <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  store <4 x i32> %w, ptr addrspace(1) %p, align 4
  ret void
}

; The vector region after the barrier reads the vector it left, and
; computes its address again from the argument and the local id: only the
; vector is live (16 bytes per run, 4 per peel work-item).
; CHECK-LABEL: define internal i32 @__vecz_v4_shift.mux-barrier-region.1(
; CHECK: %v.live = load <4 x i32>, ptr %live.slot
; CHECK: %w = add <4 x i32> %v.live, <i32 1, i32 1, i32 1, i32 1>
; CHECK: %[[LID:.+]] = call i64 @__mux_get_local_id(i32 0)
; CHECK-NEXT: %[[P:.+]] = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %[[LID]]
; CHECK-NEXT: store <4 x i32> %w, ptr addrspace(1) %[[P]]

; A work-item is in a run or in its row's peel for the whole launch, so
; the runs' live variables have an entry per run and the scalar form's an
; entry per peel work-item, row by row, neither one for every work-item.
; CHECK-LABEL: define void @shift.mux-barrier-wrapper(
; CHECK: %rows = mul i64 %local.size.1, %local.size.2
; CHECK-NEXT: %peel.size = urem i64 %local.size.0, 4
; CHECK-NEXT: %vector.end = sub i64 %local.size.0, %peel.size
; CHECK-NEXT: %runs.per.row = udiv i64 %vector.end, 4
; CHECK-NEXT: %peel.entries = mul i64 %rows, %peel.size
; CHECK-NEXT: %vector.runs = mul i64 %rows, %runs.per.row
; CHECK-NEXT: %[[VLIVEBYTES:.+]] = mul i64 %vector.runs, 16
; CHECK-NEXT: %vector.live.variables = alloca i8, i64 %[[VLIVEBYTES]], align 16
; Every allocation of the scheduler has the larger alignment of the two
; forms' live variables, so each leaves the stack pointer so aligned.
; CHECK-NEXT: %[[LIVEBYTES:.+]] = mul i64 %peel.entries, 4
; CHECK-NEXT: %live.variables = alloca i8, i64 %[[LIVEBYTES]], align 16
; CHECK-NEXT: %next.regions = alloca i32, i64 %work.items, align 16
; CHECK: region.0.vector.0:
; CHECK-NEXT: %[[X:.+]] = phi i64
; CHECK: %[[RUNINROW:.+]] = udiv i64 %[[X]], 4
; CHECK: %[[ROW:.+]] = add i64 %{{.+}}, %local.id.1
; CHECK-NEXT: %[[ROWRUNS:.+]] = mul i64 %[[ROW]], %runs.per.row
; CHECK-NEXT: %vector.run = add i64 %[[ROWRUNS]], %[[RUNINROW]]
; CHECK-NEXT: %next.region = call i32 @__vecz_v4_shift.mux-barrier-region.0(ptr addrspace(3) %tile, ptr addrspace(1) %out, ptr %vector.live.variables, i64 %vector.run, i64 %vector.runs)
; CHECK: store <4 x i32> %{{.+}}, ptr %{{.+}}, align 4
; CHECK: region.0.scalar.0:
; CHECK-NEXT: %[[PX:.+]] = phi i64 [ %vector.end, %region.0.scalar.run ]
; CHECK: %[[INPEEL:.+]] = sub i64 %[[PX]], %vector.end
; CHECK: %[[PROW:.+]] = add i64 %{{.+}}, %local.id.1
; CHECK-NEXT: %[[ROWPEELS:.+]] = mul i64 %[[PROW]], %peel.size
; CHECK-NEXT: %peel.entry = add i64 %[[ROWPEELS]], %[[INPEEL]]
; CHECK-NEXT: call i32 @shift.mux-barrier-region.0(ptr addrspace(3) %tile, ptr addrspace(1) %out, ptr %live.variables, i64 %peel.entry, i64 %peel.entries)
; CHECK: run.region.1.all:
; CHECK: call i32 @__vecz_v4_shift.mux-barrier-region.1({{.+}}){{$}}
; CHECK: br i1 %{{.+}}, label %region.1.vector.0, label %{{.+}}, !llvm.loop ![[ALLVECTOR:[0-9]+]]
; CHECK: call i32 @shift.mux-barrier-region.1({{.+}}){{$}}
; Both forms' regions are small: the rare path inlines them too (their
; calls are not noinline).
; CHECK: run.region.1.some:
; CHECK: call i32 @__vecz_v4_shift.mux-barrier-region.1({{.+}}){{$}}
; CHECK: br i1 %{{.+}}, label %region.1.vector.0{{[0-9]+}}, label %{{.+}}, !llvm.loop ![[SOMEVECTOR:[0-9]+]]
; CHECK: call i32 @shift.mux-barrier-region.1({{.+}}){{$}}

; A variant whose barriers differ from the kernel's is not used.
; CHECK-LABEL: define void @mismatch.mux-barrier-wrapper(
; CHECK-NOT: vector
; CHECK: ret void
; CHECK-NOT: @__vecz_v4_mismatch
define void @mismatch(ptr addrspace(1) %out) #1 !mux_vector_variant !1 {
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  ret void
}

define void @__vecz_v4_mismatch(ptr addrspace(1) %out) {
  call void @__mux_work_group_barrier(i32 2, i32 1, i32 1)
  ret void
}

; Every work-item usually waits at the same barrier: the loops of that
; case are left to the late optimizer. Those of the other case (work-items
; waiting at different barriers) inline their regions here, so the late
; optimizer may vectorize them, but neither unrolls nor interleaves them,
; which would cost compile time for loops that run only when a kernel's
; work-items part ways (work-item-loops-large-regions.ll has a rare path
; that calls its region, whose loops are kept rolled and scalar).
; CHECK-DAG: ![[ALLVECTOR]] = distinct !{![[ALLVECTOR]], ![[ALLPAR:[0-9]+]]}
; CHECK-DAG: ![[ALLPAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK-DAG: ![[SOMEVECTOR]] = distinct !{![[SOMEVECTOR]], ![[SOMEPAR:[0-9]+]], ![[ONE:[0-9]+]], ![[NOUNROLL:[0-9]+]]}
; CHECK-DAG: ![[SOMEPAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK-DAG: ![[ONE]] = !{!"llvm.loop.interleave.count", i32 1}
; CHECK-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}

; Only the kernel whose variant was used records its width.
; The live state's stack: per work-item its next region (4) and the larger
; of its 4 bytes in a peel and a quarter of its run's 16 bytes (not both);
; fixed, each allocation's padding to their alignment: 3 x 16 for `shift`,
; 2 x 4 for `mismatch` (its calls' largest argument, an i32).
; CHECK-DAG: "mux-orig-fn"="shift" "mux-stack-per-work-group"="48" "mux-stack-per-work-item"="8" "mux-vectorize-width"="4"
; CHECK-DAG: "mux-orig-fn"="mismatch" "mux-stack-per-work-group"="8" "mux-stack-per-work-item"="4" }

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="shift" }
attributes #1 = { "mux-kernel"="entry-point" "mux-orig-fn"="mismatch" }
!0 = !{ptr @__vecz_v4_shift, i32 4}
!1 = !{ptr @__vecz_v4_mismatch, i32 4}
