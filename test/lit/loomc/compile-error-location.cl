// RUN: not loomc %s -o %t.o 2>&1 | FileCheck %s
// RUN: sh -c 'loomc %s -o %t.o 2>/dev/null; test $? -eq 1'

// A compile error comes back in Clang's format with file, line and column,
// and exit code 1.
// CHECK: compile-error-location.cl:[[@LINE+2]]:10: error: use of undeclared identifier 'missing'
kernel void broken(global int *p) {
  p[0] = missing;
}
