/* A relocatable object the ELF loader tests load: code, data, bss, a call
   to an external the driver provides, and a function pointer (absolute
   relocation). Compiled by the system C compiler at build time. */
#include <string.h>

int loom_test_table[4] = {10, 20, 30, 40};
static int loom_test_zeros[64];

int loom_test_add(int a, int b) { return a + b + loom_test_table[1]; }

int loom_test_clear(int n) {
  memset(loom_test_zeros, 0, sizeof(int) * (unsigned)n);
  loom_test_zeros[3] = n;
  return loom_test_zeros[3] + loom_test_zeros[2];
}

int (*loom_test_pointer)(int, int) = loom_test_add;
