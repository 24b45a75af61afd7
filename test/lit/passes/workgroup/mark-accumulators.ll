; RUN: loom-opt -passes=mark-accumulators -S %s | FileCheck %s

; A __global pointer parameter through which a kernel, and each of its vector
; variants, only makes integer atomic additions whose results it drops is an
; accumulator: !mux_accumulator_args gives the additions' width in bytes per
; parameter, 0 for the others. Anything else done through the pointer, at any
; depth of address arithmetic, makes it an ordinary buffer.

declare i64 @__mux_get_global_id(i32)
declare void @use(ptr addrspace(1))

; The histogram: %data is read, %bins only incremented (atomic_inc).
; CHECK-LABEL: define void @histogram(
; CHECK-SAME: !mux_accumulator_args ![[HIST:[0-9]+]]
define void @histogram(ptr addrspace(1) %data, ptr addrspace(1) %bins, i32 %n) #0 {
  %i = call i64 @__mux_get_global_id(i32 0)
  %pd = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %i
  %v = load i32, ptr addrspace(1) %pd, align 4
  %b = urem i32 %v, 1024
  %bi = zext i32 %b to i64
  %pb = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %bi
  %old = atomicrmw add ptr addrspace(1) %pb, i32 1 seq_cst, align 4
  ret void
}

; 64-bit additions and subtractions, through a select and a phi of pointers
; derived from the same parameter, and through a generic pointer.
; CHECK-LABEL: define void @wide(
; CHECK-SAME: !mux_accumulator_args ![[WIDE:[0-9]+]]
define void @wide(ptr addrspace(1) %sums, i1 %c) #0 {
entry:
  %p1 = getelementptr inbounds i64, ptr addrspace(1) %sums, i64 1
  %p = select i1 %c, ptr addrspace(1) %sums, ptr addrspace(1) %p1
  %old1 = atomicrmw add ptr addrspace(1) %p, i64 5 monotonic, align 8
  br i1 %c, label %a, label %b
a:
  %pa = getelementptr inbounds i64, ptr addrspace(1) %sums, i64 2
  br label %join
b:
  br label %join
join:
  %q = phi ptr addrspace(1) [ %pa, %a ], [ %sums, %b ]
  %g = addrspacecast ptr addrspace(1) %q to ptr addrspace(4)
  %old2 = atomicrmw sub ptr addrspace(4) %g, i64 3 seq_cst, align 8
  ret void
}

; Each of these does one more thing through the pointer, so none is an
; accumulator and no kernel here gets the metadata.
; CHECK-LABEL: define void @result_used(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @result_used(ptr addrspace(1) %bins, ptr addrspace(1) %out) #0 {
  %old = atomicrmw add ptr addrspace(1) %bins, i32 1 seq_cst, align 4
  store i32 %old, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define void @also_read(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @also_read(ptr addrspace(1) %bins) #0 {
  %old = atomicrmw add ptr addrspace(1) %bins, i32 1 seq_cst, align 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 4
  %v = load i32, ptr addrspace(1) %p, align 4
  %old2 = atomicrmw add ptr addrspace(1) %bins, i32 %v seq_cst, align 4
  ret void
}

; CHECK-LABEL: define void @volatile_add(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @volatile_add(ptr addrspace(1) %bins) #0 {
  %old = atomicrmw volatile add ptr addrspace(1) %bins, i32 1 seq_cst, align 4
  ret void
}

; CHECK-LABEL: define void @two_widths(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @two_widths(ptr addrspace(1) %bins) #0 {
  %old = atomicrmw add ptr addrspace(1) %bins, i32 1 seq_cst, align 4
  %old2 = atomicrmw add ptr addrspace(1) %bins, i64 1 seq_cst, align 8
  ret void
}

; CHECK-LABEL: define void @not_addition(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @not_addition(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) #0 {
  %x = atomicrmw xchg ptr addrspace(1) %a, i32 1 seq_cst, align 4
  %y = atomicrmw max ptr addrspace(1) %b, i32 1 seq_cst, align 4
  %z = atomicrmw fadd ptr addrspace(1) %c, float 1.0 seq_cst, align 4
  ret void
}

; CHECK-LABEL: define void @misaligned(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @misaligned(ptr addrspace(1) %bins) #0 {
  %old = atomicrmw add ptr addrspace(1) %bins, i32 1 seq_cst, align 2
  ret void
}

; CHECK-LABEL: define void @escapes(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @escapes(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) #0 {
  %x = atomicrmw add ptr addrspace(1) %a, i32 1 seq_cst, align 4
  call void @use(ptr addrspace(1) %a)
  %y = atomicrmw add ptr addrspace(1) %b, i32 1 seq_cst, align 4
  %same = icmp eq ptr addrspace(1) %b, %c
  %z = atomicrmw add ptr addrspace(1) %c, i32 1 seq_cst, align 4
  store ptr addrspace(1) %c, ptr addrspace(1) %a, align 8
  ret void
}

; Only __global buffers: a __local one is the work-group's own.
; CHECK-LABEL: define void @local_bins(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @local_bins(ptr addrspace(3) %bins) #0 {
  %old = atomicrmw add ptr addrspace(3) %bins, i32 1 seq_cst, align 4
  ret void
}

; A kernel whose vector variant reads the buffer: not an accumulator, though
; the scalar kernel only adds. The vector variant of @counted only adds (as
; 4-byte additions) or does not touch it: still one.
; CHECK-LABEL: define void @variant_reads(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @variant_reads(ptr addrspace(1) %bins) #0 !mux_vector_variant !0 {
  %old = atomicrmw add ptr addrspace(1) %bins, i32 1 seq_cst, align 4
  ret void
}

define void @__vecz_v4_variant_reads(ptr addrspace(1) %bins) {
  %v = load <4 x i32>, ptr addrspace(1) %bins, align 16
  ret void
}

; CHECK-LABEL: define void @counted(
; CHECK-SAME: !mux_accumulator_args ![[COUNTED:[0-9]+]]
define void @counted(ptr addrspace(1) %bins, ptr addrspace(1) %other) #0 !mux_vector_variant !1 {
  %old = atomicrmw add ptr addrspace(1) %bins, i32 1 seq_cst, align 4
  %old2 = atomicrmw add ptr addrspace(1) %other, i32 1 seq_cst, align 4
  ret void
}

define void @__vecz_v4_counted(ptr addrspace(1) %bins, ptr addrspace(1) %other) {
  %p = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 3
  %old = atomicrmw add ptr addrspace(1) %p, i32 4 seq_cst, align 4
  ret void
}

; A function that is not a kernel is left alone.
; CHECK-LABEL: define void @helper(
; CHECK-NOT: !mux_accumulator_args
; CHECK-SAME: {
define void @helper(ptr addrspace(1) %bins) {
  %old = atomicrmw add ptr addrspace(1) %bins, i32 1 seq_cst, align 4
  ret void
}

; CHECK-DAG: ![[HIST]] = !{i32 0, i32 4, i32 0}
; CHECK-DAG: ![[WIDE]] = !{i32 8, i32 0}
; CHECK-DAG: ![[COUNTED]] = !{i32 4, i32 4}

attributes #0 = { "mux-kernel"="entry-point" }
!0 = !{ptr @__vecz_v4_variant_reads, i32 4}
!1 = !{ptr @__vecz_v4_counted, i32 4}
