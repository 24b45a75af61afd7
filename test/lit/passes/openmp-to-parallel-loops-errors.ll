; RUN: rm -rf %t && split-file %s %t
; RUN: not loom-opt -passes=openmp-to-parallel-loops -disable-output %t/region.ll 2>&1 | FileCheck %s --check-prefix=REGION
; RUN: not loom-opt -passes=openmp-to-parallel-loops -disable-output %t/critical.ll 2>&1 | FileCheck %s --check-prefix=CRITICAL
; RUN: loom-opt -passes=openmp-to-parallel-loops -S %t/shape.ll 2>&1 | FileCheck %s --check-prefix=SHAPE

; What openmp-to-parallel-loops does not recognise is an error at the
; construct (file:line:col with -g), never a silent serial run: a parallel
; region without a worksharing loop, and any runtime function the driver's
; OpenMP runtime does not provide, named. A 'parallel for' whose loop's
; shape Loom does not recognise is no error: it stays for that runtime,
; with a warning.

; REGION: error: OpenMP: only '#pragma omp parallel for' (with a static schedule) is supported; this parallel region has no such loop
; CRITICAL: error: OpenMP: '__kmpc_critical' is not supported

;--- region.ll
%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private constant %struct.ident_t zeroinitializer

define void @region_only(ptr %out) {
entry:
  %out.addr = alloca ptr, align 8
  store ptr %out, ptr %out.addr, align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 1, ptr @region_only.omp_outlined, ptr %out.addr)
  ret void
}

define internal void @region_only.omp_outlined(ptr noalias %gtid.ptr, ptr noalias %btid.ptr, ptr %out.ptr) {
entry:
  %base = load ptr, ptr %out.ptr, align 8
  store float 2.0, ptr %base, align 4
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)

;--- critical.ll
%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private constant %struct.ident_t zeroinitializer
@lock = internal global [8 x i32] zeroinitializer

define void @critical_outside() {
entry:
  call void @__kmpc_critical(ptr @loc, i32 0, ptr @lock)
  ret void
}

declare void @__kmpc_critical(ptr, i32, ptr)

;--- shape.ll
; A chunked schedule whose dispatch loop holds two loops: not the shape of
; Clang's 'parallel for'. The region stays as it is, for the driver's
; runtime: the fork, the microtask, its runtime calls.
; SHAPE: warning: parallel loop runs through the driver's OpenMP runtime (in function 'two_loops'): Loom does not recognise the shape of the loop of this 'parallel for'
; SHAPE-LABEL: define void @two_loops(
; SHAPE: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 1, ptr @two_loops.omp_outlined, ptr %out.addr)
; SHAPE-NOT: llvm.loom.parallel
; SHAPE-LABEL: define internal void @two_loops.omp_outlined(
; SHAPE: call void @__kmpc_for_static_init_4(
%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private constant %struct.ident_t zeroinitializer

define void @two_loops(ptr %out) {
entry:
  %out.addr = alloca ptr, align 8
  store ptr %out, ptr %out.addr, align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 1, ptr @two_loops.omp_outlined, ptr %out.addr)
  ret void
}

define internal void @two_loops.omp_outlined(ptr noalias %gtid.ptr, ptr noalias %btid.ptr, ptr %out.ptr) {
entry:
  %lb = alloca i32, align 4
  %ub = alloca i32, align 4
  %stride = alloca i32, align 4
  %last = alloca i32, align 4
  store i32 0, ptr %lb, align 4
  store i32 99, ptr %ub, align 4
  call void @__kmpc_for_static_init_4(ptr @loc, i32 0, i32 33, ptr %last, ptr %lb, ptr %ub, ptr %stride, i32 1, i32 4)
  br label %dispatch
dispatch:
  %l = load i32, ptr %lb, align 4
  %u = load i32, ptr %ub, align 4
  br label %first
first:
  %i = phi i32 [ %l, %dispatch ], [ %i.next, %first ]
  %i.next = add i32 %i, 1
  %f.done = icmp sgt i32 %i.next, %u
  br i1 %f.done, label %second, label %first
second:
  %j = phi i32 [ %l, %first ], [ %j.next, %second ]
  %base = load ptr, ptr %out.ptr, align 8
  %p = getelementptr inbounds i32, ptr %base, i32 %j
  store i32 %j, ptr %p, align 4
  %j.next = add i32 %j, 1
  %s.done = icmp sgt i32 %j.next, %u
  br i1 %s.done, label %inc, label %second
inc:
  %st = load i32, ptr %stride, align 4
  %l2 = add i32 %l, %st
  store i32 %l2, ptr %lb, align 4
  %u2 = add i32 %u, %st
  store i32 %u2, ptr %ub, align 4
  %more = icmp sle i32 %l2, 99
  br i1 %more, label %dispatch, label %end
end:
  call void @__kmpc_for_static_fini(ptr @loc, i32 0)
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
