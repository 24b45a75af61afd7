/*===- host_reference.h - OpenCL C's work-item model for C on the host -===*\
 *
 * \file
 * Included before a CLsmith kernel that host_reference.py compiles as C
 * for the host: the address-space qualifiers vanish, the work-item
 * functions read what host_reference_main.c set for the running thread,
 * `barrier` waits for the other threads of the group, the fences are the
 * host's, and the OpenCL 1.x atomics and integer built-ins CLsmith's
 * kernels and safe-math headers call are defined for every scalar type
 * with Clang's `overloadable`.
 * Vector types are not defined: kernels of CLsmith's --vectors modes do
 * not compile here. Assumes Clang (overloadable, __int128, __atomic).
 *
\*===----------------------------------------------------------------------===*/

#ifndef LOOM_TEST_RANDOM_HOST_REFERENCE_H
#define LOOM_TEST_RANDOM_HOST_REFERENCE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

/* One address space. __local variables of the kernel's body are made
   `static` by host_reference.py, so that the threads of a group share
   them; the groups run one after another. */
#define __kernel
#define __global
#define __local
#define __private
#define __constant const
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2

extern size_t HostGlobalSize[3], HostLocalSize[3];
extern __thread size_t HostLocalId[3], HostGroupId[3];

static inline uint get_work_dim(void) { return 3; }
static inline size_t get_global_size(uint D) {
  return D < 3 ? HostGlobalSize[D] : 1;
}
static inline size_t get_local_size(uint D) {
  return D < 3 ? HostLocalSize[D] : 1;
}
static inline size_t get_num_groups(uint D) {
  return D < 3 ? HostGlobalSize[D] / HostLocalSize[D] : 1;
}
static inline size_t get_local_id(uint D) { return D < 3 ? HostLocalId[D] : 0; }
static inline size_t get_group_id(uint D) { return D < 3 ? HostGroupId[D] : 0; }
static inline size_t get_global_id(uint D) {
  return D < 3 ? HostGroupId[D] * HostLocalSize[D] + HostLocalId[D] : 0;
}

/* The line tells barriers apart: work-items of a group waiting at
   different ones is barrier divergence, which OpenCL leaves undefined. */
void hostBarrier(int Line);
#define barrier(Flags) hostBarrier(__LINE__)

#define HOST_OVERLOAD static inline __attribute__((overloadable))
#define HOST_SEQ_CST __ATOMIC_SEQ_CST

/* The work-items are threads sharing one address space, so a fence of
   either address space is a fence of the host's memory. Stronger than
   OpenCL asks (sequentially consistent), which only removes outcomes. */
#define mem_fence(Flags) __atomic_thread_fence(HOST_SEQ_CST)
#define read_mem_fence(Flags) __atomic_thread_fence(HOST_SEQ_CST)
#define write_mem_fence(Flags) __atomic_thread_fence(HOST_SEQ_CST)

/* OpenCL 1.x atomics on 32-bit integers, each returning the old value: one
   __atomic builtin each, or, for min and max, a compare-and-swap loop that
   keeps the old value when `Old Keeps V` holds. */
#define HOST_FETCH(T, Name, Builtin)                                           \
  HOST_OVERLOAD T Name(volatile T *P, T V) {                                   \
    return Builtin(P, V, HOST_SEQ_CST);                                        \
  }
#define HOST_FETCH_ONE(T, Name, Builtin)                                       \
  HOST_OVERLOAD T Name(volatile T *P) { return Builtin(P, 1, HOST_SEQ_CST); }
#define HOST_FETCH_KEEPING(T, Name, Keeps)                                     \
  HOST_OVERLOAD T Name(volatile T *P, T V) {                                   \
    T Old = __atomic_load_n(P, HOST_SEQ_CST);                                  \
    while (!__atomic_compare_exchange_n(P, &Old, Old Keeps V ? Old : V, 0,     \
                                        HOST_SEQ_CST, HOST_SEQ_CST))           \
      ;                                                                        \
    return Old;                                                                \
  }
#define HOST_ATOMICS(T)                                                        \
  HOST_FETCH(T, atomic_add, __atomic_fetch_add)                                \
  HOST_FETCH(T, atomic_sub, __atomic_fetch_sub)                                \
  HOST_FETCH(T, atomic_xchg, __atomic_exchange_n)                              \
  HOST_FETCH(T, atomic_and, __atomic_fetch_and)                                \
  HOST_FETCH(T, atomic_or, __atomic_fetch_or)                                  \
  HOST_FETCH(T, atomic_xor, __atomic_fetch_xor)                                \
  HOST_FETCH_ONE(T, atomic_inc, __atomic_fetch_add)                            \
  HOST_FETCH_ONE(T, atomic_dec, __atomic_fetch_sub)                            \
  HOST_FETCH_KEEPING(T, atomic_min, <)                                         \
  HOST_FETCH_KEEPING(T, atomic_max, >)                                         \
  HOST_OVERLOAD T atomic_cmpxchg(volatile T *P, T Expected, T V) {             \
    __atomic_compare_exchange_n(P, &Expected, V, 0, HOST_SEQ_CST,              \
                                HOST_SEQ_CST);                                 \
    return Expected;                                                           \
  }
HOST_ATOMICS(int)
HOST_ATOMICS(uint)

/* The integer built-ins, computed in a wider type W where a sum or a
   product of two T cannot overflow; BITS is T's width. */
#define HOST_IS_SIGNED(T) ((T)-1 < 0)
#define HOST_MAX(T, W, BITS)                                                   \
  (HOST_IS_SIGNED(T) ? ((W)1 << (BITS - 1)) - 1 : ((W)1 << BITS) - 1)
#define HOST_MIN(T, W, BITS) (HOST_IS_SIGNED(T) ? -((W)1 << (BITS - 1)) : (W)0)
#define HOST_INTEGER_BUILTINS(T, W, BITS)                                      \
  HOST_OVERLOAD T hostSaturate(W X, T Like) {                                  \
    (void)Like;                                                                \
    return X > HOST_MAX(T, W, BITS)   ? (T)HOST_MAX(T, W, BITS)                \
           : X < HOST_MIN(T, W, BITS) ? (T)HOST_MIN(T, W, BITS)                \
                                      : (T)X;                                  \
  }                                                                            \
  HOST_OVERLOAD T mul_hi(T A, T B) { return (T)(((W)A * (W)B) >> BITS); }      \
  HOST_OVERLOAD T mad_hi(T A, T B, T C) { return mul_hi(A, B) + C; }           \
  HOST_OVERLOAD T min(T A, T B) { return A < B ? A : B; }                      \
  HOST_OVERLOAD T max(T A, T B) { return A > B ? A : B; }                      \
  HOST_OVERLOAD T clamp(T X, T Lo, T Hi) { return min(max(X, Lo), Hi); }       \
  HOST_OVERLOAD T add_sat(T A, T B) { return hostSaturate((W)A + (W)B, A); }   \
  HOST_OVERLOAD T sub_sat(T A, T B) { return hostSaturate((W)A - (W)B, A); }   \
  HOST_OVERLOAD T hadd(T A, T B) { return (T)(((W)A + (W)B) >> 1); }           \
  HOST_OVERLOAD T rhadd(T A, T B) { return (T)(((W)A + (W)B + 1) >> 1); }      \
  HOST_OVERLOAD T rotate(T V, T N) {                                           \
    unsigned Shift = (unsigned)N & (BITS - 1);                                 \
    unsigned __int128 Bits =                                                   \
        (unsigned __int128)V & ((((unsigned __int128)1) << BITS) - 1);         \
    return (T)(Shift ? (Bits << Shift) | (Bits >> (BITS - Shift)) : Bits);     \
  }
/* OpenCL's char is signed, as x86-64's is. */
HOST_INTEGER_BUILTINS(char, int, 8)
HOST_INTEGER_BUILTINS(uchar, int, 8)
HOST_INTEGER_BUILTINS(short, int, 16)
HOST_INTEGER_BUILTINS(ushort, int, 16)
HOST_INTEGER_BUILTINS(int, long, 32)
HOST_INTEGER_BUILTINS(uint, ulong, 32)
HOST_INTEGER_BUILTINS(long, __int128, 64)
HOST_INTEGER_BUILTINS(ulong, unsigned __int128, 64)
HOST_OVERLOAD int mul24(int A, int B) { return A * B; }
HOST_OVERLOAD uint mul24(uint A, uint B) { return A * B; }
HOST_OVERLOAD int mad24(int A, int B, int C) { return A * B + C; }
HOST_OVERLOAD uint mad24(uint A, uint B, uint C) { return A * B + C; }

#endif /* LOOM_TEST_RANDOM_HOST_REFERENCE_H */
