// Package convolution2d ports PolyBench/GPU's 2DConvolution kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/stencils/convolution-2d/2DConvolution.cu
// lines 103-138. Each access names its CUDA line.
package convolution2d

import "github.com/smemlint/smemlint/simt"

const NI, NJ = 1024, 1024

func Convolution2DKernel(t *simt.Thread, ni, nj int, a, b []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	var c11, c12, c13, c21, c22, c23, c31, c32, c33 float32
	c11, c21, c31 = +0.2, +0.5, -0.8
	c12, c22, c32 = -0.3, +0.6, -0.9
	c13, c23, c33 = +0.4, +0.7, +0.10
	if i < ni-1 && j < nj-1 && i > 0 && j > 0 {
		b[i*NJ+j] = c11*a[(i-1)*NJ+(j-1)] + c21*a[(i-1)*NJ+(j+0)] + c31*a[(i-1)*NJ+(j+1)] + // cuda:116
			c12*a[(i+0)*NJ+(j-1)] + c22*a[(i+0)*NJ+(j+0)] + c32*a[(i+0)*NJ+(j+1)] + // cuda:117
			c13*a[(i+1)*NJ+(j-1)] + c23*a[(i+1)*NJ+(j+0)] + c33*a[(i+1)*NJ+(j+1)] // cuda:118
	}
}

func Run() error {
	a, b := simt.Malloc[float32](NI*NJ), simt.Malloc[float32](NI*NJ)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NI / 32, Y: NJ / 8}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { Convolution2DKernel(t, NI, NJ, a, b) })
}
