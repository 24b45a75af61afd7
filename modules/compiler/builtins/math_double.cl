// The double math functions (OpenCL C 1.2 section 6.12.2, with cl_khr_fp64):
// the template math_double.inc, once per vector width.
#include "math.h"

#define LOOM_MATH_TEMPLATE "math_double.inc"
#include "math_widths.inc"
