// A stand-in for the CUDA headers, so that tests can check the syntax and
// types of generated files with a host C++ compiler where nvcc is absent.
// The launch syntax <<<...>>> is removed by the test before compiling.
#pragma once
#include <cstddef>
#define __global__
#define __device__
#define __host__
#define __shared__
#define __forceinline__ inline
#define __align__(n) alignas(n)
struct uint3 { unsigned x, y, z; };
struct uint2 { unsigned x, y; };
struct uint4 { unsigned x, y, z, w; };
struct dim3 { unsigned x, y, z; dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {} };
extern uint3 threadIdx, blockIdx;
extern dim3 blockDim, gridDim;
extern int warpSize;
typedef int cudaError_t;
const cudaError_t cudaSuccess = 0;
enum cudaMemcpyKind { cudaMemcpyHostToDevice };
enum cudaLaunchAttributeID { cudaLaunchAttributeClusterDimension };
struct cudaLaunchAttribute { cudaLaunchAttributeID id; struct { struct { unsigned x, y, z; } clusterDim; } val; };
struct cudaLaunchConfig_t { dim3 gridDim, blockDim; size_t dynamicSmemBytes; cudaLaunchAttribute* attrs; unsigned numAttrs; };
template <class T> cudaError_t cudaMalloc(T** p, size_t n);
cudaError_t cudaMemcpy(void*, const void*, size_t, cudaMemcpyKind);
cudaError_t cudaMemset(void*, int, size_t);
cudaError_t cudaFree(void*);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaGetLastError();
const char* cudaGetErrorString(cudaError_t);
template <class... A, class... B> cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t*, void (*)(A...), B...);
size_t __cvta_generic_to_shared(const void*);
void __syncthreads();
void __syncwarp(unsigned);
void __threadfence();
void __threadfence_block();
void __trap();
unsigned __ballot_sync(unsigned, bool);
int __any_sync(unsigned, bool);
int __all_sync(unsigned, bool);
template <class T> T __shfl_sync(unsigned, T, int, int w = 32);
template <class T> T __shfl_up_sync(unsigned, T, unsigned, int w = 32);
template <class T> T __shfl_down_sync(unsigned, T, unsigned, int w = 32);
template <class T> T __shfl_xor_sync(unsigned, T, int, int w = 32);
int atomicAdd(int*, int); unsigned atomicAdd(unsigned*, unsigned); unsigned long long atomicAdd(unsigned long long*, unsigned long long);
float atomicAdd(float*, float); double atomicAdd(double*, double);
int atomicSub(int*, int); unsigned atomicSub(unsigned*, unsigned);
int atomicMax(int*, int); unsigned atomicMax(unsigned*, unsigned); long long atomicMax(long long*, long long); unsigned long long atomicMax(unsigned long long*, unsigned long long);
int atomicMin(int*, int); unsigned atomicMin(unsigned*, unsigned); long long atomicMin(long long*, long long); unsigned long long atomicMin(unsigned long long*, unsigned long long);
int atomicExch(int*, int); unsigned atomicExch(unsigned*, unsigned); unsigned long long atomicExch(unsigned long long*, unsigned long long); float atomicExch(float*, float);
int atomicCAS(int*, int, int); unsigned atomicCAS(unsigned*, unsigned, unsigned); unsigned long long atomicCAS(unsigned long long*, unsigned long long, unsigned long long);
int atomicAnd(int*, int); unsigned atomicAnd(unsigned*, unsigned); unsigned long long atomicAnd(unsigned long long*, unsigned long long);
int atomicOr(int*, int); unsigned atomicOr(unsigned*, unsigned); unsigned long long atomicOr(unsigned long long*, unsigned long long);
int atomicXor(int*, int); unsigned atomicXor(unsigned*, unsigned); unsigned long long atomicXor(unsigned long long*, unsigned long long);
long long min(long long, long long); long long max(long long, long long);
float min(float, float); float max(float, float); double min(double, double); double max(double, double);
int min(int, int); int max(int, int); unsigned min(unsigned, unsigned); unsigned max(unsigned, unsigned);
