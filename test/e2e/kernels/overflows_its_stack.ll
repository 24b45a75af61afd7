; A kernel that overflows its thread's stack, as a frame larger than the
; driver allowed for would: inline assembly that moves the stack pointer
; down a page at a time and writes there until it faults in the stack's
; guard page. The handler then has no room on the thread's stack and runs
; on its signal stack; the driver ends the launch with an error, and
; leaving the kernel puts the stack pointer back.

target triple = "spir64-unknown-unknown"

declare i64 @_Z13get_global_idj(i32)

define spir_kernel void @overflows_its_stack(ptr addrspace(1) %out) {
entry:
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 1, ptr addrspace(1) %p, align 4
  call void asm sideeffect "1:\0A\09subq $$4096, %rsp\0A\09movq $$0, (%rsp)\0A\09jmp 1b", "~{memory}"()
  ret void
}
