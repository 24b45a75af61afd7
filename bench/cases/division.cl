// Integer division with the divisor known and unknown at compile time:
// what trap-free-division costs (bench/compare_pocl.sh
// bench/cases/divide_*.json). Constant divisors other than 0 and -1 get no
// guard; a divisor read from memory gets one.
__kernel void divide_constant(__global const int *a, __global int *q) {
  size_t i = get_global_id(0);
  q[i] = a[i] / 7 + a[i] % 13;
}

__kernel void divide_variable(__global const int *a, __global const int *b,
                              __global int *q) {
  size_t i = get_global_id(0);
  q[i] = a[i] / b[i] + a[i] % b[i];
}
