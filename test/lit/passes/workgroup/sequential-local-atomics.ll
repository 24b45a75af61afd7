; RUN: loom-opt -passes='function(sequential-local-atomics)' -S %s | FileCheck %s

; A work-group's local memory is touched only by its work-items, all on the
; thread running the group after work-item-loops: its read-modify-writes and
; compare-and-swaps become ordinary loads, operations and stores. Atomics on
; global and generic memory, volatile ones, and atomic loads and stores stay.

; CHECK-LABEL: define i32 @local_add(
; CHECK-NEXT: [[OLD:%.+]] = load i32, ptr addrspace(3) %bin, align 4
; CHECK-NEXT: [[NEW:%.+]] = add i32 [[OLD]], 1
; CHECK-NEXT: store i32 [[NEW]], ptr addrspace(3) %bin, align 4
; CHECK-NEXT: ret i32 [[OLD]]
define i32 @local_add(ptr addrspace(3) %bin) {
  %old = atomicrmw add ptr addrspace(3) %bin, i32 1 seq_cst, align 4
  ret i32 %old
}

; CHECK-LABEL: define i32 @local_min(
; CHECK-NEXT: [[OLD:%.+]] = load i32, ptr addrspace(3) %p, align 4
; CHECK-NEXT: [[LESS:%.+]] = icmp sle i32 [[OLD]], %v
; CHECK-NEXT: [[NEW:%.+]] = select i1 [[LESS]], i32 [[OLD]], i32 %v
; CHECK-NEXT: store i32 [[NEW]], ptr addrspace(3) %p, align 4
define i32 @local_min(ptr addrspace(3) %p, i32 %v) {
  %old = atomicrmw min ptr addrspace(3) %p, i32 %v monotonic, align 4
  ret i32 %old
}

; CHECK-LABEL: define { i32, i1 } @local_swap(
; CHECK-NEXT: [[OLD:%.+]] = load i32, ptr addrspace(3) %p, align 4
; CHECK-NEXT: [[SAME:%.+]] = icmp eq i32 [[OLD]], %expected
; CHECK-NEXT: [[NEW:%.+]] = select i1 [[SAME]], i32 %desired, i32 [[OLD]]
; CHECK-NEXT: store i32 [[NEW]], ptr addrspace(3) %p, align 4
; CHECK-NOT: cmpxchg
define { i32, i1 } @local_swap(ptr addrspace(3) %p, i32 %expected, i32 %desired) {
  %pair = cmpxchg ptr addrspace(3) %p, i32 %expected, i32 %desired acq_rel monotonic, align 4
  ret { i32, i1 } %pair
}

; CHECK-LABEL: define float @local_float_add(
; CHECK: fadd float
; CHECK-NOT: atomicrmw
define float @local_float_add(ptr addrspace(3) %p, float %v) {
  %old = atomicrmw fadd ptr addrspace(3) %p, float %v seq_cst, align 4
  ret float %old
}

; CHECK-LABEL: define void @kept(
; CHECK-NEXT: atomicrmw add ptr addrspace(1) %global, i32 1 seq_cst, align 4
; CHECK-NEXT: atomicrmw add ptr addrspace(4) %generic, i32 1 seq_cst, align 4
; CHECK-NEXT: atomicrmw volatile add ptr addrspace(3) %local, i32 1 seq_cst, align 4
; CHECK-NEXT: cmpxchg ptr addrspace(1) %global, i32 0, i32 1 seq_cst seq_cst, align 4
; CHECK-NEXT: load atomic i32, ptr addrspace(3) %local seq_cst, align 4
; CHECK-NEXT: store atomic i32 0, ptr addrspace(3) %local seq_cst, align 4
define void @kept(ptr addrspace(1) %global, ptr addrspace(4) %generic, ptr addrspace(3) %local) {
  %a = atomicrmw add ptr addrspace(1) %global, i32 1 seq_cst, align 4
  %b = atomicrmw add ptr addrspace(4) %generic, i32 1 seq_cst, align 4
  %c = atomicrmw volatile add ptr addrspace(3) %local, i32 1 seq_cst, align 4
  %d = cmpxchg ptr addrspace(1) %global, i32 0, i32 1 seq_cst seq_cst, align 4
  %e = load atomic i32, ptr addrspace(3) %local seq_cst, align 4
  store atomic i32 0, ptr addrspace(3) %local seq_cst, align 4
  ret void
}
