; RUN: loom-opt -passes=lower-printf -S %s | FileCheck %s

target datalayout = "e-m:e-i64:64-f80:128-n8:16:32:64-S128"

@.str = private unnamed_addr addrspace(2) constant [13 x i8] c"%d %f %v4hlf\00"

declare i32 @printf(ptr addrspace(2), ...)

; The buffer pointer the driver sets, defined by the pass.
; CHECK: @__loom_printf_buffer = global ptr null

; One record: an atomic add reserves 24 header bytes + 8 (int) + 8
; (double) + 16 (float4) = 56 bytes; when they fit, the header (size, local
; linear id, group linear id, format address) and the arguments, each in an
; 8-byte slot, are stored; printf gives 0, or -1 for a dropped record.
; CHECK-LABEL: define i32 @one_call(i32 %i, double %d, <4 x float> %v)
; CHECK: %printf.buffer = load ptr, ptr @__loom_printf_buffer
; CHECK: %[[USED:.+]] = atomicrmw add ptr %printf.buffer, i32 56 monotonic
; CHECK: %[[CAP:.+]] = load i32, ptr
; CHECK: %[[END:.+]] = add i64 %{{.+}}, 56
; CHECK: %fits = icmp ule i64 %[[END]], %{{.+}}
; CHECK: br i1 %fits, label %printf.store, label %printf.done
; CHECK: printf.store:
; CHECK: %printf.record = getelementptr i8, ptr %printf.buffer, i64
; CHECK: call i64 @_Z12get_local_idj(i32 2)
; CHECK: call i64 @_Z14get_local_sizej(i32 1)
; CHECK: call i64 @_Z12get_group_idj(i32 2)
; CHECK: call i64 @_Z14get_num_groupsj(i32 0)
; CHECK: store i32 56, ptr %printf.record, align 4
; CHECK: store i64 ptrtoint (ptr addrspace(2) @.str to i64), ptr %{{.+}}, align 8
; CHECK: store i32 %i, ptr %{{.+}}, align 8
; CHECK: store double %d, ptr %{{.+}}, align 8
; CHECK: store <4 x float> %v, ptr %{{.+}}, align 8
; CHECK: printf.done:
; CHECK: %printf.result = phi i32 [ 0, %printf.store ], [ -1, %0 ]
; CHECK: ret i32 %printf.result
; CHECK-NOT: @printf
define i32 @one_call(i32 %i, double %d, <4 x float> %v) {
  %r = call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @.str, i32 %i, double %d, <4 x float> %v)
  ret i32 %r
}

; A SPIR-V printf (through SPIRV-LLVM-Translator) passes its scalars as they
; are: the pass promotes them as C would, float and half to double, chars,
; shorts and booleans to int, so the driver reads each as its format says.
; CHECK-LABEL: define i32 @unpromoted(float %f, half %h, i8 %c, i16 %s, i1 %b)
; CHECK-DAG: %[[F:.+]] = fpext float %f to double
; CHECK-DAG: %[[H:.+]] = fpext half %h to double
; CHECK-DAG: %[[C:.+]] = sext i8 %c to i32
; CHECK-DAG: %[[S:.+]] = sext i16 %s to i32
; CHECK-DAG: %[[B:.+]] = zext i1 %b to i32
; CHECK: atomicrmw add ptr %printf.buffer, i32 64 monotonic
; CHECK: store double %[[F]], ptr %{{.+}}, align 8
; CHECK: store double %[[H]], ptr %{{.+}}, align 8
; CHECK: store i32 %[[C]], ptr %{{.+}}, align 8
; CHECK: store i32 %[[S]], ptr %{{.+}}, align 8
; CHECK: store i32 %[[B]], ptr %{{.+}}, align 8
define i32 @unpromoted(float %f, half %h, i8 %c, i16 %s, i1 %b) {
  %r = call i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) @.str, float %f, half %h, i8 %c, i16 %s, i1 %b)
  ret i32 %r
}
