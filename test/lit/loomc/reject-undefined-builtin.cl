// RUN: not loomc %s -o %t.o 2>&1 | FileCheck %s

// A builtin the library does not provide yet is named, demangled.
// CHECK: error: 'uses_sin' calls 'sin(float)', which no library Loom links provides
kernel void uses_sin(global float *p) { p[0] = sin(p[0]); }
