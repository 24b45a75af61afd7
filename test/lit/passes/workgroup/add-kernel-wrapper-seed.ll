; RUN: loom-opt -passes=add-kernel-wrapper -S %s | FileCheck %s

; The seed's example:
;   void foo(global int *a, double f, MuxWorkItemInfo *, MuxWorkGroupInfo *);
;   struct MuxPackedArgs.foo { global int *a; double f; };
;   void foo.mux-kernel-wrapper(MuxPackedArgs.foo *args, MuxWorkGroupInfo *wg) {
;     MuxWorkItemInfo wi;
;     return foo(args->a, args->f, &wi, wg);
;   }
; CHECK: %MuxPackedArgs.foo = type { ptr addrspace(1), double }
; CHECK-LABEL: define void @foo.mux-kernel-wrapper(ptr noalias nocapture readonly %packed.args, ptr noalias nocapture readonly %wg)
; CHECK: %a = load ptr addrspace(1), ptr %{{.+}}
; CHECK: %f = load double, ptr %{{.+}}
; CHECK: %wi = alloca %MuxWorkItemInfo
; CHECK: call void @foo(ptr addrspace(1) %a, double %f, ptr %wi, ptr %wg)
; CHECK-NEXT: ret void
define void @foo(ptr addrspace(1) %a, double %f, ptr %wi, ptr %wg) #0 !mux_scheduled_fn !0 {
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="foo" }
!0 = !{i32 2, i32 3}
