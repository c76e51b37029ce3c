// micro.cu -- micro-kernels that each issue one measured memory instruction,
// for reading shared-memory wavefronts and global sectors per warp request
// off Nsight Compute. The cases are listed in cases.h; docs/hardware.md
// holds what an H100 gave and hw/measure.sh runs the whole measurement.
//
//   nvcc -O3 -arch=sm_90 -lineinfo -o micro micro.cu
//   ./micro list            names of all kernels
//   ./micro all             launch every kernel once
//   ./micro S0 PG           launch the kernels whose names start so
//   REPEAT=3 ./micro all    launch each selected kernel three times
//
// Every case becomes two kernels. In ID_p the access is one predicated PTX
// instruction (SASS @P0 LDS...): every lane is active and the lanes that are
// off are predicated off. In ID_b the access follows a loop the compiler
// cannot if-convert (its trip count and step come from kernel arguments),
// inside a divergent branch, so it runs with a partial active mask. Every
// thread first computes its element index and passes it through an opaque
// mov, so the address register of a lane that is off holds a known value
// (xidx of cases.h). The access itself is inline PTX, so the compiler can
// neither widen, merge, move nor drop it. A load hands its value to one
// coalesced global store so that it is not dead; a store kernel holds its
// store alone. Shared memory is never initialised: the bank a lane reaches
// does not depend on the data.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include <cuda_runtime.h>

#include "cases.h"

static void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess) {
    fprintf(stderr, "micro: %s: %s\n", what, cudaGetErrorString(err));
    exit(1);
  }
}

// ------------------------------------------------------------ one access
// The element types of cases.h. Each holds the PTX of its loads and stores,
// plain and predicated (the predicate is the operand named "on").
struct F32 {
  typedef float V;
  static __device__ V make(unsigned t) { return (float)t; }
  static __device__ float fold(V v) { return v; }
  static __device__ V lds(unsigned a) {
    V v;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(a));
    return v;
  }
  static __device__ V plds(unsigned a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.shared.f32 %0, [%1]; }"
                 : "+f"(v) : "r"(a), "r"(on));
    return v;
  }
  static __device__ void sts(unsigned a, V v) {
    asm volatile("st.shared.f32 [%0], %1;" ::"r"(a), "f"(v) : "memory");
  }
  static __device__ void psts(unsigned a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p st.shared.f32 [%0], %1; }"
                 ::"r"(a), "f"(v), "r"(on) : "memory");
  }
  static __device__ V ldg(const void* a) {
    V v;
    asm volatile("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(a));
    return v;
  }
  static __device__ V pldg(const void* a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.global.f32 %0, [%1]; }"
                 : "+f"(v) : "l"(a), "r"(on));
    return v;
  }
  static __device__ void stg(void* a, V v) {
    asm volatile("st.global.f32 [%0], %1;" ::"l"(a), "f"(v) : "memory");
  }
  static __device__ void pstg(void* a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p st.global.f32 [%0], %1; }"
                 ::"l"(a), "f"(v), "r"(on) : "memory");
  }
};

struct F64 {
  typedef double V;
  static __device__ V make(unsigned t) { return (double)t; }
  static __device__ float fold(V v) { return (float)v; }
  static __device__ V lds(unsigned a) {
    V v;
    asm volatile("ld.shared.f64 %0, [%1];" : "=d"(v) : "r"(a));
    return v;
  }
  static __device__ V plds(unsigned a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.shared.f64 %0, [%1]; }"
                 : "+d"(v) : "r"(a), "r"(on));
    return v;
  }
  static __device__ void sts(unsigned a, V v) {
    asm volatile("st.shared.f64 [%0], %1;" ::"r"(a), "d"(v) : "memory");
  }
  static __device__ void psts(unsigned a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p st.shared.f64 [%0], %1; }"
                 ::"r"(a), "d"(v), "r"(on) : "memory");
  }
  static __device__ V ldg(const void* a) {
    V v;
    asm volatile("ld.global.f64 %0, [%1];" : "=d"(v) : "l"(a));
    return v;
  }
  static __device__ V pldg(const void* a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.global.f64 %0, [%1]; }"
                 : "+d"(v) : "l"(a), "r"(on));
    return v;
  }
  static __device__ void stg(void* a, V v) {
    asm volatile("st.global.f64 [%0], %1;" ::"l"(a), "d"(v) : "memory");
  }
  static __device__ void pstg(void* a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p st.global.f64 [%0], %1; }"
                 ::"l"(a), "d"(v), "r"(on) : "memory");
  }
};

struct V4 {
  typedef float4 V;
  static __device__ V make(unsigned t) { return make_float4((float)t, 0.f, 0.f, 0.f); }
  static __device__ float fold(V v) { return v.x + v.y + v.z + v.w; }
  static __device__ V lds(unsigned a) {
    V v;
    asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "r"(a));
    return v;
  }
  static __device__ V plds(unsigned a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %5, 0; @p ld.shared.v4.f32 {%0, %1, %2, %3}, [%4]; }"
                 : "+f"(v.x), "+f"(v.y), "+f"(v.z), "+f"(v.w) : "r"(a), "r"(on));
    return v;
  }
  static __device__ void sts(unsigned a, V v) {
    asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};"
                 ::"r"(a), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
  }
  static __device__ void psts(unsigned a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %5, 0; @p st.shared.v4.f32 [%0], {%1, %2, %3, %4}; }"
                 ::"r"(a), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w), "r"(on) : "memory");
  }
  static __device__ V ldg(const void* a) {
    V v;
    asm volatile("ld.global.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(a));
    return v;
  }
  static __device__ V pldg(const void* a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %5, 0; @p ld.global.v4.f32 {%0, %1, %2, %3}, [%4]; }"
                 : "+f"(v.x), "+f"(v.y), "+f"(v.z), "+f"(v.w) : "l"(a), "r"(on));
    return v;
  }
  static __device__ void stg(void* a, V v) {
    asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};"
                 ::"l"(a), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
  }
  static __device__ void pstg(void* a, unsigned on, V v) {
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %5, 0; @p st.global.v4.f32 [%0], {%1, %2, %3, %4}; }"
                 ::"l"(a), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w), "r"(on) : "memory");
  }
};

// Narrow integers travel in 32-bit registers; PTX widens and narrows them.
#define NARROW(NAME, BITS)                                                                  \
  struct NAME {                                                                             \
    typedef unsigned V;                                                                     \
    static __device__ V make(unsigned t) { return t; }                                      \
    static __device__ float fold(V v) { return (float)v; }                                  \
    static __device__ V lds(unsigned a) {                                                   \
      V v;                                                                                  \
      asm volatile("ld.shared.u" #BITS " %0, [%1];" : "=r"(v) : "r"(a));                    \
      return v;                                                                             \
    }                                                                                       \
    static __device__ V plds(unsigned a, unsigned on, V v) {                                \
      asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.shared.u" #BITS " %0, [%1]; }" \
                   : "+r"(v) : "r"(a), "r"(on));                                            \
      return v;                                                                             \
    }                                                                                       \
    static __device__ void sts(unsigned a, V v) {                                           \
      asm volatile("st.shared.u" #BITS " [%0], %1;" ::"r"(a), "r"(v) : "memory");          \
    }                                                                                       \
    static __device__ void psts(unsigned a, unsigned on, V v) {                             \
      asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p st.shared.u" #BITS " [%0], %1; }" \
                   ::"r"(a), "r"(v), "r"(on) : "memory");                                   \
    }                                                                                       \
    static __device__ V ldg(const void* a) {                                                \
      V v;                                                                                  \
      asm volatile("ld.global.u" #BITS " %0, [%1];" : "=r"(v) : "l"(a));                    \
      return v;                                                                             \
    }                                                                                       \
    static __device__ V pldg(const void* a, unsigned on, V v) {                             \
      asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.global.u" #BITS " %0, [%1]; }" \
                   : "+r"(v) : "l"(a), "r"(on));                                            \
      return v;                                                                             \
    }                                                                                       \
    static __device__ void stg(void* a, V v) {                                              \
      asm volatile("st.global.u" #BITS " [%0], %1;" ::"l"(a), "r"(v) : "memory");          \
    }                                                                                       \
    static __device__ void pstg(void* a, unsigned on, V v) {                                \
      asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p st.global.u" #BITS " [%0], %1; }" \
                   ::"l"(a), "r"(v), "r"(on) : "memory");                                   \
    }                                                                                       \
  };
NARROW(U8, 8)
NARROW(U16, 16)

// The four kinds of access of cases.h.
struct SLD {};
struct SST {};
struct GLD {};
struct GST {};

__shared__ __align__(16) unsigned char smem[MICRO_SHARED_BYTES];

// opaque hides a value from the compiler, so that it cannot fold an index
// into the address or tell which lanes will be switched off.
static __device__ __forceinline__ unsigned opaque(unsigned x) {
  unsigned y;
  asm volatile("mov.b32 %0, %1;" : "=r"(y) : "r"(x));
  return y;
}

static __device__ __forceinline__ unsigned sbase() {
  return (unsigned)__cvta_generic_to_shared(smem);
}

// access issues the measured instruction for element e: predicated on "on"
// when pred is true, plainly otherwise (the caller has branched). It
// returns what a load read, for the result store.
// Only the shared kinds name smem, so that the global kernels declare no
// shared memory.
// bytes is an element's width in memory: a narrow integer travels in a
// 32-bit register, so sizeof(V) is not its width (the first run of these
// kernels addressed char and short arrays 4 bytes an element: C02, C04,
// H02, G13 and G17 measured the cases of c[tid*16], c[tid*8], h[tid*4],
// 4-byte strides).
template <class T>
constexpr unsigned bytes = std::is_same_v<T, U8> ? 1 : std::is_same_v<T, U16> ? 2 : (unsigned)sizeof(typename T::V);

template <class T, class Op>
static __device__ __forceinline__ float access(unsigned char* g, unsigned e, unsigned on, bool pred) {
  typedef typename T::V V;
  const V v = T::make(e);
  if constexpr (std::is_same_v<Op, SLD> || std::is_same_v<Op, SST>) {
    const unsigned sa = sbase() + e * bytes<T>;
    if constexpr (std::is_same_v<Op, SLD>) {
      return T::fold(pred ? T::plds(sa, on, v) : T::lds(sa));
    } else {
      if (pred) T::psts(sa, on, v); else T::sts(sa, v);
    }
  } else {
    unsigned char* ga = g + (size_t)e * bytes<T>;
    if constexpr (std::is_same_v<Op, GLD>) {
      return T::fold(pred ? T::pldg(ga, on, v) : T::ldg(ga));
    } else {
      if (pred) T::pstg(ga, on, v); else T::stg(ga, v);
    }
  }
  return 0.f;
}

template <class Op>
constexpr bool isLoad = std::is_same_v<Op, SLD> || std::is_same_v<Op, GLD>;

// The thread's coordinates, under the names cases.h uses.
#define MICRO_COORDS                                                                       \
  const unsigned tx = threadIdx.x, ty = threadIdx.y;                                       \
  const unsigned tid = tx + ty * blockDim.x;                                               \
  const unsigned bidx = blockIdx.x, bidy = blockIdx.y;                                     \
  const unsigned lin = tid + blockDim.x * blockDim.y * (bidx + gridDim.x * bidy);          \
  (void)tx; (void)ty; (void)bidx; (void)bidy

#define MICRO_KERNELS(ID, OP, T, BX, BY, GX, GY, ON, IDX, XIDX)                             \
  extern "C" __global__ void ID##_p(unsigned char* g, float* out, int n, unsigned m) {      \
    MICRO_COORDS;                                                                            \
    (void)n; (void)m;                                                                        \
    const unsigned on = opaque((ON) ? 1u : 0u);                                              \
    const unsigned e = opaque(on ? (unsigned)(IDX) : (unsigned)(XIDX));                      \
    const float r = access<T, OP>(g, e, on, true);                                           \
    if (isLoad<OP>) out[lin] = r;                                                     \
  }                                                                                          \
  extern "C" __global__ void ID##_b(unsigned char* g, float* out, int n, unsigned m) {      \
    MICRO_COORDS;                                                                            \
    const unsigned on = opaque((ON) ? 1u : 0u);                                              \
    const unsigned e = opaque(on ? (unsigned)(IDX) : (unsigned)(XIDX));                      \
    float r = 0.f;                                                                           \
    if (on) {                                                                                \
      unsigned k = 0;                                                                        \
      for (int i = 0; i < n; ++i) k = k * 5u + m; /* n = 1, m = 0: k stays 0 */              \
      r = access<T, OP>(g, e + k, 1u, false);                                                \
    }                                                                                        \
    if (isLoad<OP>) out[lin] = r;                                                     \
  }
MICRO_CASES(MICRO_KERNELS)

// Controls: what the skeleton costs without a measured access.
extern "C" __global__ void CTRL0_store_only(unsigned char*, float* out, int, unsigned) {
  out[threadIdx.x] = 0.f;
}
extern "C" __global__ void CTRL1_empty(unsigned char*, float*, int, unsigned) {}

// ------------------------------------------------------------------ host
struct Kernel {
  const char* name;
  const void* fn;
  dim3 block, grid;
};

#define MICRO_ENTRIES(ID, OP, T, BX, BY, GX, GY, ON, IDX, XIDX)                             \
  {#ID "_p", (const void*)ID##_p, dim3(BX, BY), dim3(GX, GY)},                               \
  {#ID "_b", (const void*)ID##_b, dim3(BX, BY), dim3(GX, GY)},
static const Kernel kernels[] = {
    MICRO_CASES(MICRO_ENTRIES)
    {"CTRL0_store_only", (const void*)CTRL0_store_only, dim3(32), dim3(1)},
    {"CTRL1_empty", (const void*)CTRL1_empty, dim3(32), dim3(1)},
};
static const int nkernels = sizeof(kernels) / sizeof(kernels[0]);

// The largest launch (G15: 32x8 threads, 32x128 blocks) writes one result
// per thread.
static const size_t outFloats = 32 * 8 * 32 * 128;

static bool selected(const char* name, int argc, char** argv) {
  if (argc < 2 || strcmp(argv[1], "all") == 0) return true;
  for (int i = 1; i < argc; i++)
    if (strncmp(name, argv[i], strlen(argv[i])) == 0) return true;
  return false;
}

int main(int argc, char** argv) {
  if (argc >= 2 && strcmp(argv[1], "list") == 0) {
    for (int i = 0; i < nkernels; i++) printf("%s\n", kernels[i].name);
    return 0;
  }
  const char* rep = getenv("REPEAT");
  const int repeat = rep ? atoi(rep) : 1;
  unsigned char* g;
  float* out;
  check(cudaMalloc(&g, MICRO_GLOBAL_BYTES), "cudaMalloc global buffer");
  check(cudaMemset(g, 0, MICRO_GLOBAL_BYTES), "cudaMemset global buffer");
  check(cudaMalloc(&out, outFloats * sizeof(float)), "cudaMalloc result buffer");
  int n = 1;
  unsigned m = 0;
  void* args[] = {&g, &out, &n, &m};
  int launched = 0;
  for (int r = 0; r < repeat; r++) {
    for (int i = 0; i < nkernels; i++) {
      if (!selected(kernels[i].name, argc, argv)) continue;
      check(cudaLaunchKernel(kernels[i].fn, kernels[i].grid, kernels[i].block, args, 0, 0), kernels[i].name);
      check(cudaDeviceSynchronize(), kernels[i].name);
      launched++;
    }
  }
  if (launched == 0) {
    fprintf(stderr, "micro: no kernel matches; ./micro list names them\n");
    return 2;
  }
  printf("micro: %d launches\n", launched);
  return 0;
}
