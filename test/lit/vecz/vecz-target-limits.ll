; RUN: loom-opt -passes='vecz<width=16;max-width=4>' -pass-remarks=vecz -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WIDTH
; RUN: loom-opt -passes='vecz<width=4;rows=8;max-rows=2>' -S %s | FileCheck %s --check-prefix=ROWS
; RUN: loom-opt -passes='vecz<width=4;rows=8;max-rows=1>' -S %s | FileCheck %s --check-prefix=NOROWS
; RUN: loom-opt -passes='vecz<max-width=1>' -S %s | FileCheck %s --check-prefix=NONE

; A target's caps (vecz::TargetLimits, which addVeczPasses turns into
; max-width and max-rows) cut what the build options ask for: width 16
; asked, 4 allowed; 8 rows asked, 2 allowed; one row: no jammed variant;
; width 1: no vector kernels at all.
; WIDTH: remark: {{.*}}kernel 'rows' vectorized at width 4
; ROWS: define void @__vecz_v4x2_rows(
; NOROWS: define void @__vecz_v4_rows(
; NOROWS-NOT: @__vecz_v4x
; NONE-NOT: @__vecz

define void @rows(ptr addrspace(1) %out) #0 {
  %x = call i64 @__mux_get_global_id(i32 0)
  %y = call i64 @__mux_get_global_id(i32 1)
  %i = add i64 %x, %y
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %i
  store i64 %y, ptr addrspace(1) %p
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
