// Package mm2 ports PolyBench/GPU's 2mm kernels (MINI_DATASET, float) to
// the simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/2mm/2mm.cu
// lines 106-137 and 217-226. Each access names its CUDA line.
package mm2

import "github.com/smemlint/smemlint/simt"

const NI, NJ, NK, NL = 256, 256, 256, 256

func Mm2Kernel1(t *simt.Thread, ni, nj, nk, nl int, alpha, beta float32, tmp, a, b []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < ni && j < nj {
		tmp[i*NJ+j] = 0 // cuda:113
		for k := 0; k < nk; k++ {
			tmp[i*NJ+j] += alpha * a[i*NK+k] * b[k*NJ+j] // cuda:117
		}
	}
}

func Mm2Kernel2(t *simt.Thread, ni, nj, nk, nl int, alpha, beta float32, tmp, c, d []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < ni && j < nl {
		d[i*NL+j] *= beta // cuda:130
		for k := 0; k < nj; k++ {
			d[i*NL+j] += tmp[i*NJ+k] * c[k*NL+j] // cuda:134
		}
	}
}

func Run() error {
	tmp, a, b := simt.Malloc[float32](NI*NJ), simt.Malloc[float32](NI*NK), simt.Malloc[float32](NK*NJ)
	c, d := simt.Malloc[float32](NL*NJ), simt.Malloc[float32](NI*NL)
	block := simt.Dim3{X: 32, Y: 8}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: NJ / 32, Y: NI / 8}, Block: block},
		func(t *simt.Thread) { Mm2Kernel1(t, NI, NJ, NK, NL, 32412, 2123, tmp, a, b) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NL / 32, Y: NI / 8}, Block: block},
		func(t *simt.Thread) { Mm2Kernel2(t, NI, NJ, NK, NL, 32412, 2123, tmp, c, d) })
}
