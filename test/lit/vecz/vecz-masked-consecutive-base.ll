; RUN: loom-opt -passes='vecz<width=4>,verify' -S %s | FileCheck %s
; RUN: loom-opt -passes='print<vecz-stride>' -disable-output %s 2>&1 | FileCheck --check-prefix=STRIDE %s

; A consecutive access whose index is extended on its way to the address is
; linear only while no lane's narrower index wraps. Every active lane meets
; that, but under a mask lane 0 may be inactive, with a value outside the
; guard that made the extension a zext (x >= 0 here): its address would be
; 4 GiB away. Masked consecutive accesses start from the first active
; lane's address less its offset; unmasked ones from lane 0's.

; STRIDE-LABEL: Strides of 'guarded_zext':
; STRIDE-NEXT: consecutive assuming no wrap: %v = load i32, ptr addrspace(1) %pin
; STRIDE-NEXT: consecutive assuming no wrap: store i32 %v, ptr addrspace(1) %pout
; STRIDE-NEXT: consecutive: store i32 1, ptr addrspace(1) %pflag
; STRIDE-LABEL: Strides of 'unguarded_sext':
; STRIDE-NEXT: consecutive: %v = load i32, ptr addrspace(1) %pin

; CHECK-LABEL: define void @__vecz_v4_guarded_zext(
; CHECK: then.active:
; CHECK: %[[BITS:.+]] = bitcast <4 x i1> %inside.v to i4
; CHECK-NEXT: %[[TZ:.+]] = call i4 @llvm.cttz.i4(i4 %[[BITS]], i1 false)
; CHECK-NEXT: %[[FIRST:first.active.*]] = and i4 %[[TZ]], 3
; CHECK-NEXT: %[[ADDR:.+]] = extractelement <4 x ptr addrspace(1)> %pin.v, i4 %[[FIRST]]
; CHECK-NEXT: %[[WIDE:.+]] = zext i4 %[[FIRST]] to i64
; CHECK-NEXT: %[[BACK:.+]] = sub i64 0, %[[WIDE]]
; CHECK-NEXT: %[[BASE:first.active.base.*]] = getelementptr i32, ptr addrspace(1) %[[ADDR]], i64 %[[BACK]]
; CHECK-NEXT: %v.v = call <4 x i32> @llvm.masked.load.v4i32.p1(ptr addrspace(1) %[[BASE]], i32 4, <4 x i1> %inside.v, <4 x i32> zeroinitializer)
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> %v.v, ptr addrspace(1) %first.active.base{{.*}}, i32 4, <4 x i1> %inside.v)
; An address with no extension on its way starts from lane 0's.
; CHECK: call void @llvm.masked.store.v4i32.p1(<4 x i32> <i32 1, i32 1, i32 1, i32 1>, ptr addrspace(1) %pflag, i32 4, <4 x i1> %inside.v)
define void @guarded_zext(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %flags, i32 %offset, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %gid32 = trunc i64 %gid to i32
  %x = add nsw i32 %gid32, %offset
  %nonneg = icmp sgt i32 %x, -1
  %below = icmp slt i32 %x, %n
  %inside = and i1 %nonneg, %below
  br i1 %inside, label %then, label %exit
then:
  %idx = zext i32 %x to i64
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %pin, align 4
  %pout = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v, ptr addrspace(1) %pout, align 4
  %pflag = getelementptr inbounds i32, ptr addrspace(1) %flags, i64 %gid
  store i32 1, ptr addrspace(1) %pflag, align 4
  br label %exit
exit:
  ret void
}

; Every lane active: lane 0's address.
; CHECK-LABEL: define void @__vecz_v4_unguarded_sext(
; CHECK-NOT: first.active
; CHECK: %v.v = load <4 x i32>, ptr addrspace(1) %pin, align 4
define void @unguarded_sext(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %gid32 = trunc i64 %gid to i32
  %idx = sext i32 %gid32 to i64
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %pin, align 4
  %pout = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %v, ptr addrspace(1) %pout, align 4
  ret void
}

declare i64 @__mux_get_global_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
