; RUN: loom-opt -passes=mark-c-kernels -S %s | FileCheck %s
; A C function marked annotate("loom_kernel") gets a spir_kernel of its name
; whose pointers are global buffers, cast back for the call, with OpenCL's
; argument metadata and a required work-group size of 1 x 1 x 1; the
; function becomes <name>.c-body, internal and always-inline. Other
; annotations stay.

@.kernel = private unnamed_addr constant [12 x i8] c"loom_kernel\00", section "llvm.metadata"
@.other = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@.file = private unnamed_addr constant [4 x i8] c"k.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @scale, ptr @.kernel, ptr @.file, i32 3, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @helper, ptr @.other, ptr @.file, i32 9, ptr null }], section "llvm.metadata"

; CHECK: @llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @helper, ptr @.other

; CHECK-LABEL: define internal spir_func void @scale.c-body(ptr noundef %out, ptr noundef %in, i32 noundef %n)
; CHECK-SAME: #[[BODY:[0-9]+]]
define spir_func void @scale(ptr noundef %out, ptr noundef %in, i32 noundef %n) #0 {
  store float 1.0, ptr %out
  ret void
}

define spir_func void @helper() {
  ret void
}

; CHECK-LABEL: define spir_kernel void @scale(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n)
; CHECK-SAME: #[[KERNEL:[0-9]+]] !kernel_arg_addr_space ![[AS:[0-9]+]] !kernel_arg_access_qual ![[ACCESS:[0-9]+]] !kernel_arg_type ![[TYPES:[0-9]+]]
; CHECK-SAME: !reqd_work_group_size ![[ONE:[0-9]+]]
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[OUT:.+]] = addrspacecast ptr addrspace(1) %out to ptr
; CHECK-NEXT: %[[IN:.+]] = addrspacecast ptr addrspace(1) %in to ptr
; CHECK-NEXT: call spir_func void @scale.c-body(ptr %[[OUT]], ptr %[[IN]], i32 %n)
; CHECK-NEXT: ret void

; CHECK-DAG: attributes #[[BODY]] = { alwaysinline "target-cpu"="generic" }
; CHECK-DAG: attributes #[[KERNEL]] = { "target-cpu"="generic" }
; CHECK-DAG: ![[AS]] = !{i32 1, i32 1, i32 0}
; CHECK-DAG: ![[ACCESS]] = !{!"none", !"none", !"none"}
; CHECK-DAG: ![[TYPES]] = !{!"void*", !"void*", !"int"}
; CHECK-DAG: ![[ONE]] = !{i32 1, i32 1, i32 1}

attributes #0 = { "target-cpu"="generic" }
