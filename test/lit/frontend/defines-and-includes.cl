// RUN: loomc -S -DVALUE=42 -I %S/Inputs %s -o - | FileCheck %s
// RUN: loomc -S -cl-std=CL3.0 -DVALUE=42 -I %S/Inputs %s -o - | FileCheck %s

// -D and -I reach the preprocessor, in OpenCL C 1.2 and 3.0 alike.
// CHECK: store i32 {{42|%}}
#include "offset.h"
kernel void fill(global int *p) { p[get_global_id(0)] = VALUE + OFFSET; }
