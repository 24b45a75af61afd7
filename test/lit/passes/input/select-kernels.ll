; RUN: loom-opt -passes='select-kernels<kernel=kept>' -S %s | FileCheck %s
; RUN: loom-opt -passes='select-kernels<kernel=kept;kernel=unused>' -S %s | FileCheck %s --check-prefix=TWO
; RUN: loom-opt -passes=select-kernels -S %s | FileCheck %s --check-prefix=ALL
; RUN: not loom-opt -passes='select-kernels<name=kept>' -S %s 2>&1 | FileCheck %s --check-prefix=BADKEY
; RUN: not loom-opt -passes='select-kernels<kernel=>' -S %s 2>&1 | FileCheck %s --check-prefix=NONAME

; Only the kernels asked for stay kernels. One nothing calls is deleted;
; one a kept kernel calls stays as an ordinary function.

; CHECK-LABEL: define void @kept(ptr addrspace(1) %p) #0 {
; CHECK: call void @called(
define void @kept(ptr addrspace(1) %p) #0 {
  call void @called(ptr addrspace(1) %p)
  call void @helper(ptr addrspace(1) %p)
  ret void
}

; CHECK-NOT: @unused
; TWO-LABEL: define void @unused(ptr addrspace(1) %p) #0 {
; ALL-LABEL: define void @unused(ptr addrspace(1) %p) #0 {
define void @unused(ptr addrspace(1) %p) #0 {
  store i32 2, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define void @called(ptr addrspace(1) %p) {
; TWO-LABEL: define void @called(ptr addrspace(1) %p) {
; ALL-LABEL: define void @called(ptr addrspace(1) %p) #0 {
define void @called(ptr addrspace(1) %p) #0 {
  store i32 3, ptr addrspace(1) %p
  ret void
}

; Functions that are no kernels are left as they are.
; CHECK-LABEL: define void @helper(
define void @helper(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; CHECK: attributes #0 = { "mux-kernel"="entry-point" }

; BADKEY: invalid select-kernels pass parameter 'name'
; NONAME: select-kernels: 'kernel=' needs a name

attributes #0 = { "mux-kernel"="entry-point" }
