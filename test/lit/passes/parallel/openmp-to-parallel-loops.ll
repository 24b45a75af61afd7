; RUN: loom-opt -passes=openmp-to-parallel-loops -S %s 2>&1 | FileCheck %s
; RUN: loom-opt -passes='openmp-to-parallel-loops,default<O2>,parallelization-cleanup' -S %s 2>&1 | FileCheck %s --check-prefix=KEPT
; RUN: not loom-opt -passes='openmp-to-parallel-loops<serial>' -S %s 2>&1 | FileCheck %s --check-prefix=BADOPT
; BADOPT: openmp-to-parallel-loops: the only option is 'runtime', not 'serial'

; The shape Clang 15 gives '#pragma omp parallel for num_threads(2)
; schedule(static, 4)': the loop outlined into a microtask that
; __kmpc_fork_call runs on a team, each thread taking its chunks from
; __kmpc_for_static_init_4 (schedule 33, chunked). openmp-to-parallel-loops
; puts the microtask back in its caller as one thread of a team of one
; would run it (the whole iteration space, a stride past its end), and
; gives the loop of iterations (inside the chunk-dispatch loop) Loom's
; form: a region of 2 workers and chunk 4, its accesses to memory other
; than the microtask's stack in an access group, the region's mark.

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private constant %struct.ident_t zeroinitializer

; CHECK-LABEL: define void @scale(ptr %out, i32 %n)
; CHECK-NOT: __kmpc
; CHECK: store i32 1, ptr %is_last.i
; CHECK: %[[SPAN:.+]] = sub i32 %{{.+}}, %{{.+}}
; CHECK: %[[STRIDE:.+]] = add i32 %[[SPAN]], 1
; CHECK: store i32 %[[STRIDE]], ptr %stride.i
; CHECK: dispatch.body.i:
; CHECK: %parallel.region = call token @llvm.loom.parallel.region.entry(i32 2, i64 4), !loom.parallel.region ![[R:[0-9]+]]
; CHECK: inner.body.i:
; CHECK: store float 1.000000e+00, ptr %p.i, align 4, {{.*}}!llvm.access.group ![[G:[0-9]+]]
; CHECK: br label %inner.cond.i, !llvm.loop ![[L:[0-9]+]]
; CHECK: inner.end.i:
; CHECK-NEXT: call void @llvm.loom.parallel.region.exit(token %parallel.region)
; CHECK-NOT: __kmpc
; CHECK: ret void
; CHECK-NOT: define internal void @scale.omp_outlined
; CHECK-DAG: ![[L]] = distinct !{![[L]], ![[PA:[0-9]+]], ![[PL:[0-9]+]], ![[NOUNROLL:[0-9]+]], ![[ROLLED:[0-9]+]]}
; CHECK-DAG: ![[PA]] = !{!"llvm.loop.parallel_accesses", ![[G]]}
; CHECK-DAG: ![[PL]] = !{!"loom.parallel.loop", ![[R]]}
; The loop stays a loop while it is the region's work (a short one would
; otherwise be fully unrolled, and its region run serially).
; CHECK-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK-DAG: ![[ROLLED]] = !{!"loom.parallel.rolled"}

; After LLVM's -O2 (which vectorizes the loop: every copy keeps the mark)
; the cleanup keeps the region.
; KEPT-NOT: warning
; KEPT: call token @llvm.loom.parallel.region.entry(i32 2, i64 4)
define void @scale(ptr %out, i32 %n) {
entry:
  %n.addr = alloca i32, align 4
  %out.addr = alloca ptr, align 8
  store i32 %n, ptr %n.addr, align 4
  store ptr %out, ptr %out.addr, align 8
  %gtid = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_push_num_threads(ptr @loc, i32 %gtid, i32 2)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @scale.omp_outlined, ptr %n.addr, ptr %out.addr)
  ret void
}

define internal void @scale.omp_outlined(ptr noalias %gtid.ptr, ptr noalias %btid.ptr, ptr %n.ptr, ptr %out.ptr) alwaysinline {
entry:
  %iv = alloca i32, align 4
  %lb = alloca i32, align 4
  %ub = alloca i32, align 4
  %stride = alloca i32, align 4
  %is_last = alloca i32, align 4
  %n = load i32, ptr %n.ptr, align 4
  %last = sub nsw i32 %n, 1
  %any = icmp slt i32 0, %n
  br i1 %any, label %then, label %end
then:
  store i32 0, ptr %lb, align 4
  store i32 %last, ptr %ub, align 4
  store i32 1, ptr %stride, align 4
  store i32 0, ptr %is_last, align 4
  %tid = load i32, ptr %gtid.ptr, align 4
  call void @__kmpc_for_static_init_4(ptr @loc, i32 %tid, i32 33, ptr %is_last, ptr %lb, ptr %ub, ptr %stride, i32 1, i32 4)
  br label %dispatch.cond
dispatch.cond:
  %ub0 = load i32, ptr %ub, align 4
  %over = icmp sgt i32 %ub0, %last
  %ub1 = select i1 %over, i32 %last, i32 %ub0
  store i32 %ub1, ptr %ub, align 4
  %lb0 = load i32, ptr %lb, align 4
  store i32 %lb0, ptr %iv, align 4
  %more = icmp sle i32 %lb0, %ub1
  br i1 %more, label %dispatch.body, label %dispatch.end
dispatch.body:
  br label %inner.cond
inner.cond:
  %i = load i32, ptr %iv, align 4
  %ubi = load i32, ptr %ub, align 4
  %in = icmp sle i32 %i, %ubi
  br i1 %in, label %inner.body, label %inner.end
inner.body:
  %base = load ptr, ptr %out.ptr, align 8
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %base, i64 %i64
  store float 1.0, ptr %p, align 4
  %next = add nsw i32 %i, 1
  store i32 %next, ptr %iv, align 4
  br label %inner.cond
inner.end:
  br label %dispatch.inc
dispatch.inc:
  %s = load i32, ptr %stride, align 4
  %lb2 = load i32, ptr %lb, align 4
  %lb3 = add nsw i32 %lb2, %s
  store i32 %lb3, ptr %lb, align 4
  %ub2 = load i32, ptr %ub, align 4
  %ub3 = add nsw i32 %ub2, %s
  store i32 %ub3, ptr %ub, align 4
  br label %dispatch.cond
dispatch.end:
  call void @__kmpc_for_static_fini(ptr @loc, i32 %tid)
  br label %end
end:
  ret void
}

declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_push_num_threads(ptr, i32, i32)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
