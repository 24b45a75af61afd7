; RUN: loom-opt -passes='print<vecz-uniformity>' -disable-output %s 2>&1 | FileCheck %s

; A branch on a varying condition diverges: a phi where its paths join is
; varying even when every incoming value is uniform.
; CHECK-LABEL: Uniformity of 'diamond':
; CHECK: divergent branch: br i1 %in.range, label %then, label %join
; CHECK: join block %join
; CHECK-NEXT: varying: %value = phi i32 [ 1, %then ], [ 2, %entry ]
define void @diamond(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %gx = call i64 @__mux_get_global_id(i32 0)
  %in.range = icmp ult i64 %gx, %n
  br i1 %in.range, label %then, label %join
then:
  br label %join
join:
  %value = phi i32 [ 1, %then ], [ 2, %entry ]
  store i32 %value, ptr addrspace(1) %out
  ret void
}

; A branch on a uniform condition does not diverge: the phi is uniform.
; CHECK-LABEL: Uniformity of 'uniform_branch':
; CHECK-NOT: divergent
; CHECK: uniform: %value = phi i32 [ 1, %then ], [ 2, %entry ]
define void @uniform_branch(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %positive = icmp sgt i64 %n, 0
  br i1 %positive, label %then, label %join
then:
  br label %join
join:
  %value = phi i32 [ 1, %then ], [ 2, %entry ]
  store i32 %value, ptr addrspace(1) %out
  ret void
}

; Inside a divergent region, a uniform branch's own join is not a join of
; the divergent paths: its phi stays uniform. The region's end is.
; CHECK-LABEL: Uniformity of 'uniform_inside_divergent':
; CHECK: divergent branch: br i1 %in.range, label %inner, label %end
; CHECK: uniform: %inner.value = phi i32 [ 1, %inner.then ], [ 2, %inner ]
; CHECK: join block %end
; CHECK-NEXT: varying: %value = phi i32 [ %inner.value, %inner.join ], [ 0, %entry ]
define void @uniform_inside_divergent(ptr addrspace(1) %out, i64 %n) #0 {
entry:
  %gx = call i64 @__mux_get_global_id(i32 0)
  %in.range = icmp ult i64 %gx, %n
  br i1 %in.range, label %inner, label %end
inner:
  %positive = icmp sgt i64 %n, 0
  br i1 %positive, label %inner.then, label %inner.join
inner.then:
  br label %inner.join
inner.join:
  %inner.value = phi i32 [ 1, %inner.then ], [ 2, %inner ]
  br label %end
end:
  %value = phi i32 [ %inner.value, %inner.join ], [ 0, %entry ]
  store i32 %value, ptr addrspace(1) %out
  ret void
}

; A branch whose condition is varying only through a divergent join is
; divergent too (found on a later round of the worklist).
; CHECK-LABEL: Uniformity of 'chained':
; CHECK: divergent branch: br i1 %first, label %a, label %b
; CHECK: varying: %flag = phi i1 [ true, %a ], [ false, %b ]
; CHECK-NEXT: divergent branch: br i1 %flag, label %c, label %end
; CHECK: join block %end
; CHECK-NEXT: varying: %result = phi i32 [ 7, %c ], [ 8, %merge ]
define void @chained(ptr addrspace(1) %out) #0 {
entry:
  %lx = call i64 @__mux_get_local_id(i32 0)
  %first = icmp eq i64 %lx, 0
  br i1 %first, label %a, label %b
a:
  br label %merge
b:
  br label %merge
merge:
  %flag = phi i1 [ true, %a ], [ false, %b ]
  br i1 %flag, label %c, label %end
c:
  br label %end
end:
  %result = phi i32 [ 7, %c ], [ 8, %merge ]
  store i32 %result, ptr addrspace(1) %out
  ret void
}

; A switch on a varying value diverges too.
; CHECK-LABEL: Uniformity of 'switch':
; CHECK: divergent branch: switch i64 %lx, label %end [
; CHECK: join block %end
; CHECK-NEXT: varying: %result = phi i32 [ 1, %one ], [ 2, %two ], [ 0, %entry ]
define void @switch(ptr addrspace(1) %out) #0 {
entry:
  %lx = call i64 @__mux_get_local_id(i32 0)
  switch i64 %lx, label %end [ i64 1, label %one
                               i64 2, label %two ]
one:
  br label %end
two:
  br label %end
end:
  %result = phi i32 [ 1, %one ], [ 2, %two ], [ 0, %entry ]
  store i32 %result, ptr addrspace(1) %out
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_local_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
