; RUN: loom-opt -passes=streaming-stores -S %s | FileCheck %s --check-prefixes=CHECK,DEFAULT
; RUN: loom-opt -passes='streaming-stores<min-bytes=1024>' -S %s | FileCheck %s --check-prefixes=CHECK,SMALL
; RUN: loom-opt -passes='streaming-stores<min-bytes=0>' -S %s | FileCheck %s --check-prefix=NEVER
; RUN: not loom-opt -passes='streaming-stores<min-bytes=lots>' -S %s 2>&1 | FileCheck %s --check-prefix=BAD

; vadd after Vecz at width 16: the vector variant's store of 64 bytes to the
; output-only %c gets a non-temporal twin, taken for launches of at least
; 8 MiB / (64 / 16) work-items and 64-byte-aligned addresses; the loads of
; %a and %b are left alone, and so is the scalar kernel's 4-byte store.

declare i64 @__mux_get_global_id(i32)

define void @vadd(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) #0 !mux_vector_variant !0 {
  %i = call i64 @__mux_get_global_id(i32 0)
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %i
  %pc = getelementptr inbounds float, ptr addrspace(1) %c, i64 %i
  %x = load float, ptr addrspace(1) %pa, align 4
  %y = load float, ptr addrspace(1) %pb, align 4
  %s = fadd float %x, %y
  store float %s, ptr addrspace(1) %pc, align 4
  ret void
}

; CHECK-LABEL: define void @vadd(
; CHECK-NOT: !nontemporal
; CHECK: ret void

define void @__vecz_v16_vadd(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
  %i = call i64 @__mux_get_global_id(i32 0)
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i64 %i
  %pc = getelementptr inbounds float, ptr addrspace(1) %c, i64 %i
  %x = load <16 x float>, ptr addrspace(1) %pa, align 4
  %y = load <16 x float>, ptr addrspace(1) %pb, align 4
  %s = fadd <16 x float> %x, %y
  store <16 x float> %s, ptr addrspace(1) %pc, align 4
  ret void
}

; CHECK-LABEL: define void @__vecz_v16_vadd(
; CHECK: %[[X:.*]] = call i64 @__mux_get_global_size(i32 0)
; CHECK: %[[Y:.*]] = call i64 @__mux_get_global_size(i32 1)
; CHECK: %[[XY:.*]] = mul i64 %[[X]], %[[Y]]
; CHECK: %[[Z:.*]] = call i64 @__mux_get_global_size(i32 2)
; CHECK: %[[ITEMS:.*]] = mul i64 %[[XY]], %[[Z]]
; CHECK-NOT: load <16 x float>{{.*}}!nontemporal
; CHECK: %s = fadd <16 x float>
; DEFAULT: %[[LARGE:.*]] = icmp uge i64 %[[ITEMS]], 2097152
; SMALL: %[[LARGE:.*]] = icmp uge i64 %[[ITEMS]], 256
; CHECK: %[[ADDRESS:.*]] = ptrtoint ptr addrspace(1) %pc to i64
; CHECK: %[[LOW:.*]] = and i64 %[[ADDRESS]], 63
; CHECK: %[[ALIGNED:.*]] = icmp eq i64 %[[LOW]], 0
; CHECK: %[[STREAM:.*]] = and i1 %[[LARGE]], %[[ALIGNED]]
; CHECK: br i1 %[[STREAM]], label %[[NT:.*]], label %[[PLAIN:.*]]
; CHECK: [[NT]]:
; CHECK-NEXT: store <16 x float> %s, ptr addrspace(1) %pc, align 64, !nontemporal ![[ONE:[0-9]+]]
; CHECK: [[PLAIN]]:
; CHECK-NEXT: store <16 x float> %s, ptr addrspace(1) %pc, align 4{{$}}

; The stored-to buffer is also read: saxpy's y.
define void @__vecz_v16_saxpy(float %f, ptr addrspace(1) %x, ptr addrspace(1) %y) {
  %i = call i64 @__mux_get_global_id(i32 0)
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %i
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %i
  %vx = load <16 x float>, ptr addrspace(1) %px, align 4
  %vy = load <16 x float>, ptr addrspace(1) %py, align 4
  %s = fadd <16 x float> %vx, %vy
  store <16 x float> %s, ptr addrspace(1) %py, align 4
  ret void
}

; CHECK-LABEL: define void @__vecz_v16_saxpy(
; CHECK-NOT: @__mux_get_global_size
; CHECK-NOT: !nontemporal
; CHECK: ret void

; A fence orders the output for other work-items: the function is left alone.
declare void @__mux_mem_barrier(i32, i32)

define void @__vecz_v16_fenced(ptr addrspace(1) %out) {
  %i = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store <16 x i32> zeroinitializer, ptr addrspace(1) %p, align 4
  call void @__mux_mem_barrier(i32 1, i32 1)
  ret void
}

; CHECK-LABEL: define void @__vecz_v16_fenced(
; CHECK-NOT: !nontemporal
; CHECK: ret void

; The pointer escapes to a call, and an atomic in a callee: both left alone.
declare void @unknown(ptr addrspace(1))

define internal void @count(ptr addrspace(1) %n) {
  %old = atomicrmw add ptr addrspace(1) %n, i32 1 seq_cst
  ret void
}

define void @__vecz_v16_escapes(ptr addrspace(1) %out, ptr addrspace(1) %n) {
  %i = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store <16 x i32> zeroinitializer, ptr addrspace(1) %p, align 4
  call void @unknown(ptr addrspace(1) %out)
  ret void
}

define void @__vecz_v16_atomic_callee(ptr addrspace(1) %out, ptr addrspace(1) %n) {
  %i = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store <16 x i32> zeroinitializer, ptr addrspace(1) %p, align 4
  call void @count(ptr addrspace(1) %n)
  ret void
}

; CHECK-LABEL: define void @__vecz_v16_escapes(
; CHECK-NOT: !nontemporal
; CHECK-LABEL: define void @__vecz_v16_atomic_callee(
; CHECK-NOT: !nontemporal
; CHECK: ret void

; Kernels without vector variants: a float4 store per work-item (16 bytes,
; 16 per work-item) is a candidate; an 8-byte one and a volatile one are not.
define void @float4_out(ptr addrspace(1) %out, ptr addrspace(1) %pairs, ptr addrspace(1) %v) #0 {
  %i = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %i
  store <4 x float> zeroinitializer, ptr addrspace(1) %p, align 16
  %q = getelementptr inbounds <2 x float>, ptr addrspace(1) %pairs, i64 %i
  store <2 x float> zeroinitializer, ptr addrspace(1) %q, align 8
  %r = getelementptr inbounds <4 x float>, ptr addrspace(1) %v, i64 %i
  store volatile <4 x float> zeroinitializer, ptr addrspace(1) %r, align 16
  ret void
}

; CHECK-LABEL: define void @float4_out(
; DEFAULT: icmp uge i64 %{{.*}}, 524288
; SMALL: icmp uge i64 %{{.*}}, 64
; CHECK: and i64 %{{.*}}, 15
; CHECK: store <4 x float> zeroinitializer, ptr addrspace(1) %p, align 16, !nontemporal
; CHECK: store <4 x float> zeroinitializer, ptr addrspace(1) %p, align 16{{$}}
; CHECK: store <2 x float> zeroinitializer, ptr addrspace(1) %q, align 8{{$}}
; CHECK: store volatile <4 x float> zeroinitializer, ptr addrspace(1) %r, align 16{{$}}
; CHECK: ret void

; CHECK: ![[ONE]] = !{i32 1}

; NEVER-NOT: !nontemporal
; NEVER-NOT: __mux_get_global_size

; BAD: streaming-stores: min-bytes must be a number of bytes (0: never), not 'lots'

attributes #0 = { "mux-kernel"="entry-point" }
!0 = !{ptr @__vecz_v16_vadd, i32 16}
