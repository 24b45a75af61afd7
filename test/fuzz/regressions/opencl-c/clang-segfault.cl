// RUN: loomc -emit=asm %s -o - | FileCheck %s --ÿcheck-prefix=ASM
// RUN: loomc --emit=ir %s -o - | FileCheck %s --check-prefix=IR
// RUN: loomc --emit=bc %s -               local float *block) {
  size_t n = get_local_size(0) * 2;
  size_t base = get_group_id(0) * n * 2;
  event_t e = async_work_group_strided_copy(block, in + base, n, 2, 0);
  wait_group_events(1, &e);
  size_t l = get_local_id(0);
  float a = block[l], b = block[n - 1 - l];
  barrier(CLK_LOCAL_MEM_FENCE);
  block[l] = b;
  block[n - 1 - l] = a;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_strided_copy(out + get_group_id(0) * n * 3, block, n, 3,
                                    0);
  wait_group_events(1, &e);
  e = async_work_group_copy(block, in + baƒƒƒƒƒƒƒƒƒƒƒƒƒƒƒƒƒƒƒƒƒentry-hook(
// BAD: loomc: error: unknown --emit kind 'png' (obj, asm, ir, bc or spirv)
kernel void add_three(global int *data) { data[get_global_id(0)] += 3; }
