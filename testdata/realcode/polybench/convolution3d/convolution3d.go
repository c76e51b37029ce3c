// Package convolution3d ports PolyBench/GPU's 3DConvolution kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/stencils/convolution-3d/3DConvolution.cu
// lines 114-159 (the first launch, i = 1). Each access names its CUDA line.
package convolution3d

import "github.com/smemlint/smemlint/simt"

const NI, NJ, NK = 64, 64, 64

func Convolution3DKernel(t *simt.Thread, ni, nj, nk int, a, b []float32, i int) {
	k := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	var c11, c12, c13, c21, c22, c23, c31, c32, c33 float32
	c11, c21, c31 = +2, +5, -8
	c12, c22, c32 = -3, +6, -9
	c13, c23, c33 = +4, +7, +10
	if i < ni-1 && j < nj-1 && k < nk-1 && i > 0 && j > 0 && k > 0 {
		b[i*(NK*NJ)+j*NK+k] = c11*a[(i-1)*(NK*NJ)+(j-1)*NK+(k-1)] + c13*a[(i+1)*(NK*NJ)+(j-1)*NK+(k-1)] + // cuda:128
			c21*a[(i-1)*(NK*NJ)+(j-1)*NK+(k-1)] + c23*a[(i+1)*(NK*NJ)+(j-1)*NK+(k-1)] + // cuda:129
			c31*a[(i-1)*(NK*NJ)+(j-1)*NK+(k-1)] + c33*a[(i+1)*(NK*NJ)+(j-1)*NK+(k-1)] + // cuda:130
			c12*a[(i+0)*(NK*NJ)+(j-1)*NK+(k+0)] + c22*a[(i+0)*(NK*NJ)+(j+0)*NK+(k+0)] + // cuda:131
			c32*a[(i+0)*(NK*NJ)+(j+1)*NK+(k+0)] + c11*a[(i-1)*(NK*NJ)+(j-1)*NK+(k+1)] + // cuda:132
			c13*a[(i+1)*(NK*NJ)+(j-1)*NK+(k+1)] + c21*a[(i-1)*(NK*NJ)+(j+0)*NK+(k+1)] + // cuda:133
			c23*a[(i+1)*(NK*NJ)+(j+0)*NK+(k+1)] + c31*a[(i-1)*(NK*NJ)+(j+1)*NK+(k+1)] + // cuda:134
			c33*a[(i+1)*(NK*NJ)+(j+1)*NK+(k+1)] // cuda:135
	}
}

func Run() error {
	a, b := simt.Malloc[float32](NI*NJ*NK), simt.Malloc[float32](NI*NJ*NK)
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NK / 32, Y: NJ / 8}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { Convolution3DKernel(t, NI, NJ, NK, a, b, 1) })
}
