; RUN: not loom-opt -passes=mark-c-kernels -S %s 2>&1 | FileCheck %s
; A function marked as a kernel must return void: an error names it.

; CHECK: error: 'answer' is marked as a kernel but does not return void or has no body

@.kernel = private unnamed_addr constant [12 x i8] c"loom_kernel\00", section "llvm.metadata"
@.file = private unnamed_addr constant [4 x i8] c"k.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @answer, ptr @.kernel, ptr @.file, i32 1, ptr null }], section "llvm.metadata"

define i32 @answer() {
  ret i32 42
}
