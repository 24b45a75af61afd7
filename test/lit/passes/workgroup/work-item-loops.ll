; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

declare i64 @__mux_get_global_id(i32)

; The kernel itself becomes internal and always-inline, no longer the entry.
; Its memory accesses join the access group of the innermost work-item loop.
; CHECK-LABEL: define internal void @add_one(ptr addrspace(1) %out)
; CHECK-SAME: #[[KERNEL_ATTRS:[0-9]+]]
; CHECK: load i32, ptr addrspace(1) %p, align 4, !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK: store i32 %w, ptr addrspace(1) %p, align 4, !llvm.access.group ![[GROUP]]
define void @add_one(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr i32, ptr addrspace(1) %out, i64 %gid
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %p
  ret void
}

; The kernel gets a wrapper that loops over the local ids of dimensions 2, 1
; and 0 (innermost), sets each id, and calls the kernel with its own
; parameters; the wrapper becomes the entry point. Each loop is bottom-tested
; against the local size, read once in the entry block.
; CHECK-LABEL: define void @add_one.mux-barrier-wrapper(ptr addrspace(1) %out)
; CHECK-SAME: #[[WRAPPER_ATTRS:[0-9]+]]
; CHECK: entry:
; CHECK-NEXT: %[[SIZE0:.+]] = call i64 @__mux_get_local_size(i32 0)
; CHECK-NEXT: %[[SIZE1:.+]] = call i64 @__mux_get_local_size(i32 1)
; CHECK-NEXT: %[[SIZE2:.+]] = call i64 @__mux_get_local_size(i32 2)
; CHECK: wi.loop.2:
; CHECK-NEXT: %[[Z:.+]] = phi i64 [ 0, %entry ], [ %[[ZNEXT:.+]], %wi.exit.1 ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 2, i64 %[[Z]])
; CHECK: wi.loop.1:
; CHECK-NEXT: %[[Y:.+]] = phi i64 [ 0, %wi.loop.2 ], [ %[[YNEXT:.+]], %wi.exit.0 ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 1, i64 %[[Y]])
; CHECK: wi.loop.0:
; CHECK-NEXT: %[[X:.+]] = phi i64 [ 0, %wi.loop.1 ], [ %[[XNEXT:.+]], %wi.loop.0 ]
; CHECK-NEXT: call void @__mux_set_local_id(i32 0, i64 %[[X]])
; CHECK-NEXT: call void @add_one(ptr addrspace(1) %out)
; CHECK-NEXT: %[[XNEXT]] = add nuw i64 %[[X]], 1
; CHECK-NEXT: %[[XMORE:.+]] = icmp ult i64 %[[XNEXT]], %[[SIZE0]]
; CHECK-NEXT: br i1 %[[XMORE]], label %wi.loop.0, label %wi.exit.0, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: wi.exit.0:
; CHECK-NEXT: %[[YNEXT]] = add nuw i64 %[[Y]], 1
; CHECK-NEXT: %[[YMORE:.+]] = icmp ult i64 %[[YNEXT]], %[[SIZE1]]
; CHECK-NEXT: br i1 %[[YMORE]], label %wi.loop.1, label %wi.exit.1, !llvm.loop ![[ROLLED1:[0-9]+]]
; CHECK: wi.exit.1:
; CHECK-NEXT: %[[ZNEXT]] = add nuw i64 %[[Z]], 1
; CHECK-NEXT: %[[ZMORE:.+]] = icmp ult i64 %[[ZNEXT]], %[[SIZE2]]
; CHECK-NEXT: br i1 %[[ZMORE]], label %wi.loop.2, label %wi.exit.2, !llvm.loop ![[ROLLED2:[0-9]+]]
; CHECK: wi.exit.2:
; CHECK-NEXT: ret void

; The innermost loop's iterations may run in any order: its work-items
; share no memory dependences between barriers.
; CHECK-DAG: ![[LOOP]] = distinct !{![[LOOP]], ![[PARALLEL:[0-9]+]]}
; CHECK-DAG: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}
; CHECK-DAG: ![[GROUP]] = distinct !{}
; The loops over dimensions 1 and 2 stay rolled: unrolling one would copy
; the loops inside it to save a compare and branch per row.
; CHECK-DAG: ![[ROLLED1]] = distinct !{![[ROLLED1]], ![[NOUNROLL:[0-9]+]]}
; CHECK-DAG: ![[ROLLED2]] = distinct !{![[ROLLED2]], ![[NOUNROLL]]}
; CHECK-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK-DAG: attributes #[[WRAPPER_ATTRS]] = { "mux-kernel"="entry-point" "mux-orig-fn"="add_one" }
; CHECK-DAG: attributes #[[KERNEL_ATTRS]] = { alwaysinline "mux-kernel"="kernel" "mux-orig-fn"="add_one" }

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="add_one" }
