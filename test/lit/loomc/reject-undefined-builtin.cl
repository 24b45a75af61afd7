// RUN: not loomc %s -o %t.o 2>&1 | FileCheck %s

// A function no library provides is named, demangled.
// CHECK: error: 'uses_helper' calls 'helper(float)', which no library Loom links provides
__attribute__((overloadable)) float helper(float);
kernel void uses_helper(global float *p) { p[0] = helper(p[0]); }
