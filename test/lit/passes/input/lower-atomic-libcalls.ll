; RUN: loom-opt -passes=lower-atomic-libcalls -S %s | FileCheck %s

; The atomic library's calls that Clang makes for a SPIR target become the
; instructions they stand for, on an integer of the object's size at its
; natural alignment, with the calls' orders (0 relaxed, 2 acquire,
; 3 release, 4 acq_rel, 5 seq_cst; anything else, or an order that is not
; a constant, seq_cst). The generic functions take the size first and their
; values through memory; the sized ones take and give values.

; CHECK-LABEL: define void @generic(
; CHECK-NEXT: [[L:%.+]] = load atomic i32, ptr addrspace(4) %obj monotonic, align 4
; CHECK-NEXT: store i32 [[L]], ptr addrspace(4) %ret, align 1
; CHECK-NEXT: [[V:%.+]] = load i64, ptr addrspace(4) %val, align 1
; CHECK-NEXT: store atomic i64 [[V]], ptr addrspace(4) %obj release, align 8
; CHECK-NEXT: [[X:%.+]] = load i16, ptr addrspace(4) %val, align 1
; CHECK-NEXT: [[OLD:%.+]] = atomicrmw xchg ptr addrspace(4) %obj, i16 [[X]] acq_rel, align 2
; CHECK-NEXT: store i16 [[OLD]], ptr addrspace(4) %ret, align 1
; CHECK-NEXT: [[E:%.+]] = load i32, ptr addrspace(4) %expected, align 1
; CHECK-NEXT: [[D:%.+]] = load i32, ptr addrspace(4) %desired, align 1
; CHECK-NEXT: [[PAIR:%.+]] = cmpxchg ptr addrspace(4) %obj, i32 [[E]], i32 [[D]] seq_cst acquire, align 4
; CHECK-NEXT: [[SEEN:%.+]] = extractvalue { i32, i1 } [[PAIR]], 0
; CHECK-NEXT: store i32 [[SEEN]], ptr addrspace(4) %expected, align 1
; CHECK-NEXT: [[OK:%.+]] = extractvalue { i32, i1 } [[PAIR]], 1
; CHECK-NEXT: %swapped = zext i1 [[OK]] to i8
; CHECK-NEXT: ret void
define void @generic(ptr addrspace(4) %obj, ptr addrspace(4) %ret, ptr addrspace(4) %val, ptr addrspace(4) %expected, ptr addrspace(4) %desired) {
  call void @__atomic_load(i64 4, ptr addrspace(4) %obj, ptr addrspace(4) %ret, i32 0)
  call void @__atomic_store(i64 8, ptr addrspace(4) %obj, ptr addrspace(4) %val, i32 3)
  call void @__atomic_exchange(i64 2, ptr addrspace(4) %obj, ptr addrspace(4) %val, ptr addrspace(4) %ret, i32 4)
  %swapped = call zeroext i8 @__atomic_compare_exchange(i64 4, ptr addrspace(4) %obj, ptr addrspace(4) %expected, ptr addrspace(4) %desired, i32 5, i32 2)
  ret void
}

; CHECK-LABEL: define i32 @sized(
; CHECK-NEXT: %l = load atomic i32, ptr %obj acquire, align 4
; CHECK-NEXT: store atomic i8 %b, ptr %obj seq_cst, align 1
; CHECK-NEXT: %x = atomicrmw xchg ptr %obj, i64 %w seq_cst, align 8
; CHECK-NEXT: [[E:%.+]] = load i32, ptr %expected, align 1
; CHECK-NEXT: [[PAIR:%.+]] = cmpxchg weak ptr %obj, i32 [[E]], i32 %v monotonic monotonic, align 4
; CHECK-NEXT: [[SEEN:%.+]] = extractvalue { i32, i1 } [[PAIR]], 0
; CHECK-NEXT: store i32 [[SEEN]], ptr %expected, align 1
; CHECK-NEXT: [[OK:%.+]] = extractvalue { i32, i1 } [[PAIR]], 1
; CHECK-NEXT: %c = zext i1 [[OK]] to i8
; CHECK-NEXT: %fa = atomicrmw add ptr %obj, i32 %v seq_cst, align 4
; CHECK-NEXT: %fn = atomicrmw nand ptr %obj, i16 %h monotonic, align 2
; CHECK-NEXT: [[S:%.+]] = atomicrmw sub ptr %obj, i32 %v release, align 4
; CHECK-NEXT: %sf = sub i32 [[S]], %v
; CHECK-NEXT: [[N:%.+]] = atomicrmw nand ptr %obj, i64 %w acquire, align 8
; CHECK-NEXT: [[AND:%.+]] = and i64 [[N]], %w
; CHECK-NEXT: %nf = xor i64 [[AND]], -1
define i32 @sized(ptr %obj, ptr %expected, i8 %b, i16 %h, i32 %v, i64 %w, i32 %order) {
  %l = call i32 @__atomic_load_4(ptr %obj, i32 2)
  call void @__atomic_store_1(ptr %obj, i8 %b, i32 %order)
  %x = call i64 @__atomic_exchange_8(ptr %obj, i64 %w, i32 5)
  %c = call zeroext i8 @__atomic_compare_exchange_4(ptr %obj, ptr %expected, i32 %v, i1 true, i32 0, i32 0)
  %fa = call i32 @__atomic_fetch_add_4(ptr %obj, i32 %v, i32 5)
  %fn = call i16 @__atomic_fetch_nand_2(ptr %obj, i16 %h, i32 0)
  %sf = call i32 @__atomic_sub_fetch_4(ptr %obj, i32 %v, i32 3)
  %nf = call i64 @__atomic_nand_fetch_8(ptr %obj, i64 %w, i32 1)
  ret i32 %l
}

; What has no instruction on every CPU, or whose size is not known, stays a
; call, for the link check that names it.
; CHECK-LABEL: define void @left(
; CHECK-NEXT: call void @__atomic_load(i64 16,
; CHECK-NEXT: call void @__atomic_load(i64 %size,
; CHECK-NEXT: call i128 @__atomic_load_16(
; CHECK-NEXT: call i1 @__atomic_is_lock_free(
define void @left(ptr addrspace(4) %obj, ptr addrspace(4) %ret, i64 %size) {
  call void @__atomic_load(i64 16, ptr addrspace(4) %obj, ptr addrspace(4) %ret, i32 5)
  call void @__atomic_load(i64 %size, ptr addrspace(4) %obj, ptr addrspace(4) %ret, i32 5)
  %q = call i128 @__atomic_load_16(ptr addrspace(4) %obj, i32 5)
  %f = call i1 @__atomic_is_lock_free(i64 4, ptr addrspace(4) %obj)
  ret void
}

declare void @__atomic_load(i64, ptr addrspace(4), ptr addrspace(4), i32)
declare void @__atomic_store(i64, ptr addrspace(4), ptr addrspace(4), i32)
declare void @__atomic_exchange(i64, ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), i32)
declare i8 @__atomic_compare_exchange(i64, ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), i32, i32)
declare i32 @__atomic_load_4(ptr, i32)
declare i128 @__atomic_load_16(ptr addrspace(4), i32)
declare void @__atomic_store_1(ptr, i8, i32)
declare i64 @__atomic_exchange_8(ptr, i64, i32)
declare i8 @__atomic_compare_exchange_4(ptr, ptr, i32, i1, i32, i32)
declare i32 @__atomic_fetch_add_4(ptr, i32, i32)
declare i16 @__atomic_fetch_nand_2(ptr, i16, i32)
declare i32 @__atomic_sub_fetch_4(ptr, i32, i32)
declare i64 @__atomic_nand_fetch_8(ptr, i64, i32)
declare i1 @__atomic_is_lock_free(i64, ptr addrspace(4))
