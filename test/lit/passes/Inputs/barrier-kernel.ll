; A kernel with a barrier, which this version of the work-item loops rejects.
declare void @_Z7barrierj(i32)

define void @with_barrier() #0 {
  call void @_Z7barrierj(i32 1)
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="with_barrier" }
