// RUN: loomc -cl-wfv=always -Rpass-missed=vecz %s -o %t.o 2>&1 | FileCheck %s
// RUN: loomc %s -o %t.o

// A loop without an exit holding a divergent branch (CLsmith's atomics
// 2076, reduced by C-Vise) hung the compiler at every option: LLVM roots
// the loop's post-dominators at one of its blocks, and Vecz widened the
// branch's region, which a path entered through the loop's back edge, for
// ever. It now declines the kernel, which keeps its scalar form.
// CHECK: vecz-exitless-loop.cl: remark: kernel 'exitless' has divergent control flow in a loop (not handled yet) [-Rpass-missed=vecz]

kernel void exitless(global volatile uint *counter, global ulong *out) {
  size_t gid = get_global_id(0);
  for (;;)
    if (atomic_inc(counter) == 0)
      out[gid] = gid;
}
