; RUN: loomc --target=reference --emit=asm %s -o - | FileCheck %s

; The code generator makes every `unreachable` a trap (CodeGenerator.h),
; after calls that do not return too. @spin stores, then loops for ever
; without side effects; it must make progress, so LLVM deletes the loop and
; leaves `unreachable` after the store, and the kernel's call to it, which
; cannot return, is followed by `unreachable`. Without the traps both would
; run off the end of their code; with them the driver stops the launch
; (e2e KernelFaults.UnreachableCodeTrapsInsteadOfRunningOn runs the shape
; LLVM leaves, written out: kernels/loops_forever.ll).

target triple = "spir64-unknown-unknown"

declare i64 @_Z13get_global_idj(i32)

define internal void @spin(ptr addrspace(1) %flag, i32 %x) noinline mustprogress {
entry:
  store volatile i32 %x, ptr addrspace(1) %flag, align 4
  br label %loop

loop:
  %v = phi i32 [ %x, %entry ], [ %next, %loop ]
  %next = mul i32 %v, 3
  br label %loop
}

define spir_kernel void @loops_forever(ptr addrspace(1) %out) {
entry:
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  call void @spin(ptr addrspace(1) %p, i32 %i)
  store i32 -1, ptr addrspace(1) %p, align 4
  ret void
}

; CHECK-LABEL: spin:
; CHECK: movl %{{[a-z0-9]+}}, (%{{[a-z0-9]+}})
; CHECK-NEXT: ud2
; CHECK-LABEL: "loops_forever.mux-entry-hook":
; CHECK: callq spin
; CHECK-NEXT: ud2
; CHECK-NOT: $-1
; CHECK: .size "loops_forever.mux-entry-hook"
