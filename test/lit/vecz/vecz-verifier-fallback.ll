; RUN: loom-opt -passes='vecz<width=4>' -vecz-break-made-at=packetization -pass-remarks-missed=vecz -S %s -o %t.main.ll 2>&1 | FileCheck %s --check-prefix=MAIN-REMARK
; RUN: FileCheck %s --check-prefix=MAIN --input-file=%t.main.ll
; RUN: loom-opt -passes='vecz<width=4;rows=2>' -vecz-break-made-at='row jamming' -pass-remarks-missed=vecz -S %s -o %t.jam.ll 2>&1 | FileCheck %s --check-prefix=JAM-REMARK
; RUN: FileCheck %s --check-prefix=JAM --input-file=%t.jam.ll
; RUN: loom-opt -passes='vecz<width=4;interleave=2>' -vecz-break-made-at='packetization (wide variant)' -pass-remarks-missed=vecz -S %s -o %t.wide.ll 2>&1 | FileCheck %s --check-prefix=WIDE-REMARK
; RUN: FileCheck %s --check-prefix=WIDE --input-file=%t.wide.ll

; The IR verifier stands between every function Vecz makes and the rest of
; the pipeline. -vecz-break-made-at breaks the function made at one stage
; (its entry block loses its terminator), as a bug in that stage would:
; the function is erased, a remark names it and the stage, and the kernel
; keeps what it had before the stage, its scalar form or its vector variant.

; The vector variant itself is broken: both kernels stay scalar.
; MAIN-REMARK-DAG: remark: {{.*}}Vecz made an invalid function '__vecz_v4_add_one' at packetization (Basic Block in function '__vecz_v4_add_one' does not have terminator!); please report it
; MAIN-REMARK-DAG: remark: {{.*}}Vecz made an invalid function '__vecz_v4_add_rows' at packetization (Basic Block in function '__vecz_v4_add_rows' does not have terminator!); please report it
; MAIN: define void @add_one(ptr addrspace(1) %a) #0 {
; MAIN: define void @add_rows(ptr addrspace(1) %a, i64 %n) #0 {
; MAIN-NOT: __vecz
; MAIN-NOT: !mux_vector_variant

; The jammed variant is broken: the kernel keeps its vector variant.
; JAM-REMARK: remark: {{.*}}kernel 'add_rows' runs one row per vector call: Vecz made an invalid function '__vecz_v4x2_add_rows' at row jamming (Basic Block in function '__vecz_v4x2_add_rows' does not have terminator!); please report it
; JAM: define void @add_rows({{.*}} !mux_vector_variant ![[ROWS:[0-9]+]] {
; JAM: define void @__vecz_v4_add_rows(
; JAM-NOT: define {{.*}}@__vecz_v4x2_add_rows(
; JAM: ![[ROWS]] = !{ptr @__vecz_v4_add_rows, i32 4}

; The wide variant is broken: the kernel keeps its vector variant.
; WIDE-REMARK: remark: {{.*}}kernel 'add_one' runs one vector per call: Vecz made an invalid function '__vecz_v8_add_one' at packetization (wide variant) (Basic Block in function '__vecz_v8_add_one' does not have terminator!); please report it
; WIDE: define void @add_one({{.*}} !mux_vector_variant ![[ONE:[0-9]+]] {
; WIDE: define void @__vecz_v4_add_one(
; WIDE-NOT: define {{.*}}@__vecz_v8_add_one(
; WIDE: ![[ONE]] = !{ptr @__vecz_v4_add_one, i32 4}

define void @add_one(ptr addrspace(1) %a) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %gid
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %p, align 4
  ret void
}

define void @add_rows(ptr addrspace(1) %a, i64 %n) #0 {
entry:
  %col = call i64 @__mux_get_global_id(i32 0)
  %row = call i64 @__mux_get_global_id(i32 1)
  %rown = mul i64 %row, %n
  %i = add i64 %rown, %col
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %p, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
