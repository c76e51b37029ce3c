// Package adi ports PolyBench/GPU's adi kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/stencils/adi/adi.cu
// lines 143-259 (the first launches, i1 = 1 and 0). Each access names its CUDA line.
package adi

import "github.com/smemlint/smemlint/simt"

const N = 256

func AdiKernel1(t *simt.Thread, n int, a, b, x []float32) {
	i1 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i1 < n {
		for i2 := 1; i2 < n; i2++ {
			x[i1*N+i2] = x[i1*N+i2] - x[i1*N+(i2-1)]*a[i1*N+i2]/b[i1*N+(i2-1)] // cuda:151
			b[i1*N+i2] = b[i1*N+i2] - a[i1*N+i2]*a[i1*N+i2]/b[i1*N+(i2-1)]     // cuda:152
		}
	}
}

func AdiKernel2(t *simt.Thread, n int, a, b, x []float32) {
	i1 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i1 < n {
		x[i1*N+(N-1)] = x[i1*N+(N-1)] / b[i1*N+(N-1)] // cuda:164
	}
}

func AdiKernel3(t *simt.Thread, n int, a, b, x []float32) {
	i1 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i1 < n {
		for i2 := 0; i2 < n-2; i2++ {
			x[i1*N+(N-i2-2)] = (x[i1*N+(N-2-i2)] - x[i1*N+(N-2-i2-1)]*a[i1*N+(N-i2-3)]) / b[i1*N+(N-3-i2)] // cuda:177
		}
	}
}

func AdiKernel4(t *simt.Thread, n int, a, b, x []float32, i1 int) {
	i2 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i2 < n {
		x[i1*N+i2] = x[i1*N+i2] - x[(i1-1)*N+i2]*a[i1*N+i2]/b[(i1-1)*N+i2] // cuda:189
		b[i1*N+i2] = b[i1*N+i2] - a[i1*N+i2]*a[i1*N+i2]/b[(i1-1)*N+i2]     // cuda:190
	}
}

func AdiKernel5(t *simt.Thread, n int, a, b, x []float32) {
	i2 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i2 < n {
		x[(N-1)*N+i2] = x[(N-1)*N+i2] / b[(N-1)*N+i2] // cuda:201
	}
}

func AdiKernel6(t *simt.Thread, n int, a, b, x []float32, i1 int) {
	i2 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i2 < n {
		x[(N-2-i1)*N+i2] = (x[(N-2-i1)*N+i2] - x[(N-i1-3)*N+i2]*a[(N-3-i1)*N+i2]) / b[(N-2-i1)*N+i2] // cuda:212
	}
}

// Run launches each kernel once as adiCuda does (one block of 256).
func Run() error {
	a, b, x := simt.Malloc[float32](N*N), simt.Malloc[float32](N*N), simt.Malloc[float32](N*N)
	cfg := simt.Config{Grid: simt.Dim3{X: 1, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}}
	if err := simt.Launch(cfg, func(t *simt.Thread) { AdiKernel1(t, N, a, b, x) }); err != nil {
		return err
	}
	if err := simt.Launch(cfg, func(t *simt.Thread) { AdiKernel2(t, N, a, b, x) }); err != nil {
		return err
	}
	if err := simt.Launch(cfg, func(t *simt.Thread) { AdiKernel3(t, N, a, b, x) }); err != nil {
		return err
	}
	if err := simt.Launch(cfg, func(t *simt.Thread) { AdiKernel4(t, N, a, b, x, 1) }); err != nil {
		return err
	}
	if err := simt.Launch(cfg, func(t *simt.Thread) { AdiKernel5(t, N, a, b, x) }); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { AdiKernel6(t, N, a, b, x, 0) })
}
