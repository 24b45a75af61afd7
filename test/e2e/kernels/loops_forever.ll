; A kernel whose every work-item calls a function that stores, then spins
; in a loop without side effects that never ends. The function must make
; progress (as the loops of C++ and C11 must), so the loop is undefined
; behaviour: LLVM deletes it, leaving `unreachable` after the store, and
; the call, which cannot return, is followed by `unreachable` too (the
; store keeps the call). The code generator makes both traps, which the
; driver turns into an error; without them the function would run off the
; end of its code into whatever follows (issue 34: CLsmith's
; fake_divergence 2023 once its regions were called instead of inlined).

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
