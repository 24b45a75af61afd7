; RUN: loom-opt -passes=work-item-loops -S %s | FileCheck %s

declare i64 @__mux_get_local_id(i32) #1
declare void @__mux_work_group_barrier(i32, i32, i32) #2

; The loop as Clang emits it unoptimized, its test at the top: a plain
; reverse post-order puts %end (the exit) before %body, and would number the
; barrier after the loop below the one inside it.
define void @test_at_the_top(ptr addrspace(1) %out) #0 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  br label %cond

cond:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp ult i64 %i, %lid
  br i1 %more, label %body, label %end

body:
  call void @__mux_work_group_barrier(i32 0, i32 1, i32 1)
  %i.next = add i64 %i, 1
  br label %cond

end:
  call void @__mux_work_group_barrier(i32 1, i32 1, i32 1)
  store i64 %i, ptr addrspace(1) %out
  ret void
}

; Two paths round the loop, the exit from the second: the barrier on the
; first path is still inside the loop and numbers below the exit's.
define void @exit_from_the_second_path(ptr addrspace(1) %out, i64 %n) #3 {
entry:
  %lid = call i64 @__mux_get_local_id(i32 0)
  br label %head

head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %first ], [ %i.next, %second ]
  %i.next = add i64 %i, 1
  %odd = trunc i64 %i to i1
  br i1 %odd, label %first, label %second

first:
  call void @__mux_work_group_barrier(i32 2, i32 1, i32 1)
  br label %head

second:
  %more = icmp ult i64 %i.next, %lid
  br i1 %more, label %head, label %exit

exit:
  call void @__mux_work_group_barrier(i32 3, i32 1, i32 1)
  store i64 %i, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define internal i32 @test_at_the_top.mux-barrier-region.0(
; CHECK: body:
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: ret i32 1
; CHECK: end:
; CHECK-NEXT: br label %barrier1
; CHECK: barrier1:
; CHECK-NEXT: ret i32 2
; CHECK-LABEL: define internal i32 @test_at_the_top.mux-barrier-region.2(
; CHECK: store i64 %{{.+}}, ptr addrspace(1) %out
; CHECK: ret i32 -1

; CHECK-LABEL: define internal i32 @exit_from_the_second_path.mux-barrier-region.0(
; CHECK: first:
; CHECK-NEXT: br label %barrier
; CHECK: barrier:
; CHECK-NEXT: ret i32 1
; CHECK: exit:
; CHECK-NEXT: br label %barrier1
; CHECK: barrier1:
; CHECK-NEXT: ret i32 2

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="test_at_the_top" }
attributes #1 = { nounwind readnone willreturn }
attributes #2 = { convergent noduplicate nounwind willreturn }
attributes #3 = { "mux-kernel"="entry-point" "mux-orig-fn"="exit_from_the_second_path" }
