; RUN: loom-opt -passes='print<vecz-stride>' -disable-output %s 2>&1 | FileCheck %s

; How each load's and store's address moves from one work-item of the
; vector to the next (work-items consecutive in dimension 0).

; a[gid]: consecutive; a[2 * gid]: every other element; a[gid * n]: by a
; uniform value; a[group]: the same for every lane; a[index[gid]]: unknown.
; CHECK-LABEL: Strides of 'basic':
; CHECK-NEXT: consecutive: %x = load float, ptr addrspace(1) %p
; CHECK-NEXT: strided 2: store float %x, ptr addrspace(1) %q
; CHECK-NEXT: strided by a uniform value: store float %x, ptr addrspace(1) %r
; CHECK-NEXT: uniform: %y = load float, ptr addrspace(1) %s
; CHECK-NEXT: consecutive: %i = load i32, ptr addrspace(1) %ip
; CHECK-NEXT: unknown: store float %y, ptr addrspace(1) %t
define void @basic(ptr addrspace(1) %a, ptr addrspace(1) %index, i64 %n) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr float, ptr addrspace(1) %a, i64 %gid
  %x = load float, ptr addrspace(1) %p
  %twice = mul i64 %gid, 2
  %q = getelementptr float, ptr addrspace(1) %a, i64 %twice
  store float %x, ptr addrspace(1) %q
  %scaled = mul i64 %gid, %n
  %r = getelementptr float, ptr addrspace(1) %a, i64 %scaled
  store float %x, ptr addrspace(1) %r
  %group = call i64 @__mux_get_group_id(i32 0)
  %s = getelementptr float, ptr addrspace(1) %a, i64 %group
  %y = load float, ptr addrspace(1) %s
  %ip = getelementptr i32, ptr addrspace(1) %index, i64 %gid
  %i = load i32, ptr addrspace(1) %ip
  %i64 = sext i32 %i to i64
  %t = getelementptr float, ptr addrspace(1) %a, i64 %i64
  store float %y, ptr addrspace(1) %t
  ret void
}

; Right shifts: `(gid << 32) >> 32`, Clang's (long)(int)gid, moves as gid
; does; an exact shift divides a step that stays whole (4 * gid >> 1: 2)
; and loses one that does not (gid >> 1 exact would not be exact: unknown);
; a shift that is not exact is unknown. `gid & 0xffffffff`, Clang's
; (ulong)(uint)gid, moves as gid does; `gid & 255` wraps within a vector.
; CHECK-LABEL: Strides of 'shift_right':
; CHECK-NEXT: consecutive: store i32 0, ptr addrspace(1) %p.sext
; CHECK-NEXT: consecutive assuming no wrap: store i32 1, ptr addrspace(1) %p.zext
; CHECK-NEXT: strided 2: store i32 2, ptr addrspace(1) %p.exact
; CHECK-NEXT: unknown: store i32 3, ptr addrspace(1) %p.odd
; CHECK-NEXT: unknown: store i32 4, ptr addrspace(1) %p.inexact
; CHECK-NEXT: consecutive assuming no wrap: store i32 5, ptr addrspace(1) %p.low
; CHECK-NEXT: unknown: store i32 6, ptr addrspace(1) %p.ring
define void @shift_right(ptr addrspace(1) %a) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %high = shl i64 %gid, 32
  %sext = ashr exact i64 %high, 32
  %p.sext = getelementptr i32, ptr addrspace(1) %a, i64 %sext
  store i32 0, ptr addrspace(1) %p.sext
  %zext = lshr i64 %high, 32
  %p.zext = getelementptr i32, ptr addrspace(1) %a, i64 %zext
  store i32 1, ptr addrspace(1) %p.zext
  %four = mul i64 %gid, 4
  %exact = ashr exact i64 %four, 1
  %p.exact = getelementptr i32, ptr addrspace(1) %a, i64 %exact
  store i32 2, ptr addrspace(1) %p.exact
  %odd = lshr exact i64 %gid, 1
  %p.odd = getelementptr i32, ptr addrspace(1) %a, i64 %odd
  store i32 3, ptr addrspace(1) %p.odd
  %inexact = ashr i64 %four, 1
  %p.inexact = getelementptr i32, ptr addrspace(1) %a, i64 %inexact
  store i32 4, ptr addrspace(1) %p.inexact
  %low = and i64 %gid, 4294967295
  %p.low = getelementptr i32, ptr addrspace(1) %a, i64 %low
  store i32 5, ptr addrspace(1) %p.low
  %ring = and i64 %gid, 255
  %p.ring = getelementptr i32, ptr addrspace(1) %a, i64 %ring
  store i32 6, ptr addrspace(1) %p.ring
  ret void
}

; Strides pass through 32-bit index arithmetic (OpenCL C's int i =
; get_global_id(0)), shifts, an or of disjoint bits, offsets by uniform
; values, and 2-D indexing row * width + x.
; CHECK-LABEL: Strides of 'arithmetic':
; CHECK-NEXT: consecutive: store i32 0, ptr addrspace(1) %p.int
; CHECK-NEXT: strided 4: store i32 1, ptr addrspace(1) %p.shl
; CHECK-NEXT: strided 2: store i32 2, ptr addrspace(1) %p.odd
; CHECK-NEXT: consecutive: store i32 3, ptr addrspace(1) %p.offset
; CHECK-NEXT: consecutive: store i32 4, ptr addrspace(1) %p.2d
; CHECK-NEXT: strided -1: store i32 5, ptr addrspace(1) %p.reverse
define void @arithmetic(ptr addrspace(1) %a, i64 %width, i64 %n) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %int = trunc i64 %gid to i32
  %int.ext = sext i32 %int to i64
  %p.int = getelementptr i32, ptr addrspace(1) %a, i64 %int.ext
  store i32 0, ptr addrspace(1) %p.int
  %shl = shl i64 %gid, 2
  %p.shl = getelementptr i32, ptr addrspace(1) %a, i64 %shl
  store i32 1, ptr addrspace(1) %p.shl
  %even = shl i64 %gid, 1
  %odd = or i64 %even, 1
  %p.odd = getelementptr i32, ptr addrspace(1) %a, i64 %odd
  store i32 2, ptr addrspace(1) %p.odd
  %offset = add i64 %gid, %n
  %p.offset = getelementptr i32, ptr addrspace(1) %a, i64 %offset
  store i32 3, ptr addrspace(1) %p.offset
  %y = call i64 @__mux_get_global_id(i32 1)
  %row = mul i64 %y, %width
  %xy = add i64 %row, %gid
  %p.2d = getelementptr i32, ptr addrspace(1) %a, i64 %xy
  store i32 4, ptr addrspace(1) %p.2d
  %mirror = sub i64 %n, %gid
  %p.reverse = getelementptr i32, ptr addrspace(1) %a, i64 %mirror
  store i32 5, ptr addrspace(1) %p.reverse
  ret void
}

; An array of structs: a field of consecutive elements moves by the
; struct's size, in elements of the field when they divide it (2 floats),
; else in bytes (a packed struct of an i32 and an i8: 5 bytes).
; CHECK-LABEL: Strides of 'structs':
; CHECK-NEXT: strided 2: %re = load float, ptr addrspace(1) %re.p
; CHECK-NEXT: strided 2: %im = load float, ptr addrspace(1) %im.p
; CHECK-NEXT: strided 5 bytes: %tag = load i32, ptr addrspace(1) %tag.p
define void @structs(ptr addrspace(1) %complex, ptr addrspace(1) %tagged) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %re.p = getelementptr { float, float }, ptr addrspace(1) %complex, i64 %gid, i32 0
  %re = load float, ptr addrspace(1) %re.p
  %im.p = getelementptr { float, float }, ptr addrspace(1) %complex, i64 %gid, i32 1
  %im = load float, ptr addrspace(1) %im.p
  %tag.p = getelementptr <{ i32, i8 }>, ptr addrspace(1) %tagged, i64 %gid, i32 0
  %tag = load i32, ptr addrspace(1) %tag.p
  ret void
}

; A pointer that walks a row, starting at a varying place: the induction
; keeps the stride of its start.
; CHECK-LABEL: Strides of 'pointer_induction':
; CHECK-NEXT: consecutive: %v = load float, ptr addrspace(1) %p
; CHECK-NEXT: uniform: %w = load float, ptr addrspace(1) %u
define void @pointer_induction(ptr addrspace(1) %a, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %start = getelementptr float, ptr addrspace(1) %a, i64 %gid
  br label %loop
loop:
  %p = phi ptr addrspace(1) [ %start, %entry ], [ %p.next, %loop ]
  %u = phi ptr addrspace(1) [ %a, %entry ], [ %u.next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = load float, ptr addrspace(1) %p
  %w = load float, ptr addrspace(1) %u
  %p.next = getelementptr float, ptr addrspace(1) %p, i64 %n
  %u.next = getelementptr float, ptr addrspace(1) %u, i64 1
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Selects and phis keep a stride only when the lanes cannot pick
; differently: a uniform condition with agreeing arms.
; CHECK-LABEL: Strides of 'choices':
; CHECK-NEXT: consecutive: store i32 0, ptr addrspace(1) %p.uniform
; CHECK-NEXT: unknown: store i32 1, ptr addrspace(1) %p.varying
; CHECK-NEXT: unknown: store i32 2, ptr addrspace(1) %p.join
define void @choices(ptr addrspace(1) %a, ptr addrspace(1) %b, i1 %c) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %pa = getelementptr i32, ptr addrspace(1) %a, i64 %gid
  %pb = getelementptr i32, ptr addrspace(1) %b, i64 %gid
  %p.uniform = select i1 %c, ptr addrspace(1) %pa, ptr addrspace(1) %pb
  store i32 0, ptr addrspace(1) %p.uniform
  %bit = trunc i64 %gid to i1
  %p.varying = select i1 %bit, ptr addrspace(1) %pa, ptr addrspace(1) %pb
  store i32 1, ptr addrspace(1) %p.varying
  br i1 %bit, label %then, label %join
then:
  br label %join
join:
  %p.join = phi ptr addrspace(1) [ %pa, %then ], [ %pb, %entry ]
  store i32 2, ptr addrspace(1) %p.join
  ret void
}

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_group_id(i32)

attributes #0 = { "mux-kernel"="entry-point" }
