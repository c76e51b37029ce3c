// Package bicg ports PolyBench/GPU's bicg kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/bicg/bicg.cu
// lines 95-204. Each access names its CUDA line.
package bicg

import "github.com/smemlint/smemlint/simt"

const NX, NY = 1024, 1024

func BicgKernel1(t *simt.Thread, nx, ny int, a, r, s []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j < ny {
		s[j] = 0.0 // cuda:101
		for i := 0; i < nx; i++ {
			s[j] += r[i] * a[i*NY+j] // cuda:106
		}
	}
}

func BicgKernel2(t *simt.Thread, nx, ny int, a, p, q []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < nx {
		q[i] = 0.0 // cuda:119
		for j := 0; j < ny; j++ {
			q[i] += a[i*NY+j] * p[j] // cuda:124
		}
	}
}

func Run() error {
	a, r, s := simt.Malloc[float32](NX*NY), simt.Malloc[float32](NX), simt.Malloc[float32](NY)
	p, q := simt.Malloc[float32](NY), simt.Malloc[float32](NX)
	block := simt.Dim3{X: 256, Y: 1}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: NY / 256, Y: 1}, Block: block},
		func(t *simt.Thread) { BicgKernel1(t, NX, NY, a, r, s) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NX / 256, Y: 1}, Block: block},
		func(t *simt.Thread) { BicgKernel2(t, NX, NY, a, p, q) })
}
