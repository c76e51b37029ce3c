#include <cstdio>
__global__ void k(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 32 + tx, y = blockIdx.y * 32 + ty;
  tile[ty][tx] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + tx; y = blockIdx.x * 32 + ty;
  out[y * n + x] = tile[tx][ty];
}
int main() {
  int n = 256; float *a, *b;
  cudaMalloc(&a, n*n*4); cudaMalloc(&b, n*n*4);
  k<<<dim3(n/32, n/32), dim3(32, 32)>>>(b, a, n);
  cudaDeviceSynchronize(); printf("ok\n"); return 0;
}
