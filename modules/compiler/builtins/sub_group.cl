// sub_group.cl: the sub-group functions of OpenCL C 3.0's optional feature
// __opencl_c_subgroups (not the cl_khr_subgroups extension: doc/opencl.md)
// and of the cl_khr_subgroup_* extensions Loom reports (extended types,
// non-uniform vote, ballot, non-uniform arithmetic, shuffle, relative
// shuffle, clustered reduce).
//
// Every function here is for a sub-group of one work-item, whose local id
// is 0, which OpenCL allows (doc/builtins.md): a collective is the
// work-item's own value, or the operation's identity where no work-item
// comes before it (exclusive scans), and a ballot holds bit 0 alone. The
// code outside vector kernels runs them: they are linked after
// vectorization (BuiltinInfo::isLinkedAfterVectorization), and in a vector
// kernel whose W lanes are a sub-group Vecz makes the ones it knows
// operations across the lanes, or leaves the kernel scalar. The queries
// (get_sub_group_size, get_sub_group_id, ...) are mux builtins
// (compiler/analysis/Builtins.def), defined alike.
#include "builtins.h"

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// A work-item alone is always at the barrier, and sees its own memory
// operations in program order.
LOOM_OVERLOAD void sub_group_barrier(cl_mem_fence_flags flags) {}
LOOM_OVERLOAD void sub_group_barrier(cl_mem_fence_flags flags,
                                     memory_scope scope) {}

LOOM_CONST int sub_group_all(int predicate) { return predicate != 0; }
LOOM_CONST int sub_group_any(int predicate) { return predicate != 0; }

// clang-format off

// F(T) for every scalar type the sub-group functions take, and for the
// integer ones.
#define FOR_INTEGERS(F)                                                        \
  F(char) F(uchar) F(short) F(ushort) F(int) F(uint) F(long) F(ulong)
#define FOR_SCALARS(F) FOR_INTEGERS(F) F(float) F(double)

// F(T) for every scalar type and its vectors (broadcasts take vectors).
#define FOR_WIDTHS(F, T) F(T) F(T##2) F(T##3) F(T##4) F(T##8) F(T##16)
#define FOR_SCALARS_AND_VECTORS(F)                                             \
  FOR_WIDTHS(F, char) FOR_WIDTHS(F, uchar) FOR_WIDTHS(F, short)                \
  FOR_WIDTHS(F, ushort) FOR_WIDTHS(F, int) FOR_WIDTHS(F, uint)                 \
  FOR_WIDTHS(F, long) FOR_WIDTHS(F, ulong) FOR_WIDTHS(F, float)                \
  FOR_WIDTHS(F, double)

// clang-format on

// Broadcasts and shuffles: the only work-item's value, the one any valid
// index or delta names.
#define BROADCASTS(T)                                                          \
  LOOM_CONST T sub_group_broadcast(T value, uint index) { return value; }      \
  LOOM_CONST T sub_group_non_uniform_broadcast(T value, uint index) {          \
    return value;                                                              \
  }
FOR_SCALARS_AND_VECTORS(BROADCASTS)

#define SCALAR_EXCHANGES(T)                                                    \
  LOOM_CONST T sub_group_broadcast_first(T value) { return value; }            \
  LOOM_CONST T sub_group_shuffle(T value, uint index) { return value; }        \
  LOOM_CONST T sub_group_shuffle_xor(T value, uint mask) { return value; }     \
  LOOM_CONST T sub_group_shuffle_up(T value, uint delta) { return value; }     \
  LOOM_CONST T sub_group_shuffle_down(T value, uint delta) { return value; }   \
  LOOM_CONST int sub_group_non_uniform_all_equal(T value) { return 1; }
FOR_SCALARS(SCALAR_EXCHANGES)

// Reductions and inclusive scans of one value are the value; exclusive
// scans are the operation's identity. OP names the operation, ID its
// identity for type T.
#define COLLECTIVE(PREFIX, OP, T, ID)                                          \
  LOOM_CONST T PREFIX##reduce_##OP(T value) { return value; }                  \
  LOOM_CONST T PREFIX##scan_inclusive_##OP(T value) { return value; }          \
  LOOM_CONST T PREFIX##scan_exclusive_##OP(T value) { return ID; }
#define CLUSTERED(OP, T)                                                       \
  LOOM_CONST T sub_group_clustered_reduce_##OP(T value, uint clustersize) {    \
    return value;                                                              \
  }

// add, min and max for every type, in uniform and non-uniform control flow;
// mul too in non-uniform control flow (cl_khr_subgroup_non_uniform_
// arithmetic); each clustered.
#define ARITHMETIC(T, MIN, MAX)                                                \
  COLLECTIVE(sub_group_, add, T, (T)0)                                         \
  COLLECTIVE(sub_group_, min, T, MAX)                                          \
  COLLECTIVE(sub_group_, max, T, MIN)                                          \
  COLLECTIVE(sub_group_non_uniform_, add, T, (T)0)                             \
  COLLECTIVE(sub_group_non_uniform_, min, T, MAX)                              \
  COLLECTIVE(sub_group_non_uniform_, max, T, MIN)                              \
  COLLECTIVE(sub_group_non_uniform_, mul, T, (T)1)                             \
  CLUSTERED(add, T) CLUSTERED(min, T) CLUSTERED(max, T) CLUSTERED(mul, T)
ARITHMETIC(char, CHAR_MIN, CHAR_MAX)
ARITHMETIC(uchar, (uchar)0, UCHAR_MAX)
ARITHMETIC(short, SHRT_MIN, SHRT_MAX)
ARITHMETIC(ushort, (ushort)0, USHRT_MAX)
ARITHMETIC(int, INT_MIN, INT_MAX)
ARITHMETIC(uint, 0u, UINT_MAX)
ARITHMETIC(long, LONG_MIN, LONG_MAX)
ARITHMETIC(ulong, 0ul, ULONG_MAX)
ARITHMETIC(float, -INFINITY, INFINITY)
ARITHMETIC(double, -(double)INFINITY, (double)INFINITY)

// and, or and xor of the integer types.
#define BITWISE(T)                                                             \
  COLLECTIVE(sub_group_non_uniform_, and, T, (T) ~(T)0)                        \
  COLLECTIVE(sub_group_non_uniform_, or, T, (T)0)                              \
  COLLECTIVE(sub_group_non_uniform_, xor, T, (T)0)                             \
  CLUSTERED(and, T) CLUSTERED(or, T) CLUSTERED(xor, T)
FOR_INTEGERS(BITWISE)

// The logical operations take and give 0 or 1.
#define LOGICAL(OP, ID)                                                        \
  LOOM_CONST int sub_group_non_uniform_reduce_logical_##OP(int predicate) {    \
    return predicate != 0;                                                     \
  }                                                                            \
  LOOM_CONST int sub_group_non_uniform_scan_inclusive_logical_##OP(            \
      int predicate) {                                                         \
    return predicate != 0;                                                     \
  }                                                                            \
  LOOM_CONST int sub_group_non_uniform_scan_exclusive_logical_##OP(            \
      int predicate) {                                                         \
    return ID;                                                                 \
  }                                                                            \
  LOOM_CONST int sub_group_clustered_reduce_logical_##OP(int predicate,        \
                                                         uint clustersize) {   \
    return predicate != 0;                                                     \
  }
LOGICAL(and, 1)
LOGICAL(or, 0)
LOGICAL(xor, 0)

// Votes: the work-item is the sub-group's first active one.
LOOM_CONST int sub_group_elect(void) { return 1; }
LOOM_CONST int sub_group_non_uniform_all(int predicate) {
  return predicate != 0;
}
LOOM_CONST int sub_group_non_uniform_any(int predicate) {
  return predicate != 0;
}

// Ballots: bit i of a uint4 (i / 32 its element) is the work-item of
// sub-group local id i. sub_group_ballot works across the sub-group (only
// bit 0 is one of a sub-group of one); the helpers below read a ballot
// with the work-item's own local id and the sub-group's size, so they are
// right for any sub-group and are inlined before vectorization
// (OPENCL_SUB_GROUP_LANE_FUNCTION in compiler/analysis/Builtins.def).
LOOM_CONST uint4 sub_group_ballot(int predicate) {
  return (uint4)(predicate != 0, 0, 0, 0);
}

// The bits [0, n) of a ballot, n at most 128.
static uint4 bits_below(uint n) {
  uint4 bits;
  for (uint i = 0; i < 4u; ++i) {
    uint first = 32u * i;
    bits[i] = n >= first + 32u ? ~0u : n <= first ? 0u : (1u << (n - first)) - 1u;
  }
  return bits;
}

static uint count_bits(uint4 value) {
  return popcount(value.x) + popcount(value.y) + popcount(value.z) +
         popcount(value.w);
}

LOOM_OVERLOAD int sub_group_ballot_bit_extract(uint4 value, uint index) {
  uint word = index < 128u ? value[index / 32u] : 0u;
  return (int)((word >> (index % 32u)) & 1u);
}
LOOM_OVERLOAD int sub_group_inverse_ballot(uint4 value) {
  return sub_group_ballot_bit_extract(value, get_sub_group_local_id());
}
// The bit count and the first and last bits consider the bits below the
// maximum sub-group size, as the CTS does, also in a row's last sub-group
// when it is smaller.
LOOM_OVERLOAD uint sub_group_ballot_bit_count(uint4 value) {
  return count_bits(value & bits_below(get_max_sub_group_size()));
}
LOOM_OVERLOAD uint sub_group_ballot_inclusive_scan(uint4 value) {
  return count_bits(value & bits_below(get_sub_group_local_id() + 1u));
}
LOOM_OVERLOAD uint sub_group_ballot_exclusive_scan(uint4 value) {
  return count_bits(value & bits_below(get_sub_group_local_id()));
}
// The result is undefined where no bit of the sub-group is set: 0 then.
LOOM_OVERLOAD uint sub_group_ballot_find_lsb(uint4 value) {
  uint4 bits = value & bits_below(get_max_sub_group_size());
  for (uint i = 0; i < 4u; ++i)
    if (bits[i] != 0u)
      return 32u * i + ctz(bits[i]);
  return 0;
}
LOOM_OVERLOAD uint sub_group_ballot_find_msb(uint4 value) {
  uint4 bits = value & bits_below(get_max_sub_group_size());
  for (uint i = 4; i-- > 0;)
    if (bits[i] != 0u)
      return 32u * i + 31u - clz(bits[i]);
  return 0;
}
LOOM_OVERLOAD uint4 get_sub_group_eq_mask(void) {
  uint id = get_sub_group_local_id();
  return bits_below(id + 1u) & ~bits_below(id);
}
LOOM_OVERLOAD uint4 get_sub_group_ge_mask(void) {
  return bits_below(get_sub_group_size()) &
         ~bits_below(get_sub_group_local_id());
}
LOOM_OVERLOAD uint4 get_sub_group_gt_mask(void) {
  return bits_below(get_sub_group_size()) &
         ~bits_below(get_sub_group_local_id() + 1u);
}
LOOM_OVERLOAD uint4 get_sub_group_le_mask(void) {
  return bits_below(get_sub_group_local_id() + 1u);
}
LOOM_OVERLOAD uint4 get_sub_group_lt_mask(void) {
  return bits_below(get_sub_group_local_id());
}
