// OpenCL C 2.0's atomic functions (section 6.13.11 of the 2.0 specification,
// 6.15.12 of 3.0): atomic_init, atomic_load, atomic_store, atomic_exchange,
// atomic_compare_exchange_strong/weak, atomic_fetch_<op> and atomic_flag_*,
// with and without _explicit, on the generic address space and on __global
// and __local, plus the floating fetch operations of cl_ext_float_atomics
// that opencl-c.h declares for SPIR targets. Each calls a
// sequentially consistent helper of gen_atomics.py: stronger orders than
// asked are allowed, and every memory scope is coherent on the host. A weak
// compare-exchange never fails spuriously here.
#include "builtins.h"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

#define HELPERS(C, H)                                                          \
  C __loom_atomic_load_##H(volatile generic C *);                              \
  void __loom_atomic_store_##H(volatile generic C *, C);                       \
  C __loom_atomic_xchg_##H(volatile generic C *, C);
HELPERS(int, i32)
HELPERS(long, i64)
HELPERS(float, f32)
HELPERS(double, f64)
bool __loom_atomic_cmpxchg_i32(volatile generic int *, generic int *, int);
bool __loom_atomic_cmpxchg_i64(volatile generic long *, generic long *, long);
#define RMW(C, H)                                                              \
  C __loom_atomic_fetch_add_##H(volatile generic C *, C);                      \
  C __loom_atomic_fetch_sub_##H(volatile generic C *, C);                      \
  C __loom_atomic_fetch_and_##H(volatile generic C *, C);                      \
  C __loom_atomic_fetch_or_##H(volatile generic C *, C);                       \
  C __loom_atomic_fetch_xor_##H(volatile generic C *, C);                      \
  C __loom_atomic_fetch_min_##H(volatile generic C *, C);                      \
  C __loom_atomic_fetch_max_##H(volatile generic C *, C);                      \
  C __loom_atomic_fetch_umin_##H(volatile generic C *, C);                     \
  C __loom_atomic_fetch_umax_##H(volatile generic C *, C);
RMW(int, i32)
RMW(long, i64)
#define FLOAT_RMW(C, H)                                                        \
  C __loom_atomic_fetch_fadd_##H(volatile generic C *, C);                     \
  C __loom_atomic_fetch_fsub_##H(volatile generic C *, C);                     \
  C __loom_atomic_fetch_fmin_##H(volatile generic C *, C);                     \
  C __loom_atomic_fetch_fmax_##H(volatile generic C *, C);
FLOAT_RMW(float, f32)
FLOAT_RMW(double, f64)
void __loom_atomic_fence(void);

// A: the atomic type, C: its value type, S: the helpers' value type of that
// size (int, long, float, double) and H their suffix.
#define OBJ(S, obj) ((volatile generic S *)(obj))
#define VALUE(S, v) (*(S *)&(v))
#define BASIC(A, C, S, H, AS)                                                      \
  LOOM_OVERLOAD void atomic_init(volatile AS A *obj, C v) {               \
    *(volatile generic C *)obj = v;                                            \
  }                                                                            \
  LOOM_OVERLOAD void atomic_store(volatile AS A *obj, C v) {              \
    __loom_atomic_store_##H(OBJ(S, obj), VALUE(S, v));                         \
  }                                                                            \
  LOOM_OVERLOAD void atomic_store_explicit(volatile AS A *obj, C v,       \
                                           memory_order o) {                   \
    atomic_store(obj, v);                                                      \
  }                                                                            \
  LOOM_OVERLOAD void atomic_store_explicit(volatile AS A *obj, C v,       \
                                           memory_order o, memory_scope s) {   \
    atomic_store(obj, v);                                                      \
  }                                                                            \
  LOOM_OVERLOAD C atomic_load(volatile AS A *obj) {                       \
    S r = __loom_atomic_load_##H(OBJ(S, obj));                                 \
    return VALUE(C, r);                                                        \
  }                                                                            \
  LOOM_OVERLOAD C atomic_load_explicit(volatile AS A *obj,                \
                                       memory_order o) {                       \
    return atomic_load(obj);                                                   \
  }                                                                            \
  LOOM_OVERLOAD C atomic_load_explicit(volatile AS A *obj,                \
                                       memory_order o, memory_scope s) {       \
    return atomic_load(obj);                                                   \
  }                                                                            \
  LOOM_OVERLOAD C atomic_exchange(volatile AS A *obj, C v) {              \
    S r = __loom_atomic_xchg_##H(OBJ(S, obj), VALUE(S, v));                    \
    return VALUE(C, r);                                                        \
  }                                                                            \
  LOOM_OVERLOAD C atomic_exchange_explicit(volatile AS A *obj, C v,       \
                                           memory_order o) {                   \
    return atomic_exchange(obj, v);                                            \
  }                                                                            \
  LOOM_OVERLOAD C atomic_exchange_explicit(volatile AS A *obj, C v,       \
                                           memory_order o, memory_scope s) {   \
    return atomic_exchange(obj, v);                                            \
  }

// Compare-exchange on the integer bits, for integers and floats alike.
#define COMPARE_EXCHANGE(A, C, I, H, AS, EAS)                                           \
  LOOM_OVERLOAD bool atomic_compare_exchange_strong(                           \
      volatile AS A *obj, EAS C *expected, C desired) {               \
    return __loom_atomic_cmpxchg_##H(OBJ(I, obj), (generic I *)(EAS I *)expected,       \
                                     VALUE(I, desired));                       \
  }                                                                            \
  LOOM_OVERLOAD bool atomic_compare_exchange_strong_explicit(                  \
      volatile AS A *obj, EAS C *expected, C desired,                 \
      memory_order success, memory_order failure) {                            \
    return atomic_compare_exchange_strong(obj, expected, desired);             \
  }                                                                            \
  LOOM_OVERLOAD bool atomic_compare_exchange_strong_explicit(                  \
      volatile AS A *obj, EAS C *expected, C desired,                 \
      memory_order success, memory_order failure, memory_scope s) {            \
    return atomic_compare_exchange_strong(obj, expected, desired);             \
  }                                                                            \
  LOOM_OVERLOAD bool atomic_compare_exchange_weak(                             \
      volatile AS A *obj, EAS C *expected, C desired) {               \
    return atomic_compare_exchange_strong(obj, expected, desired);             \
  }                                                                            \
  LOOM_OVERLOAD bool atomic_compare_exchange_weak_explicit(                    \
      volatile AS A *obj, EAS C *expected, C desired,                 \
      memory_order success, memory_order failure) {                            \
    return atomic_compare_exchange_strong(obj, expected, desired);             \
  }                                                                            \
  LOOM_OVERLOAD bool atomic_compare_exchange_weak_explicit(                    \
      volatile AS A *obj, EAS C *expected, C desired,                 \
      memory_order success, memory_order failure, memory_scope s) {            \
    return atomic_compare_exchange_strong(obj, expected, desired);             \
  }

// One fetch operation OP (helper HOP) in its three forms; M is the operand
// type (ptrdiff_t for atomic_uintptr_t's add and sub).
#define FETCH(A, C, M, I, H, OP, HOP, AS)                                          \
  LOOM_OVERLOAD C atomic_fetch_##OP(volatile AS A *obj, M v) {            \
    return (C)__loom_atomic_fetch_##HOP##_##H(OBJ(I, obj), (I)v);              \
  }                                                                            \
  LOOM_OVERLOAD C atomic_fetch_##OP##_explicit(volatile AS A *obj, M v,   \
                                               memory_order o) {               \
    return atomic_fetch_##OP(obj, v);                                          \
  }                                                                            \
  LOOM_OVERLOAD C atomic_fetch_##OP##_explicit(                                \
      volatile AS A *obj, M v, memory_order o, memory_scope s) {          \
    return atomic_fetch_##OP(obj, v);                                          \
  }
#define FETCH_ALL(A, C, I, H, MIN, MAX, AS)                                    \
  FETCH(A, C, C, I, H, add, add, AS) FETCH(A, C, C, I, H, sub, sub, AS)        \
  FETCH(A, C, C, I, H, and, and, AS) FETCH(A, C, C, I, H, or, or, AS)          \
  FETCH(A, C, C, I, H, xor, xor, AS) FETCH(A, C, C, I, H, min, MIN, AS)        \
  FETCH(A, C, C, I, H, max, MAX, AS)
// Floating fetch operations (cl_ext_float_atomics), on the value itself.
#define FETCH_FLOAT(A, C, H, AS)                                               \
  FETCH(A, C, C, C, H, add, fadd, AS) FETCH(A, C, C, C, H, sub, fsub, AS)      \
  FETCH(A, C, C, C, H, min, fmin, AS) FETCH(A, C, C, C, H, max, fmax, AS)

#define EVERY_TYPE(AS)                                                         \
  BASIC(atomic_int, int, int, i32, AS)                                         \
  BASIC(atomic_uint, uint, int, i32, AS)                                       \
  BASIC(atomic_long, long, long, i64, AS)                                      \
  BASIC(atomic_ulong, ulong, long, i64, AS)                                    \
  BASIC(atomic_float, float, float, f32, AS)                                   \
  BASIC(atomic_double, double, double, f64, AS)                                \
  FETCH_ALL(atomic_int, int, int, i32, min, max, AS)                           \
  FETCH_ALL(atomic_uint, uint, int, i32, umin, umax, AS)                       \
  FETCH_ALL(atomic_long, long, long, i64, min, max, AS)                        \
  FETCH_ALL(atomic_ulong, ulong, long, i64, umin, umax, AS)                    \
  FETCH_FLOAT(atomic_float, float, f32, AS)                                    \
  FETCH_FLOAT(atomic_double, double, f64, AS)                                  \
  FETCH(atomic_uintptr_t, uintptr_t, ptrdiff_t, long, i64, add, add, AS)       \
  FETCH(atomic_uintptr_t, uintptr_t, ptrdiff_t, long, i64, sub, sub, AS)       \
  FLAG(AS)
// The __global and __local forms also take intptr_t / uintptr_t operands of
// the other signedness; the object's type decides min and max.
#define MIXED(AS)                                                              \
  FETCH(atomic_uintptr_t, uintptr_t, intptr_t, long, i64, or, or, AS)          \
  FETCH(atomic_uintptr_t, uintptr_t, intptr_t, long, i64, xor, xor, AS)        \
  FETCH(atomic_uintptr_t, uintptr_t, intptr_t, long, i64, and, and, AS)        \
  FETCH(atomic_uintptr_t, uintptr_t, intptr_t, long, i64, min, umin, AS)       \
  FETCH(atomic_uintptr_t, uintptr_t, intptr_t, long, i64, max, umax, AS)       \
  FETCH(atomic_intptr_t, intptr_t, uintptr_t, long, i64, or, or, AS)           \
  FETCH(atomic_intptr_t, intptr_t, uintptr_t, long, i64, xor, xor, AS)         \
  FETCH(atomic_intptr_t, intptr_t, uintptr_t, long, i64, and, and, AS)         \
  FETCH(atomic_intptr_t, intptr_t, uintptr_t, long, i64, min, min, AS)         \
  FETCH(atomic_intptr_t, intptr_t, uintptr_t, long, i64, max, max, AS)
#define EVERY_EXCHANGE(AS, EAS)                                                \
  COMPARE_EXCHANGE(atomic_int, int, int, i32, AS, EAS)                         \
  COMPARE_EXCHANGE(atomic_uint, uint, int, i32, AS, EAS)                       \
  COMPARE_EXCHANGE(atomic_long, long, long, i64, AS, EAS)                      \
  COMPARE_EXCHANGE(atomic_ulong, ulong, long, i64, AS, EAS)                    \
  COMPARE_EXCHANGE(atomic_float, float, int, i32, AS, EAS)                     \
  COMPARE_EXCHANGE(atomic_double, double, long, i64, AS, EAS)

// atomic_flag: an int that is 0 when clear.
#define FLAG(AS)                                                               \
  LOOM_OVERLOAD bool atomic_flag_test_and_set(volatile AS atomic_flag *f) {    \
    return __loom_atomic_xchg_i32(OBJ(int, f), 1) != 0;                        \
  }                                                                            \
  LOOM_OVERLOAD bool atomic_flag_test_and_set_explicit(                        \
      volatile AS atomic_flag *f, memory_order o) {                            \
    return atomic_flag_test_and_set(f);                                        \
  }                                                                            \
  LOOM_OVERLOAD bool atomic_flag_test_and_set_explicit(                        \
      volatile AS atomic_flag *f, memory_order o, memory_scope s) {            \
    return atomic_flag_test_and_set(f);                                        \
  }                                                                            \
  LOOM_OVERLOAD void atomic_flag_clear(volatile AS atomic_flag *f) {           \
    __loom_atomic_store_i32(OBJ(int, f), 0);                                   \
  }                                                                            \
  LOOM_OVERLOAD void atomic_flag_clear_explicit(volatile AS atomic_flag *f,    \
                                                memory_order o) {              \
    atomic_flag_clear(f);                                                      \
  }                                                                            \
  LOOM_OVERLOAD void atomic_flag_clear_explicit(                               \
      volatile AS atomic_flag *f, memory_order o, memory_scope s) {            \
    atomic_flag_clear(f);                                                      \
  }

// The generic forms, and the __global and __local ones OpenCL C 3.0 declares
// beside them (compare-exchange with `expected` in any writable space).
EVERY_TYPE(generic)
EVERY_TYPE(__global)
EVERY_TYPE(__local)
MIXED(__global)
MIXED(__local)
EVERY_EXCHANGE(generic, generic)
EVERY_EXCHANGE(__global, __global)
EVERY_EXCHANGE(__global, __local)
EVERY_EXCHANGE(__global, __private)
EVERY_EXCHANGE(__local, __global)
EVERY_EXCHANGE(__local, __local)
EVERY_EXCHANGE(__local, __private)

LOOM_OVERLOAD void atomic_work_item_fence(cl_mem_fence_flags flags,
                                          memory_order o, memory_scope s) {
  __loom_atomic_fence();
}
