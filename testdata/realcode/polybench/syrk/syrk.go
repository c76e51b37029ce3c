// Package syrk ports PolyBench/GPU's syrk kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/syrk/syrk.cu
// lines 120-155. Each access names its CUDA line.
package syrk

import "github.com/smemlint/smemlint/simt"

const NI, NJ = 256, 256

func SyrkKernel(t *simt.Thread, ni, nj int, alpha, beta float32, a, c []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < ni && j < ni {
		c[i*NI+j] *= beta // cuda:128
		for k := 0; k < nj; k++ {
			c[i*NI+j] += alpha * a[i*NJ+k] * a[j*NJ+k] // cuda:132
		}
	}
}

func Run() error {
	a, c := simt.Malloc[float32](NI*NJ), simt.Malloc[float32](NI*NI)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NI / 32, Y: NI / 8}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { SyrkKernel(t, NI, NJ, 12435, 4546, a, c) })
}
