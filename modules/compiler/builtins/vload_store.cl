// vloadn / vstoren (OpenCL C 1.2 section 6.12.7) for every scalar type and
// n = 2, 3, 4, 8, 16. Built twice: for OpenCL C 1.2 with one overload per
// address space, and for OpenCL C 3.0 with the generic address space only.
#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// Element-wise copies: `p` need only be aligned to the scalar type.
#define VLOAD_STORE(T, N, AS)                                                  \
  LOOM_OVERLOAD T##N vload##N(size_t offset, const AS T *p) {                  \
    T##N v;                                                                    \
    const AS T *src = p + offset * N;                                          \
    __builtin_memcpy(&v, src, sizeof(T) * N);                                  \
    return v;                                                                  \
  }
#define VSTORE(T, N, AS)                                                       \
  LOOM_OVERLOAD void vstore##N(T##N v, size_t offset, AS T *p) {               \
    AS T *dst = p + offset * N;                                                \
    __builtin_memcpy(dst, &v, sizeof(T) * N);                                  \
  }

#define FOR_N(F, T, AS) F(T, 2, AS) F(T, 3, AS) F(T, 4, AS) F(T, 8, AS) F(T, 16, AS)
#define FOR_TYPES(F, AS)                                                       \
  FOR_N(F, char, AS) FOR_N(F, uchar, AS) FOR_N(F, short, AS)                   \
  FOR_N(F, ushort, AS) FOR_N(F, int, AS) FOR_N(F, uint, AS)                    \
  FOR_N(F, long, AS) FOR_N(F, ulong, AS) FOR_N(F, float, AS)                   \
  FOR_N(F, double, AS)

#if defined(__opencl_c_generic_address_space)
FOR_TYPES(VLOAD_STORE, )
FOR_TYPES(VSTORE, )
#else
FOR_TYPES(VLOAD_STORE, __global)
FOR_TYPES(VLOAD_STORE, __local)
FOR_TYPES(VLOAD_STORE, __constant)
FOR_TYPES(VLOAD_STORE, __private)
FOR_TYPES(VSTORE, __global)
FOR_TYPES(VSTORE, __local)
FOR_TYPES(VSTORE, __private)
#endif
