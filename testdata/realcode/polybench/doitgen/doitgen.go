// Package doitgen ports PolyBench/GPU's doitgen kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/doitgen/doitgen.cu
// lines 114-168 (the first launch, r = 0). Each access names its CUDA line.
package doitgen

import "github.com/smemlint/smemlint/simt"

const NQ, NR, NP = 32, 32, 32

func DoitgenKernel1(t *simt.Thread, nr, nq, np int, sum, a, c4 []float32, r int) {
	p := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	q := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if p < np && q < nq {
		sum[r*(nq*np)+q*np+p] = 0.0 // cuda:121
		for s := 0; s < np; s++ {
			sum[r*(nq*np)+q*np+p] = sum[r*(nq*np)+q*np+p] + a[r*(nq*np)+q*np+s]*c4[s*np+p] // cuda:125
		}
	}
}

func DoitgenKernel2(t *simt.Thread, nr, nq, np int, sum, a, c4 []float32, r int) {
	p := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	q := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if p < np && q < nq {
		a[r*(nq*np)+q*np+p] = sum[r*(nq*np)+q*np+p] // cuda:137
	}
}

func Run() error {
	a, c4, sum := simt.Malloc[float32](NR*NQ*NP), simt.Malloc[float32](NP*NP), simt.Malloc[float32](NR*NQ*NP)
	cfg := simt.Config{Grid: simt.Dim3{X: NP / 32, Y: NR / 8}, Block: simt.Dim3{X: 32, Y: 8}}
	if err := simt.Launch(cfg, func(t *simt.Thread) { DoitgenKernel1(t, NR, NQ, NP, sum, a, c4, 0) }); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { DoitgenKernel2(t, NR, NQ, NP, sum, a, c4, 0) })
}
