; RUN: loom-opt -mcpu=znver3 -passes='function(float-vector-division)' -S %s | FileCheck %s

; x86 has no vector integer division: a vector division by a divisor that
; is not a constant becomes a division of doubles (of floats for lanes of
; at most 16 bits), where every operand and the quotient's integer part are
; exact, truncated back; a remainder is the dividend minus quotient times
; divisor. Constant divisors (the backend multiplies), 64-bit lanes (not
; exact in a double), scalars, and functions whose unsafe-fp-math lets the
; backend divide by a reciprocal estimate stay.

; CHECK-LABEL: define <8 x i32> @signed_quotient(
; CHECK-NEXT: [[A:%.+]] = sitofp <8 x i32> %a to <8 x double>
; CHECK-NEXT: [[B:%.+]] = sitofp <8 x i32> %b to <8 x double>
; CHECK-NEXT: [[Q:%.+]] = fdiv <8 x double> [[A]], [[B]]
; CHECK-NEXT: %q = fptosi <8 x double> [[Q]] to <8 x i32>
; CHECK-NEXT: ret <8 x i32> %q
define <8 x i32> @signed_quotient(<8 x i32> %a, <8 x i32> %b) {
  %q = sdiv <8 x i32> %a, %b
  ret <8 x i32> %q
}

; CHECK-LABEL: define <4 x i32> @unsigned_remainder(
; CHECK-NEXT: [[A:%.+]] = uitofp <4 x i32> %a to <4 x double>
; CHECK-NEXT: [[B:%.+]] = uitofp <4 x i32> %b to <4 x double>
; CHECK-NEXT: [[F:%.+]] = fdiv <4 x double> [[A]], [[B]]
; CHECK-NEXT: [[Q:%.+]] = fptoui <4 x double> [[F]] to <4 x i32>
; CHECK-NEXT: [[P:%.+]] = mul <4 x i32> [[Q]], %b
; CHECK-NEXT: %r = sub <4 x i32> %a, [[P]]
; CHECK-NEXT: ret <4 x i32> %r
define <4 x i32> @unsigned_remainder(<4 x i32> %a, <4 x i32> %b) {
  %r = urem <4 x i32> %a, %b
  ret <4 x i32> %r
}

; CHECK-LABEL: define <16 x i16> @short_remainder(
; CHECK-NEXT: [[A:%.+]] = sitofp <16 x i16> %a to <16 x float>
; CHECK-NEXT: [[B:%.+]] = sitofp <16 x i16> %b to <16 x float>
; CHECK-NEXT: [[F:%.+]] = fdiv <16 x float> [[A]], [[B]]
; CHECK-NEXT: [[Q:%.+]] = fptosi <16 x float> [[F]] to <16 x i16>
; CHECK-NEXT: [[P:%.+]] = mul <16 x i16> [[Q]], %b
; CHECK-NEXT: %r = sub <16 x i16> %a, [[P]]
define <16 x i16> @short_remainder(<16 x i16> %a, <16 x i16> %b) {
  %r = srem <16 x i16> %a, %b
  ret <16 x i16> %r
}

; CHECK-LABEL: define <8 x i8> @char_quotient(
; CHECK: uitofp <8 x i8> %a to <8 x float>
; CHECK: %q = fptoui <8 x float> {{%.+}} to <8 x i8>
define <8 x i8> @char_quotient(<8 x i8> %a, <8 x i8> %b) {
  %q = udiv <8 x i8> %a, %b
  ret <8 x i8> %q
}

; CHECK-LABEL: define <8 x i32> @left_alone(
; CHECK-NEXT: %by_constant = sdiv <8 x i32> %a, <i32 3, i32 5, i32 7, i32 9, i32 3, i32 5, i32 7, i32 9>
; CHECK-NEXT: %wide = udiv <4 x i64> %w, %v
; CHECK-NEXT: %scalar = sdiv i32 %s, %t
; CHECK-NEXT: ret <8 x i32> %by_constant
define <8 x i32> @left_alone(<8 x i32> %a, <4 x i64> %w, <4 x i64> %v, i32 %s, i32 %t) {
  %by_constant = sdiv <8 x i32> %a, <i32 3, i32 5, i32 7, i32 9, i32 3, i32 5, i32 7, i32 9>
  %wide = udiv <4 x i64> %w, %v
  %scalar = sdiv i32 %s, %t
  ret <8 x i32> %by_constant
}

; CHECK-LABEL: define <8 x i32> @unsafe_fp_math(
; CHECK-NEXT: %q = sdiv <8 x i32> %a, %b
define <8 x i32> @unsafe_fp_math(<8 x i32> %a, <8 x i32> %b) "unsafe-fp-math"="true" {
  %q = sdiv <8 x i32> %a, %b
  ret <8 x i32> %q
}
