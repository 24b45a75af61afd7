; RUN: rm -rf %t && split-file %s %t
; RUN: not loom-opt -passes=openmp-to-parallel-loops -disable-output %t/region.ll 2>&1 | FileCheck %s --check-prefix=REGION
; RUN: not loom-opt -passes=openmp-to-parallel-loops -disable-output %t/barrier.ll 2>&1 | FileCheck %s --check-prefix=BARRIER

; What openmp-to-parallel-loops does not recognise is an error at the
; construct (file:line:col with -g), never a silent serial run: a parallel
; region without a worksharing loop, and any other runtime call, named.

; REGION: error: OpenMP: only '#pragma omp parallel for' (with a static schedule) is supported; this parallel region has no such loop
; BARRIER: error: OpenMP: '__kmpc_barrier' is not supported

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

;--- barrier.ll
%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private constant %struct.ident_t zeroinitializer

define void @barrier_outside() {
entry:
  call void @__kmpc_barrier(ptr @loc, i32 0)
  ret void
}

declare void @__kmpc_barrier(ptr, i32)
