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

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_for_static_init_4u(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare void @__kmpc_barrier(ptr, i32)

!0 = !{i32 1, i32 1, i32 1}
