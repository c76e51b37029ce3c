// Package gramschmidt ports PolyBench/GPU's gramschmidt kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/solvers/gramschmidt/gramschmidt.cu
// lines 124-199 (the first launches, k = 0). Each access names its CUDA line.
package gramschmidt

import "github.com/smemlint/smemlint/simt"

const NI, NJ = 512, 512

func GramschmidtKernel1(t *simt.Thread, ni, nj int, a, r, q []float32, k int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if tid == 0 {
		nrm := float32(0.0)
		for i := 0; i < ni; i++ {
			nrm += a[i*NJ+k] * a[i*NJ+k] // cuda:134
		}
		r[k*NJ+k] = nrm // cuda:136
	}
}

func GramschmidtKernel2(t *simt.Thread, ni, nj int, a, r, q []float32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < ni {
		q[i*NJ+k] = a[i*NJ+k] / r[k*NJ+k] // cuda:147
	}
}

func GramschmidtKernel3(t *simt.Thread, ni, nj int, a, r, q []float32, k int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j > k && j < nj {
		r[k*NJ+j] = 0.0 // cuda:158
		for i := 0; i < ni; i++ {
			r[k*NJ+j] += q[i*NJ+k] * a[i*NJ+j] // cuda:163
		}
		for i := 0; i < ni; i++ {
			a[i*NJ+j] -= q[i*NJ+k] * r[k*NJ+j] // cuda:168
		}
	}
}

func Run() error {
	a, r, q := simt.Malloc[float32](NI*NJ), simt.Malloc[float32](NJ*NJ), simt.Malloc[float32](NI*NJ)
	block := simt.Dim3{X: 256, Y: 1}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1, Y: 1}, Block: block},
		func(t *simt.Thread) { GramschmidtKernel1(t, NI, NJ, a, r, q, 0) }); err != nil {
		return err
	}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: NJ / 256, Y: 1}, Block: block},
		func(t *simt.Thread) { GramschmidtKernel2(t, NI, NJ, a, r, q, 0) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NJ / 256, Y: 1}, Block: block},
		func(t *simt.Thread) { GramschmidtKernel3(t, NI, NJ, a, r, q, 0) })
}
