; RUN: loom-opt -passes=fold-cas-loops -S %s | FileCheck %s

; Compare-and-swap loops that apply one operation to one location become
; that atomicrmw, at the exchange's success order, syncscope and alignment,
; with its metadata; the result past the loop is the value the update
; replaced, and the loop's new value that operation applied to it. The load
; that gave only the first expected value goes. Loops that are not such an
; update stay.

; As #pragma omp atomic reaches Loom (lower-atomic-libcalls, then SROA):
; `bins[b]++` in a parallel loop's access group.
; CHECK-LABEL: define void @increment(
; CHECK: retry:
; CHECK-NEXT: %{{.+}} = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic, align 4, !llvm.access.group !0
; CHECK-NEXT: br label %done
; CHECK-NOT: cmpxchg
; CHECK-NOT: load
define void @increment(ptr addrspace(1) %p) {
entry:
  %first = load atomic i32, ptr addrspace(1) %p monotonic, align 4, !llvm.access.group !0
  br label %retry
retry:
  %old = phi i32 [ %first, %entry ], [ %seen, %retry ]
  %new = add nsw i32 %old, 1
  %pair = cmpxchg ptr addrspace(1) %p, i32 %old, i32 %new monotonic monotonic, align 4, !llvm.access.group !0
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %retry
done:
  ret void
}

; `v = x -= k` on a long (capture: the new value), the success told by the
; loaded value against the expected one, the operand's order swapped on a
; commutative `or` too.
; CHECK-LABEL: define i64 @capture_new(
; CHECK: retry:
; CHECK-NEXT: [[OLD:%.+]] = atomicrmw sub ptr %p, i64 %k syncscope("agent") seq_cst, align 8
; CHECK-NEXT: [[NEW:%.+]] = sub i64 [[OLD]], %k
; CHECK-NEXT: br label %done
; CHECK: done:
; CHECK-NEXT: ret i64 [[NEW]]
define i64 @capture_new(ptr %p, i64 %k) {
entry:
  %first = load i64, ptr %p, align 8
  br label %retry
retry:
  %old = phi i64 [ %first, %entry ], [ %seen, %retry ]
  %new = sub i64 %old, %k
  %pair = cmpxchg ptr %p, i64 %old, i64 %new syncscope("agent") seq_cst seq_cst, align 8
  %seen = extractvalue { i64, i1 } %pair, 0
  %same = icmp eq i64 %seen, %old
  br i1 %same, label %done, label %retry
done:
  ret i64 %new
}

; `v = x; x |= m` (capture: the old value), the loop written with the
; failure first.
; CHECK-LABEL: define i32 @capture_old(
; CHECK: [[OLD:%.+]] = atomicrmw or ptr %p, i32 %m acquire, align 4
; CHECK-NEXT: br label %done
; CHECK: ret i32 [[OLD]]
define i32 @capture_old(ptr %p, i32 %m) {
entry:
  %first = load atomic i32, ptr %p acquire, align 4
  br label %retry
retry:
  %old = phi i32 [ %first, %entry ], [ %seen, %retry ]
  %new = or i32 %m, %old
  %pair = cmpxchg weak ptr %p, i32 %old, i32 %new acquire acquire, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  %failed = xor i1 %ok, true
  br i1 %failed, label %retry, label %done
done:
  ret i32 %old
}

; A maximum as a select and an exchange of a value from before the loop.
; CHECK-LABEL: define void @max_and_exchange(
; CHECK: atomicrmw max ptr %p, i32 %v monotonic, align 4
; CHECK: atomicrmw xchg ptr %q, i32 %v release, align 4
; CHECK-NOT: cmpxchg
define void @max_and_exchange(ptr %p, ptr %q, i32 %v) {
entry:
  %first = load atomic i32, ptr %p monotonic, align 4
  br label %retry
retry:
  %old = phi i32 [ %first, %entry ], [ %seen, %retry ]
  %larger = icmp sgt i32 %old, %v
  %new = select i1 %larger, i32 %old, i32 %v
  %pair = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %next, label %retry
next:
  %qfirst = load atomic i32, ptr %q monotonic, align 4
  br label %swap
swap:
  %qold = phi i32 [ %qfirst, %next ], [ %qseen, %swap ]
  %qpair = cmpxchg ptr %q, i32 %qold, i32 %v release monotonic, align 4
  %qseen = extractvalue { i32, i1 } %qpair, 0
  %qok = extractvalue { i32, i1 } %qpair, 1
  br i1 %qok, label %done, label %swap
done:
  ret void
}

; Not one atomicrmw: a multiplication; `k - x` (the old value on the
; right); a store in the loop; an operand computed in the loop; a volatile
; exchange.
; CHECK-LABEL: define void @not_updates(
; CHECK-COUNT-5: cmpxchg
; CHECK-NOT: atomicrmw
define void @not_updates(ptr %p, i32 %k, ptr %log) {
entry:
  %first = load atomic i32, ptr %p monotonic, align 4
  br label %mul
mul:
  %a = phi i32 [ %first, %entry ], [ %a.seen, %mul ]
  %a.new = mul i32 %a, 3
  %a.pair = cmpxchg ptr %p, i32 %a, i32 %a.new monotonic monotonic, align 4
  %a.seen = extractvalue { i32, i1 } %a.pair, 0
  %a.ok = extractvalue { i32, i1 } %a.pair, 1
  br i1 %a.ok, label %reversed, label %mul
reversed:
  %b = phi i32 [ %a.seen, %mul ], [ %b.seen, %reversed ]
  %b.new = sub i32 %k, %b
  %b.pair = cmpxchg ptr %p, i32 %b, i32 %b.new monotonic monotonic, align 4
  %b.seen = extractvalue { i32, i1 } %b.pair, 0
  %b.ok = extractvalue { i32, i1 } %b.pair, 1
  br i1 %b.ok, label %logged, label %reversed
logged:
  %c = phi i32 [ %b.seen, %reversed ], [ %c.seen, %logged ]
  store i32 %c, ptr %log, align 4
  %c.new = add i32 %c, 1
  %c.pair = cmpxchg ptr %p, i32 %c, i32 %c.new monotonic monotonic, align 4
  %c.seen = extractvalue { i32, i1 } %c.pair, 0
  %c.ok = extractvalue { i32, i1 } %c.pair, 1
  br i1 %c.ok, label %varying, label %logged
varying:
  %d = phi i32 [ %c.seen, %logged ], [ %d.seen, %varying ]
  %d.step = lshr i32 %d, 4
  %d.new = add i32 %d, %d.step
  %d.pair = cmpxchg ptr %p, i32 %d, i32 %d.new monotonic monotonic, align 4
  %d.seen = extractvalue { i32, i1 } %d.pair, 0
  %d.ok = extractvalue { i32, i1 } %d.pair, 1
  br i1 %d.ok, label %volatile, label %varying
volatile:
  %e = phi i32 [ %d.seen, %varying ], [ %e.seen, %volatile ]
  %e.new = add i32 %e, 1
  %e.pair = cmpxchg volatile ptr %p, i32 %e, i32 %e.new monotonic monotonic, align 4
  %e.seen = extractvalue { i32, i1 } %e.pair, 0
  %e.ok = extractvalue { i32, i1 } %e.pair, 1
  br i1 %e.ok, label %done, label %volatile
done:
  ret void
}

!0 = distinct !{}
