// Package gemm ports PolyBench/GPU's gemm kernel (MINI_DATASET, float) to
// the simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/gemm/gemm.cu
// lines 119-157 (kernel and launch). Each access names its CUDA line.
package gemm

import "github.com/smemlint/smemlint/simt"

// NI, NJ, NK are the MINI_DATASET sizes of gemm.cuh.
const NI, NJ, NK = 128, 128, 128

func GemmKernel(t *simt.Thread, ni, nj, nk int, alpha, beta float32, a, b, c []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < ni && j < nj {
		c[i*NJ+j] *= beta // cuda:126
		for k := 0; k < nk; k++ {
			c[i*NJ+j] += alpha * a[i*NK+k] * b[k*NJ+j] // cuda:130
		}
	}
}

// Run launches the kernel as gemmCuda does: blocks of 32×8.
func Run() error {
	a, b, c := simt.Malloc[float32](NI*NK), simt.Malloc[float32](NK*NJ), simt.Malloc[float32](NI*NJ)
	cfg := simt.Config{Grid: simt.Dim3{X: NI / 32, Y: NJ / 8}, Block: simt.Dim3{X: 32, Y: 8}}
	return simt.Launch(cfg, func(t *simt.Thread) { GemmKernel(t, NI, NJ, NK, 32412, 2123, a, b, c) })
}
