// OpenCL C 2.0's address-space queries on generic pointers: to_global,
// to_local, to_private (which Clang lowers to calls of __to_global,
// __to_local and __to_private) and get_fence. On the host every address
// space is one flat space: an address is local when it lies in the running
// work-group's local-memory arena (its start and size come from the
// work-group info through mux builtins) or in another worker's (the
// driver's __loom_is_local_address knows: another group's __local pointer
// is local too), private when it lies on the stack of a thread that runs
// kernels (__loom_is_private_address: another work-item's private pointer
// is private too), and global otherwise.
#include "builtins.h"

local char *__mux_get_local_memory(void);
size_t __mux_get_local_memory_size(void);
int __loom_is_private_address(const generic void *);
int __loom_is_local_address(const generic void *);

static bool is_local(const generic void *p) {
  uintptr_t base = (uintptr_t)(generic char *)__mux_get_local_memory();
  // The running group's own arena first: no call for the common case.
  return (uintptr_t)p - base < __mux_get_local_memory_size() ||
         __loom_is_local_address(p);
}

global void *__to_global(generic void *p) {
  return is_local(p) || __loom_is_private_address(p) ? 0 : (global void *)p;
}

local void *__to_local(generic void *p) {
  return is_local(p) ? (local void *)p : 0;
}

private void *__to_private(generic void *p) {
  return __loom_is_private_address(p) ? (private void *)p : 0;
}

cl_mem_fence_flags LOOM_OVERLOAD get_fence(generic void *p) {
  return is_local(p) ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE;
}

cl_mem_fence_flags LOOM_OVERLOAD get_fence(const generic void *p) {
  return is_local(p) ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE;
}
