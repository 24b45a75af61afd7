; RUN: loom-opt -mcpu=znver3 -passes='function(wide-masks)' -S %s | FileCheck %s
; RUN: loom-opt -mcpu=skylake-avx512 -passes='function(wide-masks)' -S %s | FileCheck %s --check-prefix=MASKREGS

; A divergent loop as Vecz linearizes it, 16 lanes of i32 on a CPU with
; AVX2 only (Zen 3): its live lanes cross the back edge as a <16 x i1> phi,
; are combined with the exit test and a uniform bound (a select on a scalar
; condition) and feed the any-lane test and a blend. Every mask of that web
; becomes a <16 x i32> of all-ones or all-zeros lanes: compares are
; sign-extended, the logic and the phi work on the integers, the scalar
; select becomes lane logic on its splatted condition, and the users outside
; the web (the bitcast for the any-lane test, the blend) read the sign bit
; through `icmp slt 0`. With AVX-512, <16 x i1> is a mask register: nothing
; changes.

; CHECK-LABEL: define <16 x i32> @loop(
; CHECK: entry:
; CHECK-NEXT: %start = icmp ugt <16 x i32> %n, <i32 1,
; CHECK-NEXT: %start.wide = sext <16 x i1> %start to <16 x i32>
; CHECK: loop:
; CHECK-NEXT: %live.wide = phi <16 x i32> [ %start.wide, %entry ], [ %next.wide, %loop ]
; CHECK-NEXT: %v = phi <16 x i32>
; CHECK-NEXT: %r = phi i32
; CHECK-NEXT: %live.lanes = icmp slt <16 x i32> %live.wide, zeroinitializer
; CHECK-NEXT: %half = lshr <16 x i32> %v, <i32 1,
; CHECK-NEXT: %step = select <16 x i1> %live.lanes, <16 x i32> %half, <16 x i32> %v
; CHECK-NEXT: %more = icmp ugt <16 x i32> %step, <i32 1,
; CHECK-NEXT: %more.wide = sext <16 x i1> %more to <16 x i32>
; CHECK-NEXT: %r.next = add i32 %r, 1
; CHECK-NEXT: %bound = icmp ult i32 %r.next, 1000
; CHECK-NEXT: [[COND:%.+]] = sext i1 %bound to i32
; CHECK-NEXT: [[INS:%.+]] = insertelement <16 x i32> poison, i32 [[COND]], i32 0
; CHECK-NEXT: [[ON:%.+]] = shufflevector <16 x i32> [[INS]], <16 x i32> poison, <16 x i32> zeroinitializer
; CHECK-NEXT: %bounded.wide = and <16 x i32> [[ON]], %more.wide
; CHECK-NEXT: %next.wide = and <16 x i32> %bounded.wide, %live.wide
; CHECK-NEXT: %next.lanes = icmp slt <16 x i32> %next.wide, zeroinitializer
; CHECK-NEXT: %any = bitcast <16 x i1> %next.lanes to i16
; CHECK-NEXT: %again = icmp ne i16 %any, 0
; CHECK-NEXT: br i1 %again, label %loop, label %exit
; CHECK: exit:
; CHECK-NEXT: ret <16 x i32> %step
; CHECK-NOT: <16 x i1> %live
; MASKREGS-LABEL: define <16 x i32> @loop(
; MASKREGS: %live = phi <16 x i1>
; MASKREGS: %bounded = select i1 %bound, <16 x i1> %more, <16 x i1> zeroinitializer
; MASKREGS-NOT: .wide
define <16 x i32> @loop(<16 x i32> %n) {
entry:
  %start = icmp ugt <16 x i32> %n, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  br label %loop

loop:
  %live = phi <16 x i1> [ %start, %entry ], [ %next, %loop ]
  %v = phi <16 x i32> [ %n, %entry ], [ %step, %loop ]
  %r = phi i32 [ 0, %entry ], [ %r.next, %loop ]
  %half = lshr <16 x i32> %v, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %step = select <16 x i1> %live, <16 x i32> %half, <16 x i32> %v
  %more = icmp ugt <16 x i32> %step, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %r.next = add i32 %r, 1
  %bound = icmp ult i32 %r.next, 1000
  %bounded = select i1 %bound, <16 x i1> %more, <16 x i1> zeroinitializer
  %next = and <16 x i1> %bounded, %live
  %any = bitcast <16 x i1> %next to i16
  %again = icmp ne i16 %any, 0
  br i1 %again, label %loop, label %exit

exit:
  ret <16 x i32> %step
}

; Doubles compared and floats blended under one mask: the web takes the
; narrowest width its compares compare (32), so each lane fits a float's.
; CHECK-LABEL: define <8 x float> @mixed(
; CHECK: %d.wide = sext <8 x i1> %d to <8 x i32>
; CHECK: %f.wide = sext <8 x i1> %f to <8 x i32>
; CHECK: %both.wide = and <8 x i32> %d.wide, %f.wide
; CHECK: %both.lanes = icmp slt <8 x i32> %both.wide, zeroinitializer
; CHECK: select <8 x i1> %both.lanes, <8 x float> %x, <8 x float> zeroinitializer
define <8 x float> @mixed(<8 x double> %a, <8 x float> %x, i1 %c) {
entry:
  %d = fcmp olt <8 x double> %a, zeroinitializer
  %f = fcmp ogt <8 x float> %x, zeroinitializer
  %both = and <8 x i1> %d, %f
  br i1 %c, label %use, label %skip

use:
  %r = select <8 x i1> %both, <8 x float> %x, <8 x float> zeroinitializer
  ret <8 x float> %r

skip:
  ret <8 x float> zeroinitializer
}

; A web with no compare (masks from an argument only) has no width: it
; stays; so does a compare alone, whatever its users.
; CHECK-LABEL: define <16 x i1> @no_compare(
; CHECK-NEXT: %m = xor <16 x i1> %a, %b
; CHECK-NEXT: ret <16 x i1> %m
define <16 x i1> @no_compare(<16 x i1> %a, <16 x i1> %b) {
  %m = xor <16 x i1> %a, %b
  ret <16 x i1> %m
}

; CHECK-LABEL: define i16 @lone_compare(
; CHECK-NEXT: %c = icmp eq <16 x i32> %a, zeroinitializer
; CHECK-NEXT: %bits = bitcast <16 x i1> %c to i16
; CHECK-NEXT: ret i16 %bits
define i16 @lone_compare(<16 x i32> %a) {
  %c = icmp eq <16 x i32> %a, zeroinitializer
  %bits = bitcast <16 x i1> %c to i16
  ret i16 %bits
}

; A select of masks on a mask is a blend of the integers; on a scalar
; condition with a false value that is not zero, both sides are kept by
; lane logic. The mask leaves the web in another block, narrowed there.
; CHECK-LABEL: define i8 @selects(
; CHECK: %a = icmp slt <8 x i32> %x, zeroinitializer
; CHECK-NEXT: %a.wide = sext <8 x i1> %a to <8 x i32>
; CHECK-NEXT: %b = icmp sgt <8 x i32> %x, %y
; CHECK-NEXT: %b.wide = sext <8 x i1> %b to <8 x i32>
; CHECK-NEXT: [[PICK:%.+]] = icmp slt <8 x i32> %b.wide, zeroinitializer
; CHECK-NEXT: %blend.wide = select <8 x i1> [[PICK]], <8 x i32> %a.wide, <8 x i32> <i32 -1,
; CHECK-NEXT: [[SEXT:%.+]] = sext i1 %c to i32
; CHECK-NEXT: [[INS:%.+]] = insertelement <8 x i32> poison, i32 [[SEXT]], i32 0
; CHECK-NEXT: [[ON:%.+]] = shufflevector <8 x i32> [[INS]], <8 x i32> poison, <8 x i32> zeroinitializer
; CHECK-NEXT: [[KEPTON:%.+]] = and <8 x i32> [[ON]], %blend.wide
; CHECK-NEXT: [[OFF:%.+]] = xor <8 x i32> [[ON]], <i32 -1,
; CHECK-NEXT: [[KEPTOFF:%.+]] = and <8 x i32> [[OFF]], %a.wide
; CHECK-NEXT: %either.wide = or <8 x i32> [[KEPTON]], [[KEPTOFF]]
; CHECK-NEXT: br label %out
; CHECK: out:
; CHECK-NEXT: %either.lanes = icmp slt <8 x i32> %either.wide, zeroinitializer
; CHECK-NEXT: %bits = bitcast <8 x i1> %either.lanes to i8
define i8 @selects(<8 x i32> %x, <8 x i32> %y, i1 %c) {
entry:
  %a = icmp slt <8 x i32> %x, zeroinitializer
  %b = icmp sgt <8 x i32> %x, %y
  %blend = select <8 x i1> %b, <8 x i1> %a, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %either = select i1 %c, <8 x i1> %blend, <8 x i1> %a
  br label %out

out:
  %bits = bitcast <8 x i1> %either to i8
  ret i8 %bits
}
