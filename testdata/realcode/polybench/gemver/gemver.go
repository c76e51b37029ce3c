// Package gemver ports PolyBench/GPU's gemver kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/gemver/gemver.cu
// lines 134-235. Each access names its CUDA line.
package gemver

import "github.com/smemlint/smemlint/simt"

const N = 1024

func GemverKernel1(t *simt.Thread, n int, alpha, beta float32, a, v1, v2, u1, u2 []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < n && j < n {
		a[i*N+j] += u1[i]*v1[j] + u2[i]*v2[j] // cuda:141
	}
}

func GemverKernel2(t *simt.Thread, n int, alpha, beta float32, a, x, y, z []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		for j := 0; j < n; j++ {
			x[i] += beta * a[j*N+i] * y[j] // cuda:155
		}
		x[i] += z[i] // cuda:157
	}
}

func GemverKernel3(t *simt.Thread, n int, alpha, beta float32, a, x, w []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= 0 && i < n {
		for j := 0; j < n; j++ {
			w[i] += alpha * a[i*N+j] * x[j] // cuda:171
		}
	}
}

func Run() error {
	v := func() []float32 { return simt.Malloc[float32](N) }
	a, v1, v2, u1, u2, x, y, z, w := simt.Malloc[float32](N*N), v(), v(), v(), v(), v(), v(), v(), v()
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: N / 32, Y: N / 8}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { GemverKernel1(t, N, 43532, 12313, a, v1, v2, u1, u2) }); err != nil {
		return err
	}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: N / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { GemverKernel2(t, N, 43532, 12313, a, x, y, z) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: N / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { GemverKernel3(t, N, 43532, 12313, a, x, w) })
}
