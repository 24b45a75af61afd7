; The work-group scratch the work-group functions (work_group.cl) exchange
; values through: 8 bytes for each of up to 1024 work-items. It is a
; kernel-scope __local variable once linked, so it gets its place in the
; work-group's local-memory arena like any other.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

@__loom_work_group_scratch_storage = internal addrspace(3) global [1024 x i64] undef, align 8

define ptr addrspace(3) @__loom_work_group_scratch() #0 {
  ret ptr addrspace(3) @__loom_work_group_scratch_storage
}

attributes #0 = { nounwind readnone willreturn }
