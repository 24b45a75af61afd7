; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

; The seed's barrier example:
;   kernel void foo(global int *a, global int *b) {
;     size_t id = get_global_id(0);
;     a[id] += 4;
;     barrier(CLK_GLOBAL_MEM_FENCE);
;     b[id] += 4;
;   }
; becomes two regions, each run for every work-item in turn. `id` crosses
; the barrier but is a work-item builtin, so region 1 asks for it again
; instead of storing it: no live variable is needed.

declare i64 @__mux_get_global_id(i32) #1
declare void @__mux_work_group_barrier(i32, i32, i32) #2

define void @foo(ptr addrspace(1) %a, ptr addrspace(1) %b) #0 {
entry:
  %id = call i64 @__mux_get_global_id(i32 0)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %id
  %va = load i32, ptr addrspace(1) %pa
  %na = add i32 %va, 4
  store i32 %na, ptr addrspace(1) %pa
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 2)
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %id
  %vb = load i32, ptr addrspace(1) %pb
  %nb = add i32 %vb, 4
  store i32 %nb, ptr addrspace(1) %pb
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="foo" }
attributes #1 = { nounwind readnone willreturn }
attributes #2 = { convergent noduplicate nounwind willreturn }

; Region 0 runs from the entry to the barrier, which returns its number.
; CHECK-LABEL: define internal i32 @foo.mux-barrier-region.0(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr %live, i64 %wi.index, i64 %wi.count)
; CHECK: %id = call i64 @__mux_get_global_id(i32 0)
; CHECK: store i32 %na, ptr addrspace(1) %pa
; CHECK: barrier:
; CHECK-NEXT: ret i32 1

; Region 1 runs from after the barrier to the end, which returns ExitRegion.
; CHECK-LABEL: define internal i32 @foo.mux-barrier-region.1(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr %live, i64 %wi.index, i64 %wi.count)
; CHECK: region.entry:
; CHECK-NEXT: br label %barrier.cont
; CHECK: barrier.cont:
; CHECK-NEXT: %[[ID:.+]] = call i64 @__mux_get_global_id(i32 0)
; CHECK-NEXT: %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i64 %[[ID]]
; CHECK: ret i32 -1
; CHECK-NOT: live.slot

; The wrapper runs region 0 for every work-item, then repeatedly the
; smallest region any work-item waits at, for the work-items waiting there.
; CHECK-LABEL: define void @foo.mux-barrier-wrapper(ptr addrspace(1) %a, ptr addrspace(1) %b)
; CHECK: %work.items = mul i64
; CHECK-NOT: %live.variables = alloca
; CHECK: %next.regions = alloca i32, i64 %work.items
; CHECK: wi.loop.0:
; CHECK: %[[NEXT0:.+]] = call i32 @foo.mux-barrier-region.0(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr null, i64 %{{.+}}, i64 %work.items)
; CHECK: store i32 %[[NEXT0]], ptr
; While every work-item runs a region, the smallest and largest region they
; stop at are counted as they go (in registers once optimized: the accesses
; are not among the loop's parallel ones), so no scan follows.
; CHECK-NEXT: %[[MIN0:.+]] = load i32, ptr %next.min, align 4{{$}}
; CHECK-NEXT: %[[NEWMIN0:.+]] = call i32 @llvm.umin.i32(i32 %[[MIN0]], i32 %[[NEXT0]])
; CHECK-NEXT: store i32 %[[NEWMIN0]], ptr %next.min, align 4{{$}}
; CHECK-NEXT: %[[MAX0:.+]] = load i32, ptr %next.max, align 4{{$}}
; CHECK-NEXT: %[[NEWMAX0:.+]] = call i32 @llvm.umax.i32(i32 %[[MAX0]], i32 %[[NEXT0]])
; CHECK-NEXT: store i32 %[[NEWMAX0]], ptr %next.max, align 4{{$}}
; CHECK: schedule:
; CHECK-NEXT: %[[MIN:.+]] = load i32, ptr %next.min
; CHECK-NEXT: %[[MAX:.+]] = load i32, ptr %next.max
; CHECK-NEXT: %[[FINISHED:.+]] = icmp eq i32 %[[MIN]], -1
; CHECK-NEXT: br i1 %[[FINISHED]], label %exit, label %dispatch
; After the rare path, where only some work-items ran, a scan of every
; work-item's next region finds them.
; CHECK: schedule.rescan:
; CHECK: schedule.scan:
; CHECK: %[[SCANMIN:.+]] = call i32 @llvm.umin.i32(i32 %min,
; CHECK: %[[SCANMAX:.+]] = call i32 @llvm.umax.i32(i32 %max,
; CHECK: schedule.done:
; CHECK-NEXT: store i32 %[[SCANMIN]], ptr %next.min
; CHECK-NEXT: store i32 %[[SCANMAX]], ptr %next.max
; CHECK-NEXT: br label %schedule
; CHECK: dispatch:
; CHECK-NEXT: switch i32 %[[MIN]], label %exit [
; CHECK-NEXT: i32 1, label %run.region.1
; When every work-item waits at the barrier, the region runs for all of
; them with no test; otherwise only for those waiting.
; CHECK: run.region.1:
; CHECK-NEXT: %all.waiting = icmp eq i32 %[[MAX]], 1
; CHECK-NEXT: br i1 %all.waiting, label %run.region.1.all, label %run.region.1.some
; Regions are always inlined; the rare path inlines a second copy of the
; small ones (of at most 100 instructions) and calls the others noinline.
; CHECK: run.region.1.all:
; CHECK-NEXT: store i32 -1, ptr %next.min
; CHECK-NEXT: store i32 0, ptr %next.max
; CHECK-NOT: %waiting
; CHECK: %[[NEXT1:.+]] = call i32 @foo.mux-barrier-region.1(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr null, i64 %{{.+}}, i64 %work.items){{$}}
; CHECK: call i32 @llvm.umin.i32(i32 %{{.+}}, i32 %[[NEXT1]])
; CHECK: br label %schedule
; CHECK: run.region.1.some:
; CHECK: %waiting = icmp eq i32 %{{.+}}, 1
; CHECK-NEXT: br i1 %waiting, label %region.1, label %region.1.done
; CHECK: region.1:
; CHECK-NEXT: %[[NEXTSOME:.+]] = call i32 @foo.mux-barrier-region.1(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr null, i64 %{{.+}}, i64 %work.items){{$}}
; CHECK-NEXT: br label %region.1.done
; A work-item's next region is stored whether it ran or not, so that a
; vectorized loop needs no masked store for it.
; CHECK: region.1.done:
; CHECK-NEXT: %[[STORED:.+]] = phi i32 [ %[[NEXTSOME]], %region.1 ], [ %waits.at, %wi.loop.0{{.*}} ]
; CHECK-NEXT: %[[SLOT:.+]] = getelementptr inbounds i32, ptr %next.regions
; CHECK-NEXT: store i32 %[[STORED]], ptr %[[SLOT]]
; CHECK-NOT: umin
; CHECK: br label %schedule.rescan
