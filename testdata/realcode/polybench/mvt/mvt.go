// Package mvt ports PolyBench/GPU's mvt kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/mvt/mvt.cu
// lines 106-162. Each access names its CUDA line.
package mvt

import "github.com/smemlint/smemlint/simt"

const N = 1024

func MvtKernel1(t *simt.Thread, n int, a, x1, y1 []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		for j := 0; j < n; j++ {
			x1[i] += a[i*N+j] * y1[j] // cuda:115
		}
	}
}

func MvtKernel2(t *simt.Thread, n int, a, x2, y2 []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		for j := 0; j < n; j++ {
			x2[i] += a[j*N+i] * y2[j] // cuda:130
		}
	}
}

func Run() error {
	a := simt.Malloc[float32](N * N)
	x1, x2, y1, y2 := simt.Malloc[float32](N), simt.Malloc[float32](N), simt.Malloc[float32](N), simt.Malloc[float32](N)
	cfg := simt.Config{Grid: simt.Dim3{X: N / 32, Y: 1}, Block: simt.Dim3{X: 32, Y: 8}}
	if err := simt.Launch(cfg, func(t *simt.Thread) { MvtKernel1(t, N, a, x1, y1) }); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { MvtKernel2(t, N, a, x2, y2) })
}
