; RUN: loom-opt -passes=defined-conversions -S %s | FileCheck %s

; Every float-to-integer conversion, signed or unsigned, scalar or vector,
; from float, double or half, becomes the saturating intrinsic of its
; signedness and types; other casts stay.

; CHECK-LABEL: define void @casts(
; CHECK-NEXT: %si = call i32 @llvm.fptosi.sat.i32.f32(float %f)
; CHECK-NEXT: %ub = call i8 @llvm.fptoui.sat.i8.f32(float %f)
; CHECK-NEXT: %sl = call i64 @llvm.fptosi.sat.i64.f64(double %d)
; CHECK-NEXT: %uh = call i16 @llvm.fptoui.sat.i16.f16(half %h)
; CHECK-NEXT: %v = call <4 x i32> @llvm.fptosi.sat.v4i32.v4f32(<4 x float> %f4)
; CHECK-NEXT: %back = sitofp i32 %si to float
; CHECK-NEXT: %wide = fpext float %f to double
; CHECK-NOT: fpto
; CHECK: ret void
define void @casts(float %f, double %d, half %h, <4 x float> %f4, ptr %out) {
  %si = fptosi float %f to i32
  %ub = fptoui float %f to i8
  %sl = fptosi double %d to i64
  %uh = fptoui half %h to i16
  %v = fptosi <4 x float> %f4 to <4 x i32>
  %back = sitofp i32 %si to float
  %wide = fpext float %f to double
  store i32 %si, ptr %out
  store i8 %ub, ptr %out
  store i64 %sl, ptr %out
  store i16 %uh, ptr %out
  store <4 x i32> %v, ptr %out
  store float %back, ptr %out
  store double %wide, ptr %out
  ret void
}
