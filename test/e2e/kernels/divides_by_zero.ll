; A kernel that divides by zero where no compiler pass can see it: x86's
; idiv in inline assembly, which raises SIGFPE in every work-item. The
; driver turns the exception into an error that ends the launch (Loom's
; own divisions cannot trap: trap-free-division).

target triple = "spir64-unknown-unknown"

declare i64 @_Z13get_global_idj(i32)

define spir_kernel void @divides_by_zero(ptr addrspace(1) %out) {
entry:
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %i = trunc i64 %gid to i32
  %q = call i32 asm sideeffect "cltd\0A\09idivl $2", "={ax},{ax},r,~{dx}"(i32 %i, i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %q, ptr addrspace(1) %p, align 4
  ret void
}
