; RUN: loom-opt -passes=transfer-kernel-metadata -S %s | FileCheck %s

; A spir_kernel becomes the entry point of its kernel, keeps its name as the
; original name, and gets Clang's reqd_work_group_size as Loom's metadata.
; CHECK-LABEL: define spir_kernel void @with_reqd_size(
; CHECK-SAME: #[[KERNEL_ATTRS:[0-9]+]]
; CHECK-SAME: !mux_reqd_wg_size ![[REQD:[0-9]+]]
define spir_kernel void @with_reqd_size(ptr addrspace(1) %out) !reqd_work_group_size !0 {
  ret void
}

; A work_group_size_hint becomes !mux_wg_size_hint.
; CHECK-LABEL: define spir_kernel void @with_hint(
; CHECK-SAME: !mux_wg_size_hint ![[HINT:[0-9]+]]
define spir_kernel void @with_hint() !work_group_size_hint !1 {
  ret void
}

; A vec_type_hint becomes !mux_vec_type_hint.
; CHECK-LABEL: define spir_kernel void @with_vec_type_hint(
; CHECK-SAME: !mux_vec_type_hint ![[VECHINT:[0-9]+]]
define spir_kernel void @with_vec_type_hint() !vec_type_hint !2 {
  ret void
}

; The argument information Clang gives (kernel_arg_type, _type_qual, and
; kernel_arg_name with -cl-kernel-arg-info) becomes Loom's, for the
; descriptor.
; CHECK-LABEL: define spir_kernel void @with_arg_info(
; CHECK-SAME: !mux_arg_types ![[TYPES:[0-9]+]]
; CHECK-SAME: !mux_arg_type_quals ![[QUALS:[0-9]+]]
; CHECK-SAME: !mux_arg_names ![[NAMES:[0-9]+]]
define spir_kernel void @with_arg_info(ptr addrspace(1) %a, i32 %n) !kernel_arg_type !3 !kernel_arg_type_qual !4 !kernel_arg_name !5 {
  ret void
}

; An image's and a sampler's base types and access qualifiers become
; Loom's, from which the descriptor knows them (a typedef of image2d_t
; keeps its name in kernel_arg_type, not in the base type).
; CHECK-LABEL: define spir_kernel void @with_image(
; CHECK-SAME: !mux_arg_types ![[ITYPES:[0-9]+]]
; CHECK-SAME: !mux_arg_base_types ![[IBASE:[0-9]+]]
; CHECK-SAME: !mux_arg_access_quals ![[IACCESS:[0-9]+]]
define spir_kernel void @with_image(ptr addrspace(1) %img, ptr addrspace(2) %s) !kernel_arg_type !6 !kernel_arg_base_type !7 !kernel_arg_access_qual !8 {
  ret void
}

; A function that is not a kernel is left alone.
; CHECK-LABEL: define spir_func void @helper() {
define spir_func void @helper() {
  ret void
}

; CHECK-DAG: attributes #[[KERNEL_ATTRS]] = { "mux-kernel"="entry-point" "mux-orig-fn"="with_reqd_size" }
; CHECK-DAG: ![[REQD]] = !{i32 16, i32 4, i32 1}
; CHECK-DAG: ![[HINT]] = !{i32 8, i32 1, i32 1}
; CHECK-DAG: ![[VECHINT]] = !{<4 x float> undef, i32 1}
; CHECK-DAG: ![[TYPES]] = !{!"float*", !"int"}
; CHECK-DAG: ![[QUALS]] = !{!"const restrict", !""}
; CHECK-DAG: ![[NAMES]] = !{!"a", !"n"}
; CHECK-DAG: ![[ITYPES]] = !{!"picture", !"sampler_t"}
; CHECK-DAG: ![[IBASE]] = !{!"image2d_t", !"sampler_t"}
; CHECK-DAG: ![[IACCESS]] = !{!"read_only", !"none"}
!0 = !{i32 16, i32 4, i32 1}
!1 = !{i32 8, i32 1, i32 1}
!2 = !{<4 x float> undef, i32 1}
!3 = !{!"float*", !"int"}
!4 = !{!"const restrict", !""}
!5 = !{!"a", !"n"}
!6 = !{!"picture", !"sampler_t"}
!7 = !{!"image2d_t", !"sampler_t"}
!8 = !{!"read_only", !"none"}
