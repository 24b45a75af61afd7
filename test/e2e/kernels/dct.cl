// The 8x8 block transform of the pocl kernel-compiler seed
// (../shared/seeds/pocl-kernel-compiler.rst): one work-group per block, one
// work-item per element. Stage 1 is the seed's loop: inter = X * D (or X *
// D^T for the inverse) for the block X of the input; stage 2, after the
// barrier, out = D^T * inter (or D * inter), reading what other work-items
// of the group wrote.
static uint getIdx(uint blockIdx, uint blockIdy, uint localIdx, uint localIdy,
                   uint blockWidth, uint globalWidth) {
  uint globalIdx = blockIdx * blockWidth + localIdx;
  uint globalIdy = blockIdy * blockWidth + localIdy;
  return globalIdy * globalWidth + globalIdx;
}

kernel void DCT(global float *output, global float *input,
                global float *dct8x8, local float *inter, const uint width,
                const uint blockWidth, const uint inverse) {
  uint groupIdx = get_group_id(0), groupIdy = get_group_id(1);
  uint i = get_local_id(0), j = get_local_id(1);
  float acc = 0.0f;
  for (uint k = 0; k < blockWidth; k++) {
    uint index1 = inverse ? i * blockWidth + k : k * blockWidth + i;
    uint index2 = getIdx(groupIdx, groupIdy, k, j, blockWidth, width);
    acc += dct8x8[index1] * input[index2];
  }
  inter[j * blockWidth + i] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  acc = 0.0f;
  for (uint k = 0; k < blockWidth; k++) {
    uint index1 = inverse ? j * blockWidth + k : k * blockWidth + j;
    acc += dct8x8[index1] * inter[k * blockWidth + i];
  }
  output[getIdx(groupIdx, groupIdy, i, j, blockWidth, width)] = acc;
}
