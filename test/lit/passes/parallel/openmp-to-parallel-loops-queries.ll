; RUN: loom-opt -passes=openmp-to-parallel-loops -S %s | FileCheck %s

; omp_get_thread_num() and omp_get_num_threads() in a 'parallel for' that
; is Loom's parallel loop become the region's worker and workers. A region
; with num_threads(n) is inactive where the kernel's thread is in an active
; region already (or past max-active-levels-var): the driver runs its n
; workers one after another, and OpenMP's answers are a team of one's, 0
; and 1. The runtime says whether, asked once before the region. A region
; without the clause has one worker there: no question asked.

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private constant %struct.ident_t zeroinitializer

; CHECK-LABEL: define void @three(ptr %out, i32 %n)
; CHECK: %omp.active = call i32 @omp_get_active_level()
; CHECK-NEXT: %omp.max.active = call i32 @omp_get_max_active_levels()
; CHECK-NEXT: %omp.inactive = icmp sge i32 %omp.active, %omp.max.active
; CHECK-NEXT: %parallel.region = call token @llvm.loom.parallel.region.entry(i32 3, i64 4)
; CHECK: inner.body.i:
; CHECK: %[[W:.+]] = call i32 @llvm.loom.parallel.worker(token %parallel.region)
; CHECK-NEXT: %[[T:.+]] = select i1 %omp.inactive, i32 0, i32 %[[W]]
; CHECK-NEXT: %[[N:.+]] = call i32 @llvm.loom.parallel.workers(token %parallel.region)
; CHECK-NEXT: %[[S:.+]] = select i1 %omp.inactive, i32 1, i32 %[[N]]
; CHECK-NEXT: %tw.i = add i32 %[[T]], %[[S]]
; CHECK-NOT: omp_get_
; CHECK: ret void
define void @three(ptr %out, i32 %n) {
entry:
  %n.addr = alloca i32, align 4
  %out.addr = alloca ptr, align 8
  store i32 %n, ptr %n.addr, align 4
  store ptr %out, ptr %out.addr, align 8
  %gtid = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_push_num_threads(ptr @loc, i32 %gtid, i32 3)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @three.omp_outlined, ptr %n.addr, ptr %out.addr)
  ret void
}

; CHECK-LABEL: define void @any(ptr %out, i32 %n)
; CHECK-NOT: omp_get_
; CHECK: %parallel.region = call token @llvm.loom.parallel.region.entry(i32 0, i64 4)
; CHECK: inner.body.i:
; CHECK: %[[W:.+]] = call i32 @llvm.loom.parallel.worker(token %parallel.region)
; CHECK-NEXT: %[[N:.+]] = call i32 @llvm.loom.parallel.workers(token %parallel.region)
; CHECK-NEXT: %tw.i = add i32 %[[W]], %[[N]]
; CHECK-NOT: omp_get_
; CHECK: ret void
define void @any(ptr %out, i32 %n) {
entry:
  %n.addr = alloca i32, align 4
  %out.addr = alloca ptr, align 8
  store i32 %n, ptr %n.addr, align 4
  store ptr %out, ptr %out.addr, align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 2, ptr @any.omp_outlined, ptr %n.addr, ptr %out.addr)
  ret void
}

define internal void @three.omp_outlined(ptr noalias %gtid.ptr, ptr noalias %btid.ptr, ptr %n.ptr, ptr %out.ptr) alwaysinline {
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
  %p = getelementptr inbounds i32, ptr %base, i64 %i64
  %t = call i32 @omp_get_thread_num()
  %w = call i32 @omp_get_num_threads()
  %tw = add i32 %t, %w
  store i32 %tw, ptr %p, align 4
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


define internal void @any.omp_outlined(ptr noalias %gtid.ptr, ptr noalias %btid.ptr, ptr %n.ptr, ptr %out.ptr) alwaysinline {
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
  %p = getelementptr inbounds i32, ptr %base, i64 %i64
  %t = call i32 @omp_get_thread_num()
  %w = call i32 @omp_get_num_threads()
  %tw = add i32 %t, %w
  store i32 %tw, ptr %p, align 4
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
declare i32 @omp_get_thread_num()
declare i32 @omp_get_num_threads()
