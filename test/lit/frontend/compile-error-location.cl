// RUN: not loomc %s -o %t.o 2>&1 | FileCheck %s
// RUN: sh -c 'loomc %s -o %t.o 2>/dev/null; test $? -eq 1'

// A compile error comes back in Clang's format with file, line and column,
// and exit code 1: a diagnostic (compiler::DiagnosticError), printed as it
// is, not after "loomc: error: " as loomc's other errors are.
// CHECK: {{^}}{{[^ ]*}}compile-error-location.cl:[[@LINE+3]]:10: error: use of undeclared identifier 'missing'
// CHECK-NOT: loomc: error
kernel void broken(global int *p) {
  p[0] = missing;
}
