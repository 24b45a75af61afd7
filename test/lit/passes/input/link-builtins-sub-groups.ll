; RUN: loom-opt -passes='link-builtins<early>' -S %s | FileCheck %s --check-prefix=EARLY
; RUN: loom-opt -passes='link-builtins<early>,lower-to-mux-builtins,link-builtins<late>' -S %s | FileCheck %s --check-prefix=LATE

; The collective sub-group functions stay calls until the vectorizer has
; made those of vector kernels operations across their lanes, each marked
; nomerge, so that no optimization merges the calls of two paths into one
; made by the work-items of both; the late stage links the library's
; bodies, for sub-groups of one work-item. The ballot helpers are library
; code over the sub-group queries, linked early like any builtin.
declare i32 @_Z20sub_group_reduce_addi(i32)
declare i32 @_Z15sub_group_electv()
declare i32 @_Z24sub_group_inverse_ballotDv4_j(<4 x i32>)

define i32 @user(i32 %x, <4 x i32> %b) {
  %sum = call i32 @_Z20sub_group_reduce_addi(i32 %x)
  %first = call i32 @_Z15sub_group_electv()
  %own = call i32 @_Z24sub_group_inverse_ballotDv4_j(<4 x i32> %b)
  %a = add i32 %sum, %first
  %r = add i32 %a, %own
  ret i32 %r
}

; EARLY-DAG: declare i32 @_Z20sub_group_reduce_addi(i32) #[[APART:[0-9]+]]
; EARLY-DAG: declare i32 @_Z15sub_group_electv() #[[APART]]
; EARLY-DAG: define internal i32 @_Z24sub_group_inverse_ballotDv4_j(
; EARLY-DAG: call i32 @_Z22get_sub_group_local_idv()
; EARLY-DAG: attributes #[[APART]] = { nomerge }
; EARLY-NOT: loom-deferred
; LATE-DAG: define internal i32 @_Z20sub_group_reduce_addi(
; LATE-DAG: define internal i32 @_Z15sub_group_electv(
