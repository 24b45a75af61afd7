; RUN: loom-opt -passes='add-metadata<target=reference>' -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%MuxPackedArgs.blur = type { ptr addrspace(1), ptr addrspace(2), ptr addrspace(1), ptr addrspace(1) }

define void @blur.mux-kernel-wrapper(ptr %args, ptr %wg) #0 !mux_arg_types !0 !mux_arg_base_types !1 !mux_arg_access_quals !2 {
  ret void
}

; An image and a sampler are pointers in the IR; their base types make them
; arguments of kinds 5 and 6 (the image in the global address space, the
; sampler in none), the image with its access
; qualifier (3, read_write) and type (4, 2D) after its type qualifiers, and
; a typedef of an image type is the image (type 6, 3D; access 2,
; write_only). A buffer has neither (two zero bytes).
; CHECK: @loom.kernel_descriptors = internal constant
; CHECK-SAME: \05\01\00\00\03\04\08\00\00\00\08\00\00\00\00\00\00\00\09\00\00\00image2d_t
; CHECK-SAME: \06\00\00\00\00\00\08\00\00\00\08\00\00\00\08\00\00\00\09\00\00\00sampler_t
; CHECK-SAME: \05\01\00\00\02\06\08\00\00\00\08\00\00\00\10\00\00\00\06\00\00\00volume
; CHECK-SAME: \00\01\00\00\00\00\08\00\00\00\08\00\00\00\18\00\00\00\07\00\00\00float4*

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="blur" "mux-packed-args"="MuxPackedArgs.blur" }

!0 = !{!"image2d_t", !"sampler_t", !"volume", !"float4*"}
!1 = !{!"image2d_t", !"sampler_t", !"image3d_t", !"float __attribute__((ext_vector_type(4)))*"}
!2 = !{!"read_write", !"none", !"write_only", !"none"}
