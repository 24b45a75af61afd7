// RUN: loomc --target=reference -S %s -o - | FileCheck %s
// RUN: loomc --target=csa -S %s -o - | FileCheck %s --check-prefix=CSA

// A kernel with a __local array and a barrier: its regions are inlined into
// the region scheduler of its entry point (the scheduler's rare path, for
// work-items waiting at different barriers, calls copies kept out of line),
// and the array lives in the arena the work-group info points to (field 8,
// at byte 152; in the CSA target's layout, field 7 at byte 168), addressed
// by field or by byte.
// CSA: getelementptr {{(inbounds )?}}{{(i8, ptr %wg, i64 168|%CSAWorkGroupInfo, ptr %wg, i64 0, i32 7$)}}
// CHECK-LABEL: define void @tile_reverse.mux-entry-hook(
// CHECK: getelementptr {{(inbounds )?}}{{(i8, ptr %wg, i64 152|%MuxWorkGroupInfo, ptr %wg, i64 0, i32 8$)}}
// CHECK: schedule.scan
// CHECK-NOT: @__mux_work_group_barrier
// CHECK-NOT: addrspace(3) global
kernel void tile_reverse(global int *data) {
  local int tile[32];
  size_t lid = get_local_id(0);
  tile[lid] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[get_global_id(0)] = tile[get_local_size(0) - 1 - lid];
}
