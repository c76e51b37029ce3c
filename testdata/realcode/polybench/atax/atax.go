// Package atax ports PolyBench/GPU's atax kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/atax/atax.cu
// lines 80-165. Each access names its CUDA line.
package atax

import "github.com/smemlint/smemlint/simt"

const NX, NY = 1024, 1024

func AtaxKernel1(t *simt.Thread, nx, ny int, a, x, tmp []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < nx {
		tmp[i] = 0 // cuda:86
		for j := 0; j < ny; j++ {
			tmp[i] += a[i*NY+j] * x[j] // cuda:90
		}
	}
}

func AtaxKernel2(t *simt.Thread, nx, ny int, a, y, tmp []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j < ny {
		y[j] = 0 // cuda:101
		for i := 0; i < nx; i++ {
			y[j] += a[i*NY+j] * tmp[i] // cuda:105
		}
	}
}

func Run() error {
	a, x, y, tmp := simt.Malloc[float32](NX*NY), simt.Malloc[float32](NY), simt.Malloc[float32](NY), simt.Malloc[float32](NX)
	block := simt.Dim3{X: 32, Y: 8}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: NX / 32, Y: 1}, Block: block},
		func(t *simt.Thread) { AtaxKernel1(t, NX, NY, a, x, tmp) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NY / 32, Y: 1}, Block: block},
		func(t *simt.Thread) { AtaxKernel2(t, NX, NY, a, y, tmp) })
}
