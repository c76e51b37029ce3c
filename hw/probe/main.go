// Command probe writes the CUDA source of the shared-load probe of
// docs/hardware.md ("The 16-byte probe") from its list of cases: one
// vector load per case, each at its own line of the list (so that Nsight
// Compute's source view gives each case its own figure), in one kernel
// whose block b runs case b; lanes whose address is -1 are branched
// around the load.
//
//	go run ./hw/probe hw/results/probe/cases.txt > hw/results/probe/probe.cu
//
// A line of the list is a name, a mode and 32 byte addresses. The modes:
// S, a 16-byte load through a shared address (LDS.128); G, the same
// through a generic address (LD.E.128); S8 and G8, their 8-byte forms.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// loads are the inline PTX of each mode.
var loads = map[string]string{
	"S":  `asm volatile("ld.shared.v4.f32 {%%0,%%1,%%2,%%3}, [%%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "r"(s) : "memory")`,
	"G":  `asm volatile("ld.v4.f32 {%%0,%%1,%%2,%%3}, [%%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(g) : "memory")`,
	"S8": `asm volatile("ld.shared.v2.f32 {%%0,%%1}, [%%2];" : "=f"(v.x), "=f"(v.y) : "r"(s) : "memory")`,
	"G8": `asm volatile("ld.v2.f32 {%%0,%%1}, [%%2];" : "=f"(v.x), "=f"(v.y) : "l"(g) : "memory")`,
}

type probeCase struct {
	name, mode string
	addrs      []string
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: probe CASES.txt > probe.cu")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(1)
	}
	defer f.Close()
	cases, err := read(os.Args[1], f)
	if err == nil {
		err = write(os.Stdout, cases)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(1)
	}
}

func read(name string, r io.Reader) ([]probeCase, error) {
	var cs []probeCase
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) != 34 {
			return nil, fmt.Errorf("%s:%d: want a name, a mode and 32 addresses, got %d fields", name, line, len(fs))
		}
		if loads[fs[1]] == "" {
			return nil, fmt.Errorf("%s:%d: mode %q is none of S, G, S8, G8", name, line, fs[1])
		}
		cs = append(cs, probeCase{name: fs[0], mode: fs[1], addrs: fs[2:]})
	}
	return cs, sc.Err()
}

func write(w io.Writer, cs []probeCase) error {
	var b strings.Builder
	b.WriteString(`// probe.cu: one 16-byte shared load per case, each at its own line of
// cases.txt; a block of one warp per case, lanes off where the case's
// address is -1. Generated from the requests of the fuzz kernels that
// disagreed (smemlint hwcheck) and from rows of docs/hardware.md.
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <cuda_runtime.h>
`)
	fmt.Fprintf(&b, "#define NC %d\nstatic const int h_addr[NC * 32] = {\n", len(cs))
	for _, c := range cs {
		fmt.Fprintf(&b, "  %s,  // %s\n", strings.Join(c.addrs, ", "), c.name)
	}
	b.WriteString(`};

__global__ void probe(const int* __restrict__ addr, float4* out, int base) {
  __shared__ __align__(128) float4 sm[3072];
  int c = base + blockIdx.x;
  int a = addr[c * 32 + threadIdx.x];
  float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
  if (a >= 0) {
    unsigned s = (unsigned)__cvta_generic_to_shared(sm) + (unsigned)a;
    const char* g = (const char*)sm + a;
    (void)s; (void)g;
    switch (c) {
`)
	for i, c := range cs {
		fmt.Fprintf(&b, "#line %d \"cases.txt\"\n    case %d: "+loads[c.mode]+"; break;\n", i+1, i)
	}
	b.WriteString(`#line 1 "probe_tail.cu"
    }
  }
  out[c * 32 + threadIdx.x] = v;
}

int main(int argc, char** argv) {
  int* d; float4* o;
  if (cudaMalloc(&d, sizeof(h_addr)) != cudaSuccess || cudaMalloc(&o, NC * 32 * sizeof(float4)) != cudaSuccess) { printf("malloc failed\n"); return 1; }
  cudaMemcpy(d, h_addr, sizeof(h_addr), cudaMemcpyHostToDevice);
  if (argc > 1 && !strcmp(argv[1], "one")) {
    int n = argc > 2 ? atoi(argv[2]) : NC;
    for (int k = 0; k < n && k < NC; k++) probe<<<1, 32>>>(d, o, k);
  } else {
    probe<<<NC, 32>>>(d, o, 0);
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
`)
	_, err := io.WriteString(w, b.String())
	return err
}
