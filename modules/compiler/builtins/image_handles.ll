; The conversions OpenCL C cannot write, for image.cl: an image argument is
; the address of its loom_image_t (metadata/image.h), so __loom_image gives
; back the pointer each image type is; a sampler is its bits, so
; __loom_sampler gives back the integer a sampler_t is, and
; __translate_sampler_initializer (which Clang calls for a sampler literal)
; makes the sampler_t of the literal's bits.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_func ptr addrspace(2) @__translate_sampler_initializer(i32 %bits) #0 {
  %sampler = inttoptr i32 %bits to ptr addrspace(2)
  ret ptr addrspace(2) %sampler
}

define spir_func i32 @_Z14__loom_sampler11ocl_sampler(ptr addrspace(2) %sampler) #0 {
  %bits = ptrtoint ptr addrspace(2) %sampler to i32
  ret i32 %bits
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image1d_ro(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image21ocl_image1d_buffer_ro(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image20ocl_image1d_array_ro(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image2d_ro(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image20ocl_image2d_array_ro(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image3d_ro(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image1d_wo(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image21ocl_image1d_buffer_wo(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image20ocl_image1d_array_wo(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image2d_wo(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image20ocl_image2d_array_wo(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image3d_wo(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image1d_rw(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image21ocl_image1d_buffer_rw(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image20ocl_image1d_array_rw(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image2d_rw(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image20ocl_image2d_array_rw(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

define spir_func ptr addrspace(1) @_Z12__loom_image14ocl_image3d_rw(ptr addrspace(1) %image) #0 {
  ret ptr addrspace(1) %image
}

attributes #0 = { alwaysinline mustprogress nofree norecurse nounwind readnone willreturn }
