; RUN: loom-opt -passes='outline-huge-kernels<max-instructions=12>' -S %s | FileCheck %s
; RUN: loom-opt -passes='outline-huge-kernels<max-instructions=0>' -S %s | FileCheck %s --check-prefix=NEVER
; RUN: loom-opt -passes='outline-huge-kernels<max-instructions=12>,inline-kernel-pieces' -S %s | FileCheck %s --check-prefix=WHOLE
; RUN: not loom-opt -passes='outline-huge-kernels<max-instructions=many>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

; inline-kernel-pieces puts the pieces back and deletes them, and what went
; through the stack is a value again: the kernel as it was.
; WHOLE-LABEL: define void @chain(
; WHOLE-NOT: alloca
; WHOLE-NOT: call void @chain.piece
; WHOLE: %acc.next.i = fmul float %acc.i, 5.000000e-01
; WHOLE: %d.i = fadd float %acc.next.i, 3.000000e+00
; WHOLE: ret void
; WHOLE-NOT: define {{.*}}piece

; A kernel over the limit is cut at the blocks every path passes through,
; outside loops, into pieces of at least the limit's instructions, each a
; noinline internal function the kernel calls in turn. A loop stays whole in
; one piece; the entry block (its allocas), a remainder under the limit
; (%tail) and the return stay in the kernel; values the second piece uses
; from the first (%acc.next, %x, %a) go out through pointers to the
; kernel's stack and in as arguments.

declare i64 @__mux_get_global_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)

; CHECK-LABEL: define void @chain(
; CHECK: entry:
; CHECK: call void @chain.piece0(ptr addrspace(1) %in, i64 %i, i64 %n, ptr %x.loc, ptr %a.loc, ptr %acc.next.loc)
; CHECK: %x.reload = load float, ptr %x.loc
; CHECK: %a.reload = load float, ptr %a.loc
; CHECK: %acc.next.reload = load float, ptr %acc.next.loc
; CHECK: call void @chain.piece1(float %acc.next.reload, float %x.reload, float %a.reload, ptr addrspace(1) %out, i64 %i)
; CHECK: tail:
; CHECK-NEXT: getelementptr
; CHECK-NEXT: store float 0.000000e+00
; CHECK: ret void
; NEVER-LABEL: define void @chain(
; NEVER-NOT: call
; NEVER: call i64 @__mux_get_global_id
; NEVER-NOT: call
; NEVER: ret void
define void @chain(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %i = call i64 @__mux_get_global_id(i32 0)
  br label %first
first:
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %x = load float, ptr addrspace(1) %p, align 4
  %a = fmul float %x, 2.0
  %b = fadd float %a, 1.0
  %c = fmul float %b, %b
  br label %loop
loop:
  %k = phi i64 [ 0, %first ], [ %k.next, %loop ]
  %acc = phi float [ %c, %first ], [ %acc.next, %loop ]
  %acc.next = fmul float %acc, 0.5
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, %n
  br i1 %more, label %loop, label %second
second:
  %d = fadd float %acc.next, 3.0
  %e = fmul float %d, %d
  %f = fsub float %e, %x
  %g = fmul float %f, 0.25
  %h = fadd float %g, %a
  %h2 = fmul float %h, %h
  %h3 = fmul float %h2, %h
  %h4 = fmul float %h3, %h
  %h5 = fmul float %h4, %h
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %h5, ptr addrspace(1) %q, align 4
  br label %tail
tail:
  %t = getelementptr inbounds float, ptr addrspace(1) %out, i64 0
  store float 0.0, ptr addrspace(1) %t, align 4
  br label %done
done:
  ret void
}

; Before the generic pipeline the source's variables are stack slots. One
; whose lifetime lies in a piece moves into it (%t: CodeExtractor sinks the
; slots whose lifetime markers it finds in the piece); the others stay in the
; kernel and the pieces get their addresses (%acc, which both use, and %u,
; without markers). inline-kernel-pieces then promotes them to values.
; CHECK-LABEL: define void @variables(
; CHECK: entry:
; CHECK-NEXT: %acc = alloca float
; CHECK-NEXT: %u = alloca float
; CHECK-NOT: alloca
; CHECK: call void @variables.piece0(ptr addrspace(1) %in, i64 %i, ptr %acc)
; CHECK: call void @variables.piece1(ptr %acc, ptr %u, ptr addrspace(1) %out, i64 %i)
; CHECK: ret void
; WHOLE-LABEL: define void @variables(
; WHOLE-NOT: alloca
; WHOLE-NOT: call void @variables.piece
; WHOLE: %u4.i = fadd float %u2.i, %t4.i
; WHOLE-NEXT: %q.i = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
; WHOLE-NEXT: store float %u4.i, ptr addrspace(1) %q.i
; WHOLE: ret void
define void @variables(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %acc = alloca float, align 4
  %t = alloca float, align 4
  %u = alloca float, align 4
  %i = call i64 @__mux_get_global_id(i32 0)
  br label %first
first:
  call void @llvm.lifetime.start.p0(i64 4, ptr %t)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %x = load float, ptr addrspace(1) %p, align 4
  store float %x, ptr %t, align 4
  %t1 = load float, ptr %t, align 4
  %t2 = fmul float %t1, %t1
  store float %t2, ptr %t, align 4
  %t3 = load float, ptr %t, align 4
  %t4 = fadd float %t3, 1.0
  store float %t4, ptr %acc, align 4
  call void @llvm.lifetime.end.p0(i64 4, ptr %t)
  br label %second
second:
  %a1 = load float, ptr %acc, align 4
  store float %a1, ptr %u, align 4
  %u1 = load float, ptr %u, align 4
  %u2 = fmul float %u1, 3.0
  store float %u2, ptr %u, align 4
  %u3 = load float, ptr %u, align 4
  %u4 = fadd float %u3, %a1
  store float %u4, ptr %acc, align 4
  %a2 = load float, ptr %acc, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %a2, ptr addrspace(1) %q, align 4
  br label %tail
tail:
  br label %done
done:
  ret void
}

declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

; Under the limit, with a barrier between parts under the limit, or with
; two returns: left whole.
; CHECK-LABEL: define void @small(
; CHECK-NOT: piece
; CHECK: ret void
define void @small(ptr addrspace(1) %out) #0 {
entry:
  %i = call i64 @__mux_get_global_id(i32 0)
  br label %next
next:
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float 1.0, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: define void @waits(
; CHECK-NOT: piece
; CHECK: call void @__mux_work_group_barrier
; CHECK-NOT: piece
; CHECK: ret void
define void @waits(ptr addrspace(1) %out) #0 {
entry:
  %i = call i64 @__mux_get_global_id(i32 0)
  br label %first
first:
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float 1.0, ptr addrspace(1) %q, align 4
  store float 2.0, ptr addrspace(1) %q, align 4
  store float 3.0, ptr addrspace(1) %q, align 4
  store float 4.0, ptr addrspace(1) %q, align 4
  br label %second
second:
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 1)
  store float 5.0, ptr addrspace(1) %q, align 4
  store float 6.0, ptr addrspace(1) %q, align 4
  store float 7.0, ptr addrspace(1) %q, align 4
  store float 8.0, ptr addrspace(1) %q, align 4
  br label %done
done:
  ret void
}

; A barrier stays in the kernel, where the region scheduler cuts it: a
; piece ends before the code that calls it, and the next begins after.
; CHECK-LABEL: define void @waits_between(
; CHECK: call void @waits_between.piece0(ptr addrspace(1) %out, i64 %i, ptr %q.loc)
; CHECK: wait:
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 0, i32 2, i32 1)
; CHECK: call void @waits_between.piece1(ptr addrspace(1) %q.reload)
; CHECK: ret void
define void @waits_between(ptr addrspace(1) %out) #0 {
entry:
  %i = call i64 @__mux_get_global_id(i32 0)
  br label %before
before:
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float 1.0, ptr addrspace(1) %q, align 4
  store float 2.0, ptr addrspace(1) %q, align 4
  store float 3.0, ptr addrspace(1) %q, align 4
  store float 4.0, ptr addrspace(1) %q, align 4
  store float 5.0, ptr addrspace(1) %q, align 4
  store float 6.0, ptr addrspace(1) %q, align 4
  store float 7.0, ptr addrspace(1) %q, align 4
  store float 8.0, ptr addrspace(1) %q, align 4
  store float 9.0, ptr addrspace(1) %q, align 4
  store float 10.0, ptr addrspace(1) %q, align 4
  store float 11.0, ptr addrspace(1) %q, align 4
  store float 12.0, ptr addrspace(1) %q, align 4
  br label %wait
wait:
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 1)
  br label %after
after:
  store float 20.0, ptr addrspace(1) %q, align 4
  store float 21.0, ptr addrspace(1) %q, align 4
  store float 22.0, ptr addrspace(1) %q, align 4
  store float 23.0, ptr addrspace(1) %q, align 4
  store float 24.0, ptr addrspace(1) %q, align 4
  store float 25.0, ptr addrspace(1) %q, align 4
  store float 26.0, ptr addrspace(1) %q, align 4
  store float 27.0, ptr addrspace(1) %q, align 4
  store float 28.0, ptr addrspace(1) %q, align 4
  store float 29.0, ptr addrspace(1) %q, align 4
  store float 30.0, ptr addrspace(1) %q, align 4
  store float 31.0, ptr addrspace(1) %q, align 4
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @two_returns(
; CHECK-NOT: piece
; CHECK: ret void
; CHECK: ret void
define void @two_returns(ptr addrspace(1) %out, i1 %c) #0 {
entry:
  %i = call i64 @__mux_get_global_id(i32 0)
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float 1.0, ptr addrspace(1) %q, align 4
  store float 2.0, ptr addrspace(1) %q, align 4
  store float 3.0, ptr addrspace(1) %q, align 4
  store float 4.0, ptr addrspace(1) %q, align 4
  store float 5.0, ptr addrspace(1) %q, align 4
  store float 6.0, ptr addrspace(1) %q, align 4
  br i1 %c, label %early, label %late
early:
  ret void
late:
  store float 7.0, ptr addrspace(1) %q, align 4
  store float 8.0, ptr addrspace(1) %q, align 4
  store float 9.0, ptr addrspace(1) %q, align 4
  store float 10.0, ptr addrspace(1) %q, align 4
  store float 11.0, ptr addrspace(1) %q, align 4
  store float 12.0, ptr addrspace(1) %q, align 4
  ret void
}

; The pieces, after the kernels: the first holds the loop, the second the store. Neither is a
; kernel.
; CHECK: define internal void @chain.piece0({{.*}}) #[[PIECE:[0-9]+]]
; CHECK: loop:
; CHECK: define internal void @chain.piece1({{.*}}) #[[PIECE]]
; CHECK: store float
; CHECK: define internal void @variables.piece0({{.*}}) #[[PIECE]]
; CHECK-NEXT: newFuncRoot:
; CHECK-NEXT: %t = alloca float
; CHECK: store float %t4, ptr %acc
; CHECK: define internal void @variables.piece1({{.*}}) #[[PIECE]]
; CHECK-NEXT: newFuncRoot:
; CHECK-NOT: alloca
; CHECK: store float %u4, ptr %acc
; The pieces of @waits_between: no barrier in either.
; CHECK: define internal void @waits_between.piece0(
; CHECK-NOT: barrier
; CHECK: ret void
; CHECK: define internal void @waits_between.piece1(
; CHECK-NOT: barrier
; CHECK: ret void
; CHECK: attributes #[[PIECE]] = { noinline "mux-kernel-piece" }

; BAD: outline-huge-kernels: max-instructions must be a number of instructions (0: never), not 'many'

attributes #0 = { "mux-kernel"="entry-point" }
