// The float math functions (OpenCL C 1.2 section 6.12.2): the template
// math_float.inc, once per vector width.
#include "math.h"

#define LOOM_MATH_TEMPLATE "math_float.inc"
#include "math_widths.inc"
