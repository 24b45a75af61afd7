; A kernel whose every work-item calls a function that stores, then
; reaches `unreachable`: the shape LLVM leaves of a function that must make
; progress (as the loops of C++ and C11 must) once it has deleted its loop
; that never ends and has no side effects (lit loomc/unreachable-traps.ll
; starts from the loop; here the shape is written out, so that unoptimized
; runs, where nothing deletes the loop, reach it too). The call, which
; cannot return, is followed by `unreachable` as well. The code generator
; makes both traps, which the driver turns into an error; without them the
; function would run off the end of its code into whatever follows (issue
; 34: CLsmith's fake_divergence 2023, whose regions kept the kernel's
; noreturn once they were called instead of inlined).

target triple = "spir64-unknown-unknown"

declare i64 @_Z13get_global_idj(i32)

define internal void @spin(ptr addrspace(1) %flag, i32 %x) noinline {
entry:
  store volatile i32 %x, ptr addrspace(1) %flag, align 4
  unreachable
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
