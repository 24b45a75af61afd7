; RUN: loom-opt -passes=vecz -pass-remarks-missed=vecz -pass-remarks=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll
; RUN: not loom-opt -passes='vecz<width=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=WIDTH
; RUN: not loom-opt -passes='vecz<rows=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ROWS
; RUN: not loom-opt -passes='vecz<max-width=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MAX
; RUN: not loom-opt -passes='vecz<lanes=4>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=OPTION

; Kernels Vecz does not handle yet keep their scalar form, without a vector
; variant, and a remark says why; the one it handles gets the default width.
; REMARK-DAG: remark: {{.*}}kernel 'barrier' has a barrier in divergent control flow
; REMARK-DAG: remark: {{.*}}kernel 'compare_and_swap' uses a compare-and-swap's result whole (not handled yet)
; REMARK-DAG: remark: {{.*}}kernel 'private_array' has private memory of a size known only at run time
; REMARK-DAG: remark: {{.*}}kernel 'calls_convergent' calls 'converge', which is convergent
; REMARK-DAG: remark: {{.*}}kernel 'calls_with_aggregate' calls 'make_pair' with a value Vecz does not widen (an aggregate)
; REMARK-DAG: remark: {{.*}}kernel 'aggregate' has a varying value of a type Vecz does not widen yet (aggregates, scalable vectors)
; REMARK-DAG: remark: {{.*}}kernel 'unknown_dimension' asks for a work-item id of a dimension that is not a constant
; REMARK-DAG: remark: {{.*}}kernel 'huge_private' has 2097152 bytes of private memory per work-item, which 8 lanes would make 16777216 on the stack (at most 8388608)
; REMARK-DAG: remark: {{.*}}kernel 'exitless_loop' has divergent control flow in a loop (not handled yet)
; REMARK-DAG: remark: {{.*}}kernel 'fine' vectorized at width 8

; A declined kernel names no vector variant (its definition line ends
; "#0 {"), and no vector function exists for it.
; CHECK: define void @barrier(ptr addrspace(1) %out) #0 {
; CHECK: define void @aggregate(ptr addrspace(1) %out) #0 {
; CHECK: define void @unknown_dimension(ptr addrspace(1) %out, i32 %d) #0 {
; CHECK: define void @exitless_loop(ptr addrspace(1) %counter, ptr addrspace(1) %out) #0 {
; CHECK: define void @fine(ptr addrspace(1) %out) #0 !mux_vector_variant
; CHECK: define void @__vecz_v8_fine(

; WIDTH: vecz: width must be a power of two from 2 to 64 or 'auto', not '3'
; ROWS: vecz: rows must be 1, 2, 4 or 8 or 'auto', not '3'
; OPTION: vecz: the options are 'width=N', 'width=auto', 'rows=N', 'rows=auto', 'interleave=N', 'interleave=auto', 'max-width=N', 'max-rows=N', 'layout=L', 'cost-model', 'no-strided-gathers' and 'tail', not 'lanes=4'
; MAX: vecz: max-width must be a power of two, not '3'

define void @barrier(ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %wait, label %end
wait:
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
  br label %end
end:
  ret void
}

define void @compare_and_swap(ptr addrspace(1) %slot) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %id = trunc i64 %gid to i32
  %pair = cmpxchg ptr addrspace(1) %slot, i32 0, i32 %id seq_cst seq_cst
  %other = insertvalue { i32, i1 } %pair, i32 5, 0
  %old = extractvalue { i32, i1 } %other, 0
  store i32 %old, ptr addrspace(1) %slot
  ret void
}

define void @private_array(ptr addrspace(1) %out, i32 %n) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %body
body:
  %array = alloca i32, i32 %n
  ret void
}

; Calls Vecz cannot do once per lane: a convergent one (every work-item
; must make it together) and one returning an aggregate. (One whose callee
; asks for its own work-item id is inlined: vecz-inline-lane-state.ll.)
define void @calls_convergent(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %r = call i64 @converge(i64 %gid) #1
  ret void
}

define void @calls_with_aggregate(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pair = call { i64, i64 } @make_pair(i64 %gid)
  ret void
}

define void @aggregate(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pair = insertvalue { i64, i64 } undef, i64 %gid, 0
  %x = extractvalue { i64, i64 } %pair, 0
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %x
  store i64 %x, ptr addrspace(1) %p
  ret void
}

; get_local_id(d): lanes are consecutive only when d is 0, unknown here.
define void @unknown_dimension(ptr addrspace(1) %out, i32 %d) #0 {
  %id = call i64 @__mux_get_local_id(i32 %d)
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %id
  store i64 %id, ptr addrspace(1) %p
  ret void
}

; 2 MiB per work-item, 16 MiB at width 8: the stack would not hold it.
define void @huge_private(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %a = alloca [524288 x i32], align 4
  %e = getelementptr inbounds [524288 x i32], ptr %a, i64 0, i64 %gid
  store i32 1, ptr %e, align 4
  %v = load i32, ptr %a, align 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

; A loop without an exit holding a divergent branch: LLVM roots its
; post-dominators at one of its blocks, here the branch's true side, so the
; branch's region runs from the branch through the loop's back edge to that
; block and is entered from it. Widening the region's start could not take
; that path in; Vecz used to try for ever (CLsmith's atomics 2076, reduced).
define void @exitless_loop(ptr addrspace(1) %counter, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %body
body:
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 seq_cst
  %mine = icmp eq i32 %old, 0
  br i1 %mine, label %first, label %latch
first:
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %gid
  store i64 %gid, ptr addrspace(1) %p
  br label %latch
latch:
  br label %body
}

define void @fine(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %gid
  store i64 %gid, ptr addrspace(1) %p
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)
declare void @__mux_work_group_barrier(i32, i32, i32)
declare i64 @converge(i64)
declare { i64, i64 } @make_pair(i64)

attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { convergent }
