// RUN: loomc --emit=asm %s -o - | FileCheck %s --check-prefix=ASM
// RUN: loomc --emit=ir %s -o - | FileCheck %s --check-prefix=IR
// RUN: loomc --emit=bc %s -o %t.bc
// RUN: llvm-dis %t.bc -o - | FileCheck %s --check-prefix=IR
// RUN: loomc --emit=spirv %s -o %t.spv
// RUN: spirv-val %t.spv
// RUN: loomc %t.spv --emit=ir -o - | FileCheck %s --check-prefix=IR
// RUN: not loomc --emit=png %s 2>&1 | FileCheck %s --check-prefix=BAD

// --emit picks what loomc writes: x86-64 assembly of the entry point, the
// final module as text or bitcode, or the frontend's module as SPIR-V (which
// validates, and compiles back to the same kernel).
// ASM: "add_three.mux-entry-hook":
// IR: define void @add_three.mux-entry-hook(
// BAD: loomc: error: unknown --emit kind 'png' (obj, asm, ir, bc or spirv)
kernel void add_three(global int *data) { data[get_global_id(0)] += 3; }
