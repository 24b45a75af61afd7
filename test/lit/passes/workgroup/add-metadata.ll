; RUN: loom-opt -passes='add-metadata<target=csa;cpu=skylake>' -S %s | FileCheck %s
; RUN: loom-opt --target=csa -passes='add-metadata<target=csa;cpu=skylake>' -S %s | FileCheck %s --check-prefix=CSA
; RUN: not loom-opt -passes='add-metadata<colour=red>' -S %s 2>&1 | FileCheck %s --check-prefix=ERR

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%MuxPackedArgs.saxpy = type { float, ptr addrspace(1), ptr addrspace(1) }

; Variables of the global address space the module defines count, 12 + 2
; bytes; a declaration and the constant and private address spaces' do not.
@table = addrspace(1) global [3 x i32] zeroinitializer
@flag = internal addrspace(1) global i16 0
@elsewhere = external addrspace(1) global [64 x i32]
@coefficients = addrspace(2) constant [4 x float] zeroinitializer
@private = global [32 x i8] zeroinitializer

define void @saxpy.mux-kernel-wrapper(ptr %args, ptr %wg) #0 !mux_reqd_wg_size !0 !mux_arg_types !1 !mux_accumulator_args !2 !mux_arg_type_quals !3 !mux_arg_names !4 {
  ret void
}

; The descriptors are one constant in the .loom.kernels section, kept alive
; through @llvm.used. Bytes, little-endian: magic "LMKD", format 9, ABI 5,
; target "csa", cpu "skylake", no features, 14 bytes of global variables,
; one kernel; its record: name
; "saxpy", entry "saxpy.mux-kernel-wrapper", 24 bytes of packed arguments,
; required size 64x1x1, no hint, no local memory, width 1, sub-groups of
; one work-item, no stack (no
; private memory, no barriers: 0 bytes, 0 per work-item), the work-group
; info layout of the target's BuiltinInfo (0, the reference's), no
; vec_type_hint (an empty string), three arguments:
; a 4-byte float at 0, then two global buffers (address space 1) of 8 bytes
; at 8 and 16, each with the type name the source gave it, the qualifiers
; of its type as bits after its accumulator byte (!mux_arg_type_quals: 3,
; const and restrict; 4, volatile), no access qualifier and no image type
; (two zero bytes), and its name after its type name
; (!mux_arg_names); the last is an accumulator of 4-byte additions
; (!mux_accumulator_args), the byte after its address space.
; CHECK: @loom.kernel_descriptors = internal constant [{{[0-9]+}} x i8] c"LMKD\09\00\00\00\05\00\00\00\03\00\00\00csa\07\00\00\00skylake\00\00\00\00\0E\00\00\00\00\00\00\00\01\00\00\00
; CHECK-SAME: \05\00\00\00saxpy\18\00\00\00saxpy.mux-kernel-wrapper\18\00\00\00@\00\00\00\01\00\00\00\01\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\01\00\00\00\01\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\03\00\00\00
; CHECK-SAME: \03\00\00\00\00\00\04\00\00\00\04\00\00\00\00\00\00\00\05\00\00\00float\01\00\00\00a
; CHECK-SAME: \00\01\00\03\00\00\08\00\00\00\08\00\00\00\08\00\00\00\06\00\00\00float*\01\00\00\00x
; CHECK-SAME: \00\01\04\04\00\00\08\00\00\00\08\00\00\00\10\00\00\00\06\00\00\00float*\01\00\00\00y"
; CHECK-SAME: section ".loom.kernels", align 8
; CHECK: @llvm.used = appending global [1 x ptr] [ptr @loom.kernel_descriptors], section "llvm.metadata"

; With the CSA target's BuiltinInfo the layout is 1, the CSA's.
; CSA: c"LMKD{{.*}}saxpy.mux-kernel-wrapper{{.*}}\01\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\01\00\00\00\00\00\00\00\03\00\00\00\03\00\00\00\00\00\04\00\00\00\04

; ERR: invalid add-metadata pass parameter 'colour'
attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="saxpy" "mux-packed-args"="MuxPackedArgs.saxpy" }
!0 = !{i32 64, i32 1, i32 1}
!1 = !{!"float", !"float*", !"float*"}
!2 = !{i32 0, i32 0, i32 4}
!3 = !{!"", !"const restrict", !"volatile"}
!4 = !{!"a", !"x", !"y"}
