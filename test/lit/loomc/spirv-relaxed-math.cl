// RUN: rm -rf %t && mkdir -p %t
// RUN: loomc --target=reference -cl-fast-relaxed-math --emit=spirv %s -o %t/k.spv
// RUN: spirv-val %t/k.spv
// RUN: spirv-dis %t/k.spv | FileCheck %s --check-prefix=WRITTEN
// RUN: loomc --target=reference -cl-fast-relaxed-math --print-after=relaxed-math \
// RUN:   %t/k.spv -o %t/relaxed.o 2>&1 | FileCheck %s --check-prefix=RELAXED
// RUN: loomc --target=reference --print-after=relaxed-math %t/k.spv \
// RUN:   -o %t/full.o 2>&1 | FileCheck %s --check-prefix=FULL

// Under -cl-fast-relaxed-math, SPIRV-LLVM-Translator 15 declared the
// FPFastMathModeINTEL capability without its extension, and loomc then
// refused its own SPIR-V: Loom writes SPIR-V without that extension, so the
// fast-math flags become the core FPFastMathMode bits.
// WRITTEN-NOT: FPFastMathModeINTEL
// WRITTEN: FPFastMathMode NotNaN|NotInf|NSZ|AllowRecip
// WRITTEN-NOT: FPFastMathModeINTEL

// SPIR-V carries no fast-math flags on its calls of builtins: the options
// given with it relax them all (relaxed-math<all>), and without them the
// same SPIR-V keeps the full-precision builtins.
// RELAXED: call {{.*}}float @_Z18__loom_relaxed_expf(
// RELAXED: call {{.*}}float @_Z20__loom_relaxed_sinpif(
// FULL: call {{.*}}float @_Z3expf(
// FULL: call {{.*}}float @_Z5sinpif(

kernel void relaxed(global float *x) {
  size_t i = get_global_id(0);
  x[i] = exp(x[i]) + sinpi(x[i]);
}
