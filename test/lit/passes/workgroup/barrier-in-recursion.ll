; RUN: not loom-opt -passes=work-item-loops -disable-output %s 2>&1 | FileCheck %s

; Barriers reached through functions that call each other cannot be inlined
; into the kernel: an error names the kernel and the function where the
; recursion closes (loom-opt stops at the first error; the direct recursion
; of a function through itself is loomc/barrier-in-recursion.cl's).

; CHECK: error: kernel 'mutual' reaches a barrier in 'ping', which cannot be inlined: it calls itself (OpenCL C has no recursion)

declare void @__mux_work_group_barrier(i32, i32, i32)

define internal void @ping(i32 %n) {
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %again, label %done
again:
  %less = sub i32 %n, 1
  call void @pong(i32 %less)
  br label %done
done:
  ret void
}

define internal void @pong(i32 %n) {
  call void @__mux_work_group_barrier(i32 2, i32 1, i32 1)
  call void @ping(i32 %n)
  ret void
}

define void @mutual(i32 %n) #0 {
  call void @ping(i32 %n)
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }
