; RUN: loom-opt -passes='print<vecz-uniformity>' -disable-output %s 2>&1 | FileCheck %s

; A loop whose exit condition varies: lanes leave at different iterations.
; Inside, the counter is the same for every lane still running (uniform);
; the LCSSA phi carrying it out is per lane (varying), though its block has
; one predecessor.
; CHECK-LABEL: Uniformity of 'varying_trip_count':
; CHECK: uniform: %i = phi i64 [ 0, %entry ], [ %next, %loop ]
; CHECK-NEXT: uniform: %next = add i64 %i, 1
; CHECK-NEXT: varying: %more = icmp ult i64 %next, %gx
; CHECK-NEXT: divergent branch: br i1 %more, label %loop, label %exit
; CHECK-NEXT: varying: %count = phi i64 [ %next, %loop ]
; CHECK: divergent loop %loop
define void @varying_trip_count(ptr addrspace(1) %out) #0 {
entry:
  %gx = call i64 @__mux_get_global_id(i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %gx
  br i1 %more, label %loop, label %exit
exit:
  %count = phi i64 [ %next, %loop ]
  store i64 %count, ptr addrspace(1) %out
  ret void
}

; Without LCSSA, a value used after a divergent loop is varying where it
; is defined too.
; CHECK-LABEL: Uniformity of 'not_lcssa':
; CHECK: varying: %next = add i64 %i, 1
; CHECK: divergent loop %loop
define void @not_lcssa(ptr addrspace(1) %out) #0 {
entry:
  %gx = call i64 @__mux_get_global_id(i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %gx
  br i1 %more, label %loop, label %exit
exit:
  store i64 %next, ptr addrspace(1) %out
  ret void
}

; A loop with a uniform trip count and a divergent branch inside that
; reconverges within it is not divergent.
; CHECK-LABEL: Uniformity of 'divergent_body':
; CHECK: divergent branch: br i1 %odd, label %then, label %latch
; CHECK: join block %latch
; CHECK-NEXT: varying: %add = phi i64 [ 2, %then ], [ 1, %body ]
; CHECK: uniform: %i.next = add i64 %i, 1
; CHECK-NOT: divergent loop
define void @divergent_body(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %gx = call i64 @__mux_get_global_id(i32 0)
  %bit = and i64 %gx, 1
  %odd = icmp ne i64 %bit, 0
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %sum = phi i64 [ 0, %entry ], [ %sum.next, %latch ]
  br i1 %odd, label %then, label %latch
then:
  br label %latch
latch:
  %add = phi i64 [ 2, %then ], [ 1, %body ]
  %sum.next = add i64 %sum, %add
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  store i64 %sum.next, ptr addrspace(1) %out
  ret void
}

; A divergent break out of an inner loop: the inner loop is divergent; the
; outer one, where the lanes reconverge, is not.
; CHECK-LABEL: Uniformity of 'divergent_break':
; CHECK: divergent branch: br i1 %stop, label %inner.exit, label %inner.latch
; CHECK: divergent loop %inner
; CHECK-NOT: divergent loop %outer
define void @divergent_break(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %gx = call i64 @__mux_get_global_id(i32 0)
  br label %outer
outer:
  %o = phi i64 [ 0, %entry ], [ %o.next, %inner.exit ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner.latch ]
  %stop = icmp eq i64 %i, %gx
  br i1 %stop, label %inner.exit, label %inner.latch
inner.latch:
  %i.next = add i64 %i, 1
  %inner.done = icmp eq i64 %i.next, %n
  br i1 %inner.done, label %inner.exit, label %inner
inner.exit:
  %o.next = add i64 %o, 1
  %outer.done = icmp eq i64 %o.next, %n
  br i1 %outer.done, label %exit, label %outer
exit:
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
