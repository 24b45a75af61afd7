; RUN: loom-opt -passes='vecz<width=8>' -S %s | FileCheck %s --check-prefixes=CHECK,W8
; RUN: loom-opt -passes='vecz<width=32>' -S %s | FileCheck %s --check-prefixes=CHECK,W32
; RUN: loom-opt -passes='vecz-packetize<width=8>' -S %s | FileCheck %s --check-prefixes=CHECK,W8
; RUN: loom-opt -passes='vecz-packetize<width=8;defer-stages>,vecz-lane-calls,vecz-linearize,vecz-clamped-versions,vecz-boscc' -S %s | FileCheck %s --check-prefixes=CHECK,W8

; A builtin with a vector form in the builtins library is called at the
; vector's width, through the name BuiltinInfo gives (sin(float8) for 8
; lanes); a width wider than the library's widest form (16) takes several
; calls of it, one per piece of the vector. The vector form has the scalar
; builtin's function attributes.
; CHECK-LABEL: define void @__vecz_v{{8|32}}_sines(
; W8: %s.v = call <8 x float> @_Z3sinDv8_f(<8 x float> %x.v)
; W32: %[[LO:.+]] = shufflevector <32 x float> %x.v, <32 x float> poison, <16 x i32> <i32 0, i32 1,
; W32-NEXT: %[[SLO:.+]] = call <16 x float> @_Z3sinDv16_f(<16 x float> %[[LO]])
; W32-NEXT: %[[HI:.+]] = shufflevector <32 x float> %x.v, <32 x float> poison, <16 x i32> <i32 16, i32 17,
; W32-NEXT: %[[SHI:.+]] = call <16 x float> @_Z3sinDv16_f(<16 x float> %[[HI]])
; W32-NEXT: %s.v = shufflevector <16 x float> %[[SLO]], <16 x float> %[[SHI]], <32 x i32> <i32 0,
; CHECK: store <{{8|32}} x float> %s.v
define void @sines(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %p, align 4
  %s = call float @_Z3sinf(float %x) #1
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; Repeated parameter types are Itanium substitutions (pow(float8, float8)
; is _Z3powDv8_fS_), mixed ones are spelled out (ldexp(float8, int8));
; a uniform argument is splatted. A uniform call stays scalar, done once.
; CHECK-LABEL: define void @__vecz_v{{8|32}}_mixed(
; CHECK: %once = call float @_Z3cosf(float %k)
; W8: %pw.v = call <8 x float> @_Z3powDv8_fS_(<8 x float> %x.v, <8 x float> %once.splat{{.*}})
; W8: %e.v = call <8 x float> @_Z5ldexpDv8_fDv8_i(<8 x float> %pw.v, <8 x i32> %n.v)
; W32-COUNT-2: call <16 x float> @_Z3powDv16_fS_(
; W32-COUNT-2: call <16 x float> @_Z5ldexpDv16_fDv16_i(
; W8: declare <8 x float> @_Z3powDv8_fS_(<8 x float>, <8 x float>) [[PURE:#[0-9]+]]
define void @mixed(ptr addrspace(1) %in, ptr addrspace(1) %out, float %k) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %p, align 4
  %once = call float @_Z3cosf(float %k) #1
  %pw = call float @_Z3powff(float %x, float %once) #1
  %n = trunc i64 %gid to i32
  %e = call float @_Z5ldexpfi(float %pw, i32 %n) #1
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %e, ptr addrspace(1) %q, align 4
  ret void
}

; A call with no vector form is done once per lane, in lane order, with
; each lane's arguments; each lane's result goes back into the vector.
; W8-LABEL: define void @__vecz_v8_opaque_kernel(
; W8: %[[A0:.+]] = extractelement <8 x i32> %n.v, i64 0
; W8-NEXT: %[[R0:.+]] = call i32 @opaque(i32 %[[A0]])
; W8-NEXT: %[[V0:.+]] = insertelement <8 x i32> zeroinitializer, i32 %[[R0]], i64 0
; W8-NEXT: %[[A1:.+]] = extractelement <8 x i32> %n.v, i64 1
; W8-NEXT: %[[R1:.+]] = call i32 @opaque(i32 %[[A1]])
; W8: %[[A7:.+]] = extractelement <8 x i32> %n.v, i64 7
; W8-NEXT: %[[R7:.+]] = call i32 @opaque(i32 %[[A7]])
; W8-NEXT: %[[V7:.+]] = insertelement <8 x i32> %{{.+}}, i32 %[[R7]], i64 7
; W8: store <8 x i32> %[[V7]]
define void @opaque_kernel(ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %n = trunc i64 %gid to i32
  %r = call i32 @opaque(i32 %n)
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

; The library has vector overloads of dot, isnan and select, but they are
; not the scalar ones lane by lane (dot(float8, float8) sums the lanes,
; isnan(float8) answers -1 where isnan(float) answers 1, select(int8...)
; tests the condition's top bit where select(int...) tests for non-zero):
; each lane calls the scalar builtin.
; W8-LABEL: define void @__vecz_v8_not_lanewise(
; W8-NOT: Dv8_
; W8-COUNT-8: call float @_Z3dotff(float %{{.+}}, float %{{.+}})
; W8-NOT: Dv8_
; W8-COUNT-8: call i32 @_Z5isnanf(float %{{.+}})
; W8-NOT: Dv8_
; W8-COUNT-8: call i32 @_Z6selectiii(i32 %{{.+}}, i32 %{{.+}}, i32 %{{.+}})
; W8-NOT: Dv8_
; W8: store <8 x i32>
define void @not_lanewise(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %gid
  %x = load float, ptr addrspace(1) %p, align 4
  %d = call float @_Z3dotff(float %x, float %x) #1
  %nan = call i32 @_Z5isnanf(float %d) #1
  %n = trunc i64 %gid to i32
  %s = call i32 @_Z6selectiii(i32 %n, i32 %nan, i32 %n) #1
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid
  store i32 %s, ptr addrspace(1) %q, align 4
  ret void
}

; A call that writes memory is done by every lane, even with uniform
; arguments (each work-item makes it); under a divergent branch only the
; active lanes make theirs, through a helper that branches per lane. A
; library builtin with a vector form under a mask runs every lane: it has
; no side effect.
; W8-LABEL: define void @__vecz_v8_side_effects(
; W8-COUNT-8: call void @log_value(ptr addrspace(1) %log, i32 7)
; W8: call void @__vecz_masked_call(ptr addrspace(1) %log, <8 x i32> %n.v, <8 x i1> %odd.v)
; W8: call <8 x float> @_Z4sqrtDv8_f(
; W8-LABEL: define internal void @__vecz_masked_call(ptr addrspace(1) %0, <8 x i32> %1, <8 x i1> %2)
; W8: lane.0:
; W8-NEXT: %[[L0:.+]] = extractelement <8 x i32> %1, i64 0
; W8-NEXT: call void @log_value(ptr addrspace(1) %0, i32 %[[L0]])
; W8-NEXT: br label %after.0
; W8: lane.7:
define void @side_effects(ptr addrspace(1) %log, ptr addrspace(1) %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %n = trunc i64 %gid to i32
  call void @log_value(ptr addrspace(1) %log, i32 7)
  %odd = trunc i64 %gid to i1
  br i1 %odd, label %then, label %end
then:
  call void @log_value(ptr addrspace(1) %log, i32 %n)
  %f = sitofp i32 %n to float
  %r = call float @_Z4sqrtf(float %f) #1
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %gid
  store float %r, ptr addrspace(1) %q, align 4
  br label %end
end:
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare float @_Z3dotff(float, float) #1
declare i32 @_Z5isnanf(float) #1
declare i32 @_Z6selectiii(i32, i32, i32) #1
declare float @_Z3sinf(float) #1
declare float @_Z3cosf(float) #1
declare float @_Z3powff(float, float) #1
declare float @_Z5ldexpfi(float, i32) #1
declare float @_Z4sqrtf(float) #1
declare i32 @opaque(i32)
declare void @log_value(ptr addrspace(1), i32)

; W8: attributes [[PURE]] = { nounwind readnone willreturn }
attributes #0 = { "mux-kernel"="entry-point" }
attributes #1 = { nounwind readnone willreturn }
