; RUN: loom-opt -passes=replace-local-module-scope-variables -S %s | FileCheck %s

@kernel.tile = internal addrspace(3) global [16 x float] undef, align 4
@kernel.flag = internal addrspace(3) global i64 undef, align 8

; Each __local variable becomes the local-memory arena plus its offset in the
; module's layout (tile at 0, flag aligned to 8 after 64 bytes of tile),
; computed at each use; a constant expression using a variable becomes an
; instruction first.
; CHECK-LABEL: define void @kernel(i64 %i)
; CHECK: %[[ARENA:.+]] = call ptr addrspace(3) @__mux_get_local_memory()
; CHECK: %[[TILE:.+]] = getelementptr inbounds i8, ptr addrspace(3) %[[ARENA]], i64 0
; CHECK: %slot = getelementptr [16 x float], ptr addrspace(3) %[[TILE]], i64 0, i64 %i
; CHECK: store float 1.000000e+00, ptr addrspace(3) %slot
; CHECK: %[[ARENA2:.+]] = call ptr addrspace(3) @__mux_get_local_memory()
; CHECK: %[[TILE2:.+]] = getelementptr inbounds i8, ptr addrspace(3) %[[ARENA2]], i64 0
; CHECK: %[[FIFTH:.+]] = getelementptr inbounds [16 x float], ptr addrspace(3) %[[TILE2]], i64 0, i64 5
; CHECK: store float 2.000000e+00, ptr addrspace(3) %[[FIFTH]]
; CHECK: %[[ARENA3:.+]] = call ptr addrspace(3) @__mux_get_local_memory()
; CHECK: %[[FLAG:.+]] = getelementptr inbounds i8, ptr addrspace(3) %[[ARENA3]], i64 64
; CHECK: store i64 %i, ptr addrspace(3) %[[FLAG]]
define void @kernel(i64 %i) {
  %slot = getelementptr [16 x float], ptr addrspace(3) @kernel.tile, i64 0, i64 %i
  store float 1.0, ptr addrspace(3) %slot
  store float 2.0, ptr addrspace(3) getelementptr inbounds ([16 x float], ptr addrspace(3) @kernel.tile, i64 0, i64 5)
  store i64 %i, ptr addrspace(3) @kernel.flag
  ret void
}

; A vector of pointers to a variable (as Vecz splats a uniform address) is
; built by instructions from the arena's address, one element at a time.
; CHECK-LABEL: define void @splat(<2 x i64> %v, <2 x i1> %mask)
; CHECK: %[[ARENA:.+]] = call ptr addrspace(3) @__mux_get_local_memory()
; CHECK: %[[FLAG:.+]] = getelementptr inbounds i8, ptr addrspace(3) %[[ARENA]], i64 64
; CHECK: %[[FIRST:.+]] = insertelement <2 x ptr addrspace(3)> poison, ptr addrspace(3) %[[FLAG]], i32 0
; CHECK: %[[ARENA2:.+]] = call ptr addrspace(3) @__mux_get_local_memory()
; CHECK: %[[FLAG2:.+]] = getelementptr inbounds i8, ptr addrspace(3) %[[ARENA2]], i64 64
; CHECK: %[[BOTH:.+]] = insertelement <2 x ptr addrspace(3)> %[[FIRST]], ptr addrspace(3) %[[FLAG2]], i32 1
; CHECK: call void @llvm.masked.scatter.v2i64.v2p3(<2 x i64> %v, <2 x ptr addrspace(3)> %[[BOTH]], i32 8, <2 x i1> %mask)
define void @splat(<2 x i64> %v, <2 x i1> %mask) {
  call void @llvm.masked.scatter.v2i64.v2p3(<2 x i64> %v, <2 x ptr addrspace(3)> <ptr addrspace(3) @kernel.flag, ptr addrspace(3) @kernel.flag>, i32 8, <2 x i1> %mask)
  ret void
}

declare void @llvm.masked.scatter.v2i64.v2p3(<2 x i64>, <2 x ptr addrspace(3)>, i32, <2 x i1>)

; No __local global is left.
; CHECK-NOT: addrspace(3) global
