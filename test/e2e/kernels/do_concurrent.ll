; A Fortran DO CONCURRENT with locality specifiers, in the LLVM IR flang
; gives it with -fdo-concurrent-to-openmp=host (flang's
; DoConcurrentConversionPass maps it to 'omp parallel do', which LLVM's
; OpenMPIRBuilder outlines), written by hand since Debian 12 has no Fortran
; frontend on LLVM 15:
;
;   subroutine scaled(a, b, n, m, k)
;     integer :: n, m, k, i, j
;     real :: a(m, n), b(m, n), t
;     do concurrent (i = 1:n, j = 1:m) local(t) local_init(k) shared(a, b)
;       t = b(j, i) * k
;       a(j, i) = t + i - j
;     end do
;   end subroutine
;
; The two ranges are collapsed into one loop of n * m iterations (i and j
; from its index), `local` is a slot of the outlined function's own (OpenMP
; private), `local_init` a copy made on entry (firstprivate), `shared` the
; caller's arrays; the team takes its iterations from
; __kmpc_for_static_init_4u and meets at the worksharing loop's implicit
; barrier. As a kernel of one work-item for Loom's driver.

target triple = "spir64-unknown-unknown"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@loc = private unnamed_addr constant %struct.ident_t zeroinitializer

define spir_kernel void @scaled(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n, i32 %m, i32 %k) !reqd_work_group_size !0 {
entry:
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  %m.addr = alloca i32, align 4
  %k.addr = alloca i32, align 4
  store ptr addrspace(1) %a, ptr %a.addr, align 8
  store ptr addrspace(1) %b, ptr %b.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  store i32 %m, ptr %m.addr, align 4
  store i32 %k, ptr %k.addr, align 4
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 5, ptr @scaled..omp_par, ptr %a.addr, ptr %b.addr, ptr %n.addr, ptr %m.addr, ptr %k.addr)
  ret void
}

define internal void @scaled..omp_par(ptr noalias %tid.addr, ptr noalias %zero.addr, ptr %a.addr, ptr %b.addr, ptr %n.addr, ptr %m.addr, ptr %k.addr) {
omp.par.entry:
  %t = alloca float, align 4
  %k.local = alloca i32, align 4
  %p.lastiter = alloca i32, align 4
  %p.lowerbound = alloca i32, align 4
  %p.upperbound = alloca i32, align 4
  %p.stride = alloca i32, align 4
  %k.init = load i32, ptr %k.addr, align 4
  store i32 %k.init, ptr %k.local, align 4
  %n = load i32, ptr %n.addr, align 4
  %m = load i32, ptr %m.addr, align 4
  %n.pos = icmp sgt i32 %n, 0
  %m.pos = icmp sgt i32 %m, 0
  %any = and i1 %n.pos, %m.pos
  br i1 %any, label %omp_loop.preheader, label %omp.par.exit

omp_loop.preheader:
  %tripcount = mul nuw i32 %n, %m
  %last = sub i32 %tripcount, 1
  store i32 0, ptr %p.lowerbound, align 4
  store i32 %last, ptr %p.upperbound, align 4
  store i32 1, ptr %p.stride, align 4
  %tid = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_for_static_init_4u(ptr @loc, i32 %tid, i32 34, ptr %p.lastiter, ptr %p.lowerbound, ptr %p.upperbound, ptr %p.stride, i32 1, i32 0)
  %lb = load i32, ptr %p.lowerbound, align 4
  %ub = load i32, ptr %p.upperbound, align 4
  %span = sub i32 %ub, %lb
  %trip = add i32 %span, 1
  br label %omp_loop.header

omp_loop.header:
  %iv = phi i32 [ 0, %omp_loop.preheader ], [ %iv.next, %omp_loop.inc ]
  br label %omp_loop.cond

omp_loop.cond:
  %more = icmp ult i32 %iv, %trip
  br i1 %more, label %omp_loop.body, label %omp_loop.exit

omp_loop.body:
  %lin = add i32 %iv, %lb
  %i0 = udiv i32 %lin, %m
  %j0 = urem i32 %lin, %m
  %i = add nsw i32 %i0, 1
  %j = add nsw i32 %j0, 1
  %lin64 = zext i32 %lin to i64
  %b.base = load ptr addrspace(1), ptr %b.addr, align 8
  %b.elt = getelementptr inbounds float, ptr addrspace(1) %b.base, i64 %lin64
  %bv = load float, ptr addrspace(1) %b.elt, align 4
  %kv = load i32, ptr %k.local, align 4
  %kf = sitofp i32 %kv to float
  %tv = fmul float %bv, %kf
  store float %tv, ptr %t, align 4
  %t.now = load float, ptr %t, align 4
  %d = sub nsw i32 %i, %j
  %df = sitofp i32 %d to float
  %av = fadd float %t.now, %df
  %a.base = load ptr addrspace(1), ptr %a.addr, align 8
  %a.elt = getelementptr inbounds float, ptr addrspace(1) %a.base, i64 %lin64
  store float %av, ptr addrspace(1) %a.elt, align 4
  br label %omp_loop.inc

omp_loop.inc:
  %iv.next = add nuw i32 %iv, 1
  br label %omp_loop.header

omp_loop.exit:
  call void @__kmpc_for_static_fini(ptr @loc, i32 %tid)
  %tid.barrier = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_barrier(ptr @loc, i32 %tid.barrier)
  br label %omp.par.exit

omp.par.exit:
  ret void
}

;   subroutine dot(s, a, b, n)
;     integer :: n, i, s, a(n), b(n)
;     do concurrent (i = 1:n) reduce(+:s)
;       s = s + a(i) * b(i)
;     end do
;   end subroutine
;
; Fortran 2023's `reduce` as OpenMP's `reduction` in OpenMPIRBuilder's form
; (Loom's proposal for flang's open TODO, ../shared/seeds): each thread sums
; into a private copy from the identity, then combines it into s through
; __kmpc_reduce (1: combine under the runtime's lock, ending with
; __kmpc_end_reduce; 2: atomically), with the reduction function the
; runtime may call on two lists of partial results, after the loop's
; implicit barrier.

@.gomp_critical_user_.reduction.var = common global [8 x i32] zeroinitializer, align 8

define spir_kernel void @dot(ptr addrspace(1) %s, ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) !reqd_work_group_size !0 {
entry:
  %s.addr = alloca ptr addrspace(1), align 8
  %a.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  store ptr addrspace(1) %s, ptr %s.addr, align 8
  store ptr addrspace(1) %a, ptr %a.addr, align 8
  store ptr addrspace(1) %b, ptr %b.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 4, ptr @dot..omp_par, ptr %s.addr, ptr %a.addr, ptr %b.addr, ptr %n.addr)
  ret void
}

define internal void @dot..omp_par(ptr noalias %tid.addr, ptr noalias %zero.addr, ptr %s.addr, ptr %a.addr, ptr %b.addr, ptr %n.addr) {
omp.par.entry:
  %s.private = alloca i32, align 4
  %red.list = alloca [1 x ptr], align 8
  %p.lastiter = alloca i32, align 4
  %p.lowerbound = alloca i32, align 4
  %p.upperbound = alloca i32, align 4
  %p.stride = alloca i32, align 4
  store i32 0, ptr %s.private, align 4
  %n = load i32, ptr %n.addr, align 4
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %omp_loop.preheader, label %omp.reduce

omp_loop.preheader:
  %last = sub i32 %n, 1
  store i32 0, ptr %p.lowerbound, align 4
  store i32 %last, ptr %p.upperbound, align 4
  store i32 1, ptr %p.stride, align 4
  %tid = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_for_static_init_4u(ptr @loc, i32 %tid, i32 34, ptr %p.lastiter, ptr %p.lowerbound, ptr %p.upperbound, ptr %p.stride, i32 1, i32 0)
  %lb = load i32, ptr %p.lowerbound, align 4
  %ub = load i32, ptr %p.upperbound, align 4
  %span = sub i32 %ub, %lb
  %trip = add i32 %span, 1
  br label %omp_loop.header

omp_loop.header:
  %iv = phi i32 [ 0, %omp_loop.preheader ], [ %iv.next, %omp_loop.inc ]
  br label %omp_loop.cond

omp_loop.cond:
  %more = icmp ult i32 %iv, %trip
  br i1 %more, label %omp_loop.body, label %omp_loop.exit

omp_loop.body:
  %i = add i32 %iv, %lb
  %i64 = zext i32 %i to i64
  %a.base = load ptr addrspace(1), ptr %a.addr, align 8
  %a.elt = getelementptr inbounds i32, ptr addrspace(1) %a.base, i64 %i64
  %av = load i32, ptr addrspace(1) %a.elt, align 4
  %b.base = load ptr addrspace(1), ptr %b.addr, align 8
  %b.elt = getelementptr inbounds i32, ptr addrspace(1) %b.base, i64 %i64
  %bv = load i32, ptr addrspace(1) %b.elt, align 4
  %product = mul i32 %av, %bv
  %partial = load i32, ptr %s.private, align 4
  %partial.next = add i32 %partial, %product
  store i32 %partial.next, ptr %s.private, align 4
  br label %omp_loop.inc

omp_loop.inc:
  %iv.next = add nuw i32 %iv, 1
  br label %omp_loop.header

omp_loop.exit:
  call void @__kmpc_for_static_fini(ptr @loc, i32 %tid)
  %tid.barrier = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_barrier(ptr @loc, i32 %tid.barrier)
  br label %omp.reduce

omp.reduce:
  %red.slot = getelementptr inbounds [1 x ptr], ptr %red.list, i64 0, i64 0
  store ptr %s.private, ptr %red.slot, align 8
  %tid.reduce = call i32 @__kmpc_global_thread_num(ptr @loc)
  %reduce = call i32 @__kmpc_reduce(ptr @loc, i32 %tid.reduce, i32 1, i64 8, ptr %red.list, ptr @dot.omp.reduction.func, ptr @.gomp_critical_user_.reduction.var)
  switch i32 %reduce, label %reduce.finalize [
    i32 1, label %reduce.switch.nonatomic
    i32 2, label %reduce.switch.atomic
  ]

reduce.switch.nonatomic:
  %s.base = load ptr addrspace(1), ptr %s.addr, align 8
  %s.old = load i32, ptr addrspace(1) %s.base, align 4
  %s.part = load i32, ptr %s.private, align 4
  %s.new = add i32 %s.old, %s.part
  store i32 %s.new, ptr addrspace(1) %s.base, align 4
  call void @__kmpc_end_reduce(ptr @loc, i32 %tid.reduce, ptr @.gomp_critical_user_.reduction.var)
  br label %reduce.finalize

reduce.switch.atomic:
  %s.base.atomic = load ptr addrspace(1), ptr %s.addr, align 8
  %s.part.atomic = load i32, ptr %s.private, align 4
  %s.old.atomic = atomicrmw add ptr addrspace(1) %s.base.atomic, i32 %s.part.atomic monotonic, align 4
  br label %reduce.finalize

reduce.finalize:
  ret void
}

define internal void @dot.omp.reduction.func(ptr %lhs, ptr %rhs) {
entry:
  %lhs.slot = load ptr, ptr %lhs, align 8
  %rhs.slot = load ptr, ptr %rhs, align 8
  %l = load i32, ptr %lhs.slot, align 4
  %r = load i32, ptr %rhs.slot, align 4
  %sum = add i32 %l, %r
  store i32 %sum, ptr %lhs.slot, align 4
  ret void
}

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_for_static_init_4u(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare void @__kmpc_barrier(ptr, i32)
declare i32 @__kmpc_reduce(ptr, i32, i32, i64, ptr, ptr, ptr)
declare void @__kmpc_end_reduce(ptr, i32, ptr)

!0 = !{i32 1, i32 1, i32 1}
