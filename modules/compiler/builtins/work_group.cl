// Work-group functions of OpenCL C 2.0 (section 6.13.15): all, any,
// broadcast, and reduce / inclusive scan / exclusive scan with add, min and
// max. Every work-item writes its value to the work-group scratch, a barrier
// makes them visible, each work-item combines what it needs in work-item
// order, and a last barrier keeps the next call from overwriting values still
// being read. Built as OpenCL C 2.0 for the declarations.
#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__local ulong *__loom_work_group_scratch(void);
#define SCRATCH(T) ((__local T *)__loom_work_group_scratch())
#define SYNC() work_group_barrier(CLK_LOCAL_MEM_FENCE)

static size_t items(void) {
  return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

LOOM_OVERLOAD int work_group_all(int predicate) {
  __local int *s = SCRATCH(int);
  s[get_local_linear_id()] = predicate != 0;
  SYNC();
  int all = 1;
  for (size_t i = 0, n = items(); i < n; ++i)
    all &= s[i];
  SYNC();
  return all;
}

LOOM_OVERLOAD int work_group_any(int predicate) {
  __local int *s = SCRATCH(int);
  s[get_local_linear_id()] = predicate != 0;
  SYNC();
  int any = 0;
  for (size_t i = 0, n = items(); i < n; ++i)
    any |= s[i];
  SYNC();
  return any;
}

#define BROADCAST(T)                                                           \
  static T broadcast_##T(T a, size_t from) {                                   \
    __local T *s = SCRATCH(T);                                                 \
    if (get_local_linear_id() == from)                                         \
      s[0] = a;                                                                \
    SYNC();                                                                    \
    T value = s[0];                                                            \
    SYNC();                                                                    \
    return value;                                                              \
  }                                                                            \
  LOOM_OVERLOAD T work_group_broadcast(T a, size_t x) {                        \
    return broadcast_##T(a, x);                                                \
  }                                                                            \
  LOOM_OVERLOAD T work_group_broadcast(T a, size_t x, size_t y) {              \
    return broadcast_##T(a, y * get_local_size(0) + x);                        \
  }                                                                            \
  LOOM_OVERLOAD T work_group_broadcast(T a, size_t x, size_t y, size_t z) {    \
    return broadcast_##T(a, (z * get_local_size(1) + y) * get_local_size(0) + x); \
  }

#define ADD(a, b) ((a) + (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((a) < (b) ? (b) : (a))

// Combines the values of work-items [0, end) with OP, starting from IDENTITY.
#define COLLECTIVE(T, NAME, OP, IDENTITY)                                      \
  static T combine_##NAME##_##T(T x, size_t end) {                             \
    __local T *s = SCRATCH(T);                                                 \
    s[get_local_linear_id()] = x;                                              \
    SYNC();                                                                    \
    T acc = IDENTITY;                                                          \
    for (size_t i = 0; i < end; ++i)                                           \
      acc = OP(acc, s[i]);                                                     \
    SYNC();                                                                    \
    return acc;                                                                \
  }                                                                            \
  LOOM_OVERLOAD T work_group_reduce_##NAME(T x) {                              \
    return combine_##NAME##_##T(x, items());                                   \
  }                                                                            \
  LOOM_OVERLOAD T work_group_scan_inclusive_##NAME(T x) {                      \
    return combine_##NAME##_##T(x, get_local_linear_id() + 1);                 \
  }                                                                            \
  LOOM_OVERLOAD T work_group_scan_exclusive_##NAME(T x) {                      \
    return combine_##NAME##_##T(x, get_local_linear_id());                     \
  }

#define ALL_COLLECTIVES(T, LOWEST, HIGHEST)                                    \
  BROADCAST(T)                                                                 \
  COLLECTIVE(T, add, ADD, (T)0)                                                \
  COLLECTIVE(T, min, MIN, HIGHEST)                                             \
  COLLECTIVE(T, max, MAX, LOWEST)

ALL_COLLECTIVES(int, INT_MIN, INT_MAX)
ALL_COLLECTIVES(uint, 0, UINT_MAX)
ALL_COLLECTIVES(long, LONG_MIN, LONG_MAX)
ALL_COLLECTIVES(ulong, 0, ULONG_MAX)
ALL_COLLECTIVES(float, -INFINITY, INFINITY)
ALL_COLLECTIVES(double, -INFINITY, INFINITY)
