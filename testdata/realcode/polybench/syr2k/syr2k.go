// Package syr2k ports PolyBench/GPU's syr2k kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/syr2k/syr2k.cu
// lines 127-165. Each access names its CUDA line.
package syr2k

import "github.com/smemlint/smemlint/simt"

const NI, NJ = 256, 256

func Syr2kKernel(t *simt.Thread, ni, nj int, alpha, beta float32, a, b, c []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < NI && j < NI {
		c[i*NI+j] *= beta // cuda:134
		for k := 0; k < NJ; k++ {
			c[i*NI+j] += alpha*a[i*NJ+k]*b[j*NJ+k] + alpha*b[i*NJ+k]*a[j*NJ+k] // cuda:139
		}
	}
}

func Run() error {
	a, b, c := simt.Malloc[float32](NI*NJ), simt.Malloc[float32](NI*NJ), simt.Malloc[float32](NI*NI)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NI / 32, Y: NI / 8}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { Syr2kKernel(t, NI, NJ, 12435, 4546, a, b, c) })
}
