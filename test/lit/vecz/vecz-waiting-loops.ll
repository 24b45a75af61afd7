; RUN: loom-opt -passes='vecz<width=4>' -pass-remarks-missed=vecz -pass-remarks=vecz -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --input-file=%t.ll

; A loop under a mask whose exit depends on what other work-items store
; waits for them: lanes in lockstep would wait for a lane that has not run
; yet (the regions' order is Vecz's), or for one held in the same loop (a
; lock), where the scalar kernel runs its work-items one after another.
; Vecz keeps such kernels scalar. Loops that only update shared memory, and
; compare-and-swap retry loops (some lane always succeeds), are vectorized.

; REMARK-DAG: remark: {{.*}}kernel 'waits_on_flag' has a loop in divergent control flow that waits for other work-items (it is left on an atomic, a volatile load or a fenced load of shared memory): in lockstep, a lane could wait for one that has not run yet
; REMARK-DAG: remark: {{.*}}kernel 'waits_on_volatile' has a loop in divergent control flow that waits for other work-items
; REMARK-DAG: remark: {{.*}}kernel 'takes_lock' has a loop in divergent control flow that waits for other work-items
; REMARK-DAG: remark: {{.*}}kernel 'waits_in_inner_loop' has a loop in divergent control flow that waits for other work-items
; REMARK-DAG: remark: {{.*}}kernel 'fenced_private_counter' vectorized at width 4
; REMARK-DAG: remark: {{.*}}kernel 'retries_swap' vectorized at width 4
; REMARK-DAG: remark: {{.*}}kernel 'counts_with_atomics' vectorized at width 4
; REMARK-DAG: remark: {{.*}}kernel 'flag_read_after_loop' vectorized at width 4

; CHECK: define void @waits_on_flag(ptr addrspace(1) %out) #0 {
; CHECK: define void @waits_on_volatile(ptr addrspace(1) %out) #0 {
; CHECK: define void @takes_lock(ptr addrspace(1) %lock, ptr addrspace(1) %out) #0 {
; CHECK: define void @waits_in_inner_loop(ptr addrspace(1) %out, i32 %n) #0 {
; CHECK-NOT: define void @__vecz_v4_waits

@flag = internal addrspace(3) global i32 undef

; Work-item 1 raises a flag in local memory; work-item 3 spins until it sees
; it, a fence in its loop (CLsmith's message passing).
define void @waits_on_flag(ptr addrspace(1) %out) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  %raises = icmp eq i64 %lid, 1
  br i1 %raises, label %raise, label %check
raise:
  store i32 1, ptr addrspace(3) @flag
  br label %check
check:
  %waits = icmp eq i64 %lid, 3
  br i1 %waits, label %spin, label %end
spin:
  call void @__mux_mem_barrier(i32 1, i32 1)
  %seen = load i32, ptr addrspace(3) @flag
  %up = icmp eq i32 %seen, 1
  br i1 %up, label %end, label %spin
end:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr i32, ptr addrspace(1) %out, i64 %gid
  store i32 7, ptr addrspace(1) %slot
  ret void
}

; The same wait on a volatile load, without a fence.
define void @waits_on_volatile(ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %spin, label %end
spin:
  %seen = load volatile i32, ptr addrspace(1) %out
  %up = icmp ne i32 %seen, 0
  br i1 %up, label %end, label %spin
end:
  ret void
}

; A lock: each work-item swaps 1 in where it finds 0, then releases it. The
; one lane that takes it stays in the loop's mask, never releasing it, while
; the others spin.
define void @takes_lock(ptr addrspace(1) %lock, ptr addrspace(1) %out) #0 {
entry:
  br label %acquire
acquire:
  %pair = cmpxchg ptr addrspace(1) %lock, i32 0, i32 1 seq_cst seq_cst
  %taken = extractvalue { i32, i1 } %pair, 1
  br i1 %taken, label %held, label %acquire
held:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %id = trunc i64 %gid to i32
  store i32 %id, ptr addrspace(1) %out
  store atomic i32 0, ptr addrspace(1) %lock seq_cst, align 4
  ret void
}

; A wait nested in a uniform loop of a divergent region is found too.
define void @waits_in_inner_loop(ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %outer, label %end
outer:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  br label %spin
spin:
  %seen = load atomic i32, ptr addrspace(1) %out seq_cst, align 4
  %up = icmp sgt i32 %seen, %i
  br i1 %up, label %latch, label %spin
latch:
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %outer, label %end
end:
  ret void
}

; A fence in a loop whose exit depends on private memory only: no wait.
define void @fenced_private_counter(ptr addrspace(1) %out) #0 {
entry:
  %counter = alloca i32
  %gid = call i64 @__mux_get_global_id(i32 0)
  %odd = trunc i64 %gid to i1
  store i32 0, ptr %counter
  br i1 %odd, label %loop, label %end
loop:
  call void @__mux_mem_barrier(i32 1, i32 1)
  %c = load i32, ptr %counter
  %c1 = add i32 %c, 1
  store i32 %c1, ptr %counter
  %done = icmp eq i32 %c1, 8
  br i1 %done, label %end, label %loop
end:
  %slot = getelementptr i32, ptr addrspace(1) %out, i64 %gid
  store i32 1, ptr addrspace(1) %slot
  ret void
}

; A compare-and-swap retry loop: it compares with the value it read, so in
; each round some lane succeeds.
define void @retries_swap(ptr addrspace(1) %sum, ptr addrspace(1) %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %at = getelementptr i32, ptr addrspace(1) %data, i64 %gid
  %v = load i32, ptr addrspace(1) %at
  br label %retry
retry:
  %old = load i32, ptr addrspace(1) %sum
  %new = add i32 %old, %v
  %pair = cmpxchg ptr addrspace(1) %sum, i32 %old, i32 %new seq_cst seq_cst
  %swapped = extractvalue { i32, i1 } %pair, 1
  br i1 %swapped, label %end, label %retry
end:
  ret void
}

; Atomics that only count, in a loop each lane leaves on its own counter.
define void @counts_with_atomics(ptr addrspace(1) %bins, ptr addrspace(1) %data, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %first = trunc i64 %gid to i32
  br label %loop
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %at = getelementptr i32, ptr addrspace(1) %data, i32 %i
  %v = load i32, ptr addrspace(1) %at
  %bin = getelementptr i32, ptr addrspace(1) %bins, i32 %v
  %old = atomicrmw add ptr addrspace(1) %bin, i32 1 seq_cst
  %next = add i32 %i, 64
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %end
end:
  ret void
}

; A fenced load of shared memory after the loop, not on its exit: no wait.
define void @flag_read_after_loop(ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %start = trunc i64 %gid to i32
  br label %loop
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  call void @__mux_mem_barrier(i32 1, i32 1)
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %end
end:
  %seen = load i32, ptr addrspace(3) @flag
  %slot = getelementptr i32, ptr addrspace(1) %out, i64 %gid
  store i32 %seen, ptr addrspace(1) %slot
  ret void
}

declare i64 @__mux_get_local_id(i32)
declare i64 @__mux_get_global_id(i32)
declare void @__mux_mem_barrier(i32, i32)

attributes #0 = { "mux-kernel"="entry-point" }
