// RUN: loomc %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not loomc -Werror %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: loomc -w %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: loomc -cl-fast-relaxed-math -cl-mad-enable -cl-denorms-are-zero -cl-kernel-arg-info -cl-finite-math-only -cl-single-precision-constant -cl-unsafe-math-optimizations -cl-no-signed-zeros %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN

// The OpenCL build options Clang implements reach it: -Werror makes the
// warning an error, -w silences it, the math options are accepted.
// WARN: build-option-flags.cl:[[@LINE+4]]:11: warning: implicit conversion from 'double' to 'int' changes value from 1.5 to 1
// WERROR: build-option-flags.cl:[[@LINE+3]]:11: error: implicit conversion from 'double' to 'int' changes value from 1.5 to 1
// QUIET-NOT: warning
kernel void narrowing(global int *out) {
  int x = 1.5;
  out[get_global_id(0)] = x;
}
