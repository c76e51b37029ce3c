// Package gesummv ports PolyBench/GPU's gesummv kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/gesummv/gesummv.cu
// lines 106-151. Each access names its CUDA line.
package gesummv

import "github.com/smemlint/smemlint/simt"

const N = 1024

func GesummvKernel(t *simt.Thread, n int, alpha, beta float32, a, b, tmp, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		for j := 0; j < n; j++ {
			tmp[i] += a[i*N+j] * x[j] // cuda:115
			y[i] += b[i*N+j] * x[j]   // cuda:116
		}
		y[i] = alpha*tmp[i] + beta*y[i] // cuda:118
	}
}

func Run() error {
	a, b := simt.Malloc[float32](N*N), simt.Malloc[float32](N*N)
	tmp, x, y := simt.Malloc[float32](N), simt.Malloc[float32](N), simt.Malloc[float32](N)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: N / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { GesummvKernel(t, N, 43532, 12313, a, b, tmp, x, y) })
}
