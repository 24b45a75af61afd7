; RUN: loom-opt -passes=vecz-lane-calls -S %s | FileCheck %s

; vecz-lane-calls alone, on markers written by hand as packetization leaves
; them (transform/StageMarkers.h): each names a one-lane template, passes
; the template's operands (widened, or as they are when uniform) and a
; mask, and stands for the lanes' results.

; Every lane on: straight code, one atomic per lane in lane order, each on
; its lane's pointer, the results gathered lane by lane.
; CHECK-LABEL: define void @every_lane(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %[[P0:.+]] = extractelement <4 x ptr addrspace(1)> %p, i64 0
; CHECK-NEXT:    %[[OLD0:.+]] = atomicrmw add ptr addrspace(1) %[[P0]], i32 1 seq_cst, align 4
; CHECK-NEXT:    %[[R0:.+]] = insertelement <4 x i32> zeroinitializer, i32 %[[OLD0]], i64 0
; CHECK-NEXT:    %[[P1:.+]] = extractelement <4 x ptr addrspace(1)> %p, i64 1
; CHECK-NEXT:    %[[OLD1:.+]] = atomicrmw add ptr addrspace(1) %[[P1]], i32 1 seq_cst, align 4
; CHECK-NEXT:    %[[R1:.+]] = insertelement <4 x i32> %[[R0]], i32 %[[OLD1]], i64 1
; CHECK:         %[[P3:.+]] = extractelement <4 x ptr addrspace(1)> %p, i64 3
; CHECK-NEXT:    %[[OLD3:.+]] = atomicrmw add ptr addrspace(1) %[[P3]], i32 1 seq_cst, align 4
; CHECK-NEXT:    %[[R3:.+]] = insertelement <4 x i32> %{{.+}}, i32 %[[OLD3]], i64 3
; CHECK-NEXT:    store <4 x i32> %[[R3]], ptr addrspace(1) %out, align 16
define void @every_lane(<4 x ptr addrspace(1)> %p, ptr addrspace(1) %out) {
entry:
  %old.v = call <4 x i32> (...) @__vecz_lanes.atomicrmw(ptr @__vecz_lane.atomicrmw, <4 x ptr addrspace(1)> %p, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  store <4 x i32> %old.v, ptr addrspace(1) %out, align 16
  ret void
}

define internal i32 @__vecz_lane.atomicrmw(ptr addrspace(1) %0) {
  %old = atomicrmw add ptr addrspace(1) %0, i32 1 seq_cst
  ret i32 %old
}

; Under a mask: a helper that branches per lane, called with the uniform
; buffer as it is, the widened value and the mask.
; CHECK-LABEL: define void @masked(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__vecz_masked_call(ptr addrspace(1) %buf, <4 x i32> %x, <4 x i1> %m)
; CHECK-NEXT:    ret void
define void @masked(ptr addrspace(1) %buf, <4 x i32> %x, <4 x i1> %m) {
entry:
  call void (...) @__vecz_lanes.call(ptr @__vecz_lane.call, ptr addrspace(1) %buf, <4 x i32> %x, <4 x i1> %m)
  ret void
}

define internal void @__vecz_lane.call(ptr addrspace(1) %0, i32 %1) {
  call void @record(ptr addrspace(1) %0, i32 %1)
  ret void
}

; A compare-and-swap's users that take its pair apart get the lanes' old
; values and outcomes directly.
; CHECK-LABEL: define void @swap(
; CHECK:         %[[V0:.+]] = extractelement <4 x i32> %v, i64 0
; CHECK-NEXT:    %[[PAIR0:.+]] = cmpxchg ptr addrspace(1) %p, i32 0, i32 %[[V0]] seq_cst seq_cst, align 4
; CHECK:         %[[OK:.+]] = insertelement <4 x i1> %{{.+}}, i1 %{{.+}}, i64 3
; CHECK-NEXT:    %ok.wide = zext <4 x i1> %[[OK]] to <4 x i32>
; CHECK-NEXT:    store <4 x i32> %[[OLD:.+]], ptr addrspace(1) %out, align 16
; CHECK-NOT:     extractvalue { <4 x i32>, <4 x i1> }
; CHECK:         ret void
define void @swap(ptr addrspace(1) %p, <4 x i32> %v, ptr addrspace(1) %out, ptr addrspace(1) %won) {
entry:
  %pair.v = call { <4 x i32>, <4 x i1> } (...) @__vecz_lanes.cmpxchg(ptr @__vecz_lane.cmpxchg, ptr addrspace(1) %p, <4 x i32> %v, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  %old.v = extractvalue { <4 x i32>, <4 x i1> } %pair.v, 0
  %ok.v = extractvalue { <4 x i32>, <4 x i1> } %pair.v, 1
  %ok.wide = zext <4 x i1> %ok.v to <4 x i32>
  store <4 x i32> %old.v, ptr addrspace(1) %out, align 16
  store <4 x i32> %ok.wide, ptr addrspace(1) %won, align 16
  ret void
}

define internal { i32, i1 } @__vecz_lane.cmpxchg(ptr addrspace(1) %0, i32 %1) {
  %pair = cmpxchg ptr addrspace(1) %0, i32 0, i32 %1 seq_cst seq_cst
  ret { i32, i1 } %pair
}

; The helper: lane after lane, each behind its bit of the mask.
; CHECK-LABEL: define internal void @__vecz_masked_call(ptr addrspace(1) %0, <4 x i32> %1, <4 x i1> %2)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %[[ON0:.+]] = extractelement <4 x i1> %2, i64 0
; CHECK-NEXT:    br i1 %[[ON0]], label %lane.0, label %after.0
; CHECK:       lane.0:
; CHECK-NEXT:    %[[X0:.+]] = extractelement <4 x i32> %1, i64 0
; CHECK-NEXT:    call void @record(ptr addrspace(1) %0, i32 %[[X0]])
; CHECK:       lane.3:
; CHECK-NEXT:    %[[X3:.+]] = extractelement <4 x i32> %1, i64 3
; CHECK-NEXT:    call void @record(ptr addrspace(1) %0, i32 %[[X3]])
; CHECK:       after.3:
; CHECK-NEXT:    ret void

; The markers and their templates are gone.
; CHECK-NOT: __vecz_lane

declare void @record(ptr addrspace(1), i32)
declare <4 x i32> @__vecz_lanes.atomicrmw(...)
declare void @__vecz_lanes.call(...)
declare { <4 x i32>, <4 x i1> } @__vecz_lanes.cmpxchg(...)
