; RUN: loom-opt -passes=trap-free-division -S %s | FileCheck %s

; A signed division by an unknown value may divide by zero or overflow
; (MIN / -1): the divisor becomes 1 in both cases.
; CHECK-LABEL: define i32 @sdiv_unknown(
; CHECK: [[ZERO:%.*]] = icmp eq i32 %b, 0
; CHECK: [[MIN:%.*]] = icmp eq i32 %a, -2147483648
; CHECK: [[MINUSONE:%.*]] = icmp eq i32 %b, -1
; CHECK: [[OVER:%.*]] = and i1 [[MIN]], [[MINUSONE]]
; CHECK: [[TRAPS:%.*]] = or i1 [[ZERO]], [[OVER]]
; CHECK: [[SAFE:%.*]] = select i1 [[TRAPS]], i32 1, i32 %b
; CHECK: sdiv i32 %a, [[SAFE]]
define i32 @sdiv_unknown(i32 %a, i32 %b) {
  %q = sdiv i32 %a, %b
  ret i32 %q
}

; A signed remainder has the same two traps on x86.
; CHECK-LABEL: define i64 @srem_unknown(
; CHECK: [[ZERO:%.*]] = icmp eq i64 %b, 0
; CHECK: [[MIN:%.*]] = icmp eq i64 %a, -9223372036854775808
; CHECK: [[MINUSONE:%.*]] = icmp eq i64 %b, -1
; CHECK: [[OVER:%.*]] = and i1 [[MIN]], [[MINUSONE]]
; CHECK: [[TRAPS:%.*]] = or i1 [[ZERO]], [[OVER]]
; CHECK: [[SAFE:%.*]] = select i1 [[TRAPS]], i64 1, i64 %b
; CHECK: srem i64 %a, [[SAFE]]
define i64 @srem_unknown(i64 %a, i64 %b) {
  %r = srem i64 %a, %b
  ret i64 %r
}

; Unsigned division only traps on zero.
; CHECK-LABEL: define i8 @udiv_unknown(
; CHECK: [[ZERO:%.*]] = icmp eq i8 %b, 0
; CHECK-NEXT: [[SAFE:%.*]] = select i1 [[ZERO]], i8 1, i8 %b
; CHECK-NEXT: udiv i8 %a, [[SAFE]]
define i8 @udiv_unknown(i8 %a, i8 %b) {
  %q = udiv i8 %a, %b
  ret i8 %q
}

; CHECK-LABEL: define i16 @urem_unknown(
; CHECK: [[ZERO:%.*]] = icmp eq i16 %b, 0
; CHECK-NEXT: [[SAFE:%.*]] = select i1 [[ZERO]], i16 1, i16 %b
; CHECK-NEXT: urem i16 %a, [[SAFE]]
define i16 @urem_unknown(i16 %a, i16 %b) {
  %r = urem i16 %a, %b
  ret i16 %r
}

; A constant divisor other than 0 and -1 cannot trap: no guard, so division
; by a constant costs what it did.
; CHECK-LABEL: define i32 @sdiv_constant(
; CHECK-NEXT: %q = sdiv i32 %a, 7
; CHECK-NEXT: ret i32 %q
define i32 @sdiv_constant(i32 %a) {
  %q = sdiv i32 %a, 7
  ret i32 %q
}

; CHECK-LABEL: define <4 x i32> @urem_constant_vector(
; CHECK-NEXT: %r = urem <4 x i32> %a, <i32 3, i32 5, i32 7, i32 9>
define <4 x i32> @urem_constant_vector(<4 x i32> %a) {
  %r = urem <4 x i32> %a, <i32 3, i32 5, i32 7, i32 9>
  ret <4 x i32> %r
}

; Dividing by -1 never divides by zero; only MIN / -1 is guarded.
; CHECK-LABEL: define i32 @sdiv_minus_one(
; CHECK: [[MIN:%.*]] = icmp eq i32 %a, -2147483648
; CHECK-NEXT: [[SAFE:%.*]] = select i1 [[MIN]], i32 1, i32 -1
; CHECK-NEXT: sdiv i32 %a, [[SAFE]]
define i32 @sdiv_minus_one(i32 %a) {
  %q = sdiv i32 %a, -1
  ret i32 %q
}

; A dividend known not to be the minimum (here non-negative) cannot
; overflow: only the zero guard remains.
; CHECK-LABEL: define i32 @sdiv_small_dividend(
; CHECK: [[ZERO:%.*]] = icmp eq i32 %b, 0
; CHECK-NEXT: [[SAFE:%.*]] = select i1 [[ZERO]], i32 1, i32 %b
; CHECK-NEXT: sdiv i32 %small, [[SAFE]]
define i32 @sdiv_small_dividend(i32 %a, i32 %b) {
  %small = and i32 %a, 255
  %q = sdiv i32 %small, %b
  ret i32 %q
}

; A literal zero divisor gets the defined result too: x / 0 == x.
; CHECK-LABEL: define i32 @udiv_zero(
; CHECK-NEXT: %q = udiv i32 %a, 1
define i32 @udiv_zero(i32 %a) {
  %q = udiv i32 %a, 0
  ret i32 %q
}

; Vectors are guarded lane by lane.
; CHECK-LABEL: define <4 x i32> @sdiv_vector(
; CHECK: [[ZERO:%.*]] = icmp eq <4 x i32> %b, zeroinitializer
; CHECK: [[MIN:%.*]] = icmp eq <4 x i32> %a, <i32 -2147483648,
; CHECK: [[MINUSONE:%.*]] = icmp eq <4 x i32> %b, <i32 -1,
; CHECK: [[OVER:%.*]] = and <4 x i1> [[MIN]], [[MINUSONE]]
; CHECK: [[TRAPS:%.*]] = or <4 x i1> [[ZERO]], [[OVER]]
; CHECK: [[SAFE:%.*]] = select <4 x i1> [[TRAPS]], <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i32> %b
; CHECK: sdiv <4 x i32> %a, [[SAFE]]
define <4 x i32> @sdiv_vector(<4 x i32> %a, <4 x i32> %b) {
  %q = sdiv <4 x i32> %a, %b
  ret <4 x i32> %q
}
