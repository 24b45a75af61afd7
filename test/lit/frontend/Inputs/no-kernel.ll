target triple = "spir64-unknown-unknown"
declare spir_func i64 @_Z13get_global_idj(i32)

define spir_func void @double_it(ptr addrspace(1) %data) {
  %i = call spir_func i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %data, i64 %i
  %v = load i32, ptr addrspace(1) %p
  %w = shl i32 %v, 1
  store i32 %w, ptr addrspace(1) %p
  ret void
}
