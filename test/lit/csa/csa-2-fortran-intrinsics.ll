; RUN: loom-opt --target=csa -passes=csa-fortran-intrinsics -S %s | FileCheck %s
; CSA-2: Fortran's `call builtin_csa_*(...)` (arguments by reference) and the
; C builtins of csa/builtins.h (by value) become the llvm.csa intrinsics.

@_QQci8 = internal constant i32 8
@_QQci0 = internal constant i32 0
@.kind = private unnamed_addr addrspace(2) constant [7 x i8] c"cyclic\00"

declare void @builtin_csa_parallel_loop_()
declare void @builtin_csa_spmd_(ptr, ptr)
declare void @builtin_csa_pipeline_loop_(ptr)
declare spir_func void @__builtin_csa_spmd(i32, i32)
declare spir_func void @__builtin_csa_spmdization(i32, ptr addrspace(2))
declare spir_func i32 @__builtin_csa_parallel_region_entry(i32)
declare spir_func void @__builtin_csa_parallel_region_exit(i32)
declare spir_func i32 @__builtin_csa_parallel_section_entry(i32)
declare spir_func void @__builtin_csa_parallel_section_exit(i32)

; Constants passed through constant globals, as flang passes literals.
; CHECK-LABEL: define void @fortran_constants()
; CHECK-NEXT: call void @llvm.csa.parallel.loop()
; CHECK-NEXT: call void @llvm.csa.spmd(i32 8, i32 0)
; CHECK-NEXT: ret void
define void @fortran_constants() {
  call void @builtin_csa_parallel_loop_()
  call void @builtin_csa_spmd_(ptr @_QQci8, ptr @_QQci0)
  ret void
}

; A constant stored once into a local variable, as an unoptimized Fortran
; compile passes it.
; CHECK-LABEL: define void @fortran_local_variable()
; CHECK: call void @llvm.csa.pipeline.loop(i32 4)
; CHECK-NOT: builtin_csa
define void @fortran_local_variable() {
  %depth = alloca i32
  store i32 4, ptr %depth
  call void @builtin_csa_pipeline_loop_(ptr %depth)
  ret void
}

; The C builtins, with values; the kind string keeps its address.
; CHECK-LABEL: define spir_func void @c_builtins(i32 %w)
; CHECK-NEXT: call void @llvm.csa.spmd(i32 %w, i32 1)
; CHECK-NEXT: call void @llvm.csa.spmdization(i32 2, ptr addrspacecast (ptr addrspace(2) @.kind to ptr))
; CHECK-NEXT: %[[R:.+]] = call i32 @llvm.csa.parallel.region.entry(i32 7)
; CHECK-NEXT: %[[S:.+]] = call i32 @llvm.csa.parallel.section.entry(i32 %[[R]])
; CHECK-NEXT: call void @llvm.csa.parallel.section.exit(i32 %[[S]])
; CHECK-NEXT: call void @llvm.csa.parallel.region.exit(i32 %[[R]])
define spir_func void @c_builtins(i32 %w) {
  call spir_func void @__builtin_csa_spmd(i32 %w, i32 1)
  call spir_func void @__builtin_csa_spmdization(i32 2, ptr addrspace(2) @.kind)
  %r = call spir_func i32 @__builtin_csa_parallel_region_entry(i32 7)
  %s = call spir_func i32 @__builtin_csa_parallel_section_entry(i32 %r)
  call spir_func void @__builtin_csa_parallel_section_exit(i32 %s)
  call spir_func void @__builtin_csa_parallel_region_exit(i32 %r)
  ret void
}

; The source-level declarations are gone; the intrinsics are declared
; nounwind willreturn inaccessiblemem_or_argmemonly.
; CHECK-NOT: declare {{.*}}builtin_csa
; CHECK: declare void @llvm.csa.parallel.loop() #[[ATTRS:[0-9]+]]
; CHECK: attributes #[[ATTRS]] = { inaccessiblemem_or_argmemonly nounwind willreturn }
