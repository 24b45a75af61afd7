; RUN: %loom-opt --target=@NAME@ -passes=@NAME@-tag-kernels -S %s | FileCheck %s

; A kernel entry point gets the target's attribute.
; CHECK-LABEL: define void @kernel(
; CHECK-SAME: #[[KERNEL:[0-9]+]]
define void @kernel(ptr addrspace(1) %out) #0 {
  ret void
}

; A function that is not a kernel is left alone.
; CHECK-LABEL: define void @helper(
; CHECK-NOT: #
define void @helper() {
  ret void
}

; CHECK: attributes #[[KERNEL]] = { {{.*}}"@NAME@-kernel"
attributes #0 = { "mux-kernel"="entry-point" }
