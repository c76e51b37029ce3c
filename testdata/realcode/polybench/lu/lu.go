// Package lu ports PolyBench/GPU's lu kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/solvers/lu/lu.cu
// lines 98-144 (the first launches, k = 0). Each access names its CUDA line.
package lu

import "github.com/smemlint/smemlint/simt"

const N = 512

func LuKernel1(t *simt.Thread, n int, a []float32, k int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j > k && j < n {
		a[k*N+j] = a[k*N+j] / a[k*N+k] // cuda:104
	}
}

func LuKernel2(t *simt.Thread, n int, a []float32, k int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i > k && j > k && i < n && j < n {
		a[i*N+j] = a[i*N+j] - a[i*N+k]*a[k*N+j] // cuda:116
	}
}

// Run launches both kernels as luCuda does for k = 0: grids of
// ceil((N-(k+1))/block) blocks in each dimension, which luCuda sets before
// each launch (2 and 16×64 blocks, as the H100 run counted).
func Run() error {
	a := simt.Malloc[float32](N * N)
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: (N - 1 + 255) / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { LuKernel1(t, N, a, 0) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: (N - 1 + 31) / 32, Y: (N - 1 + 7) / 8}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { LuKernel2(t, N, a, 0) })
}
