// Package jacobi1d ports PolyBench/GPU's jacobi1D kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/stencils/jacobi-1d-imper/jacobi1D.cu
// lines 61-133. Each access names its CUDA line.
package jacobi1d

import "github.com/smemlint/smemlint/simt"

const N = 1024

func RunJacobiCUDAKernel1(t *simt.Thread, n int, a, b []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i > 1 && i < n-1 {
		b[i] = 0.33333 * (a[i-1] + a[i] + a[i+1]) // cuda:67
	}
}

func RunJacobiCUDAKernel2(t *simt.Thread, n int, a, b []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j > 1 && j < n-1 {
		a[j] = b[j] // cuda:78
	}
}

func Run() error {
	a, b := simt.Malloc[float32](N), simt.Malloc[float32](N)
	cfg := simt.Config{Grid: simt.Dim3{X: N / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}}
	if err := simt.Launch(cfg, func(t *simt.Thread) { RunJacobiCUDAKernel1(t, N, a, b) }); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { RunJacobiCUDAKernel2(t, N, a, b) })
}
