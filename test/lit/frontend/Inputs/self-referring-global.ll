; A global whose initializer refers to an undefined function and to itself
; (found by the IR fuzzer): the check naming the function that uses the
; undefined one looked through @table forever.
target triple = "spir64-unknown-unknown"
@table = addrspace(1) global { ptr, ptr addrspace(1) } { ptr @undefined_helper, ptr addrspace(1) @table }
declare spir_func void @undefined_helper()
define spir_kernel void @k(ptr addrspace(1) %p) {
  ret void
}
