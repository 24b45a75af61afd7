// async_work_group_copy, async_work_group_strided_copy, wait_group_events
// and prefetch (OpenCL C 1.2 section 6.12.10). Every work-item of the group
// reaches these with the same arguments, so the copy is shared out: item k
// of the group copies elements k, k + size, k + 2 size, ... The copies are
// done when the call returns; wait_group_events is the work-group barrier
// after which every item may read what the others copied. The event is
// returned as given: there is nothing to wait on but the barrier.
#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define GROUP_SIZE (get_local_size(0) * get_local_size(1) * get_local_size(2))
// get_local_linear_id is OpenCL C 2.0 on.
#define LOCAL_LINEAR_ID                                                        \
  (get_local_id(0) +                                                           \
   get_local_size(0) *                                                         \
       (get_local_id(1) + get_local_size(1) * get_local_id(2)))

// DST and SRC: the address spaces; the stride applies to the global side.
#define ASYNC(T, DST, SRC, DST_STRIDE, SRC_STRIDE)                             \
  LOOM_OVERLOAD event_t async_work_group_copy(DST T *dst, const SRC T *src,    \
                                              size_t n, event_t event) {       \
    for (size_t i = LOCAL_LINEAR_ID; i < n; i += GROUP_SIZE)                   \
      dst[i] = src[i];                                                         \
    return event;                                                              \
  }                                                                            \
  LOOM_OVERLOAD event_t async_work_group_strided_copy(                         \
      DST T *dst, const SRC T *src, size_t n, size_t stride, event_t event) {  \
    for (size_t i = LOCAL_LINEAR_ID; i < n; i += GROUP_SIZE)                   \
      dst[i * DST_STRIDE] = src[i * SRC_STRIDE];                               \
    return event;                                                              \
  }
#define ASYNC_BOTH(T)                                                          \
  ASYNC(T, __local, __global, 1, stride)                                       \
  ASYNC(T, __global, __local, stride, 1)                                       \
  LOOM_OVERLOAD void prefetch(const __global T *p, size_t n) {}
#define ASYNC_WIDTHS(T)                                                        \
  ASYNC_BOTH(T)                                                                \
  ASYNC_BOTH(T##2) ASYNC_BOTH(T##3) ASYNC_BOTH(T##4) ASYNC_BOTH(T##8)          \
      ASYNC_BOTH(T##16)
// Built for OpenCL C 1.2 and 3.0 (like vload_store.cl): the copies name
// their address spaces, so they are the same in both and built once; only
// wait_group_events's event pointer differs (private, then generic).
#if !defined(__opencl_c_generic_address_space)
ASYNC_WIDTHS(char)
ASYNC_WIDTHS(uchar)
ASYNC_WIDTHS(short)
ASYNC_WIDTHS(ushort)
ASYNC_WIDTHS(int)
ASYNC_WIDTHS(uint)
ASYNC_WIDTHS(long)
ASYNC_WIDTHS(ulong)
ASYNC_WIDTHS(float)
ASYNC_WIDTHS(double)
#endif

LOOM_OVERLOAD void wait_group_events(int num_events, event_t *events) {
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
