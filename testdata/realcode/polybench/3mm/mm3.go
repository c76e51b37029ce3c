// Package mm3 ports PolyBench/GPU's 3mm kernels (MINI_DATASET, float) to
// the simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/linear-algebra/kernels/3mm/3mm.cu
// lines 102-150 and 240-252. Each access names its CUDA line.
package mm3

import "github.com/smemlint/smemlint/simt"

const NI, NJ, NK, NL, NM = 128, 128, 128, 128, 128

func Mm3Kernel1(t *simt.Thread, ni, nj, nk, nl, nm int, a, b, e []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < ni && j < nj {
		e[i*NJ+j] = 0 // cuda:109
		for k := 0; k < nk; k++ {
			e[i*NJ+j] += a[i*NK+k] * b[k*NJ+j] // cuda:113
		}
	}
}

func Mm3Kernel2(t *simt.Thread, ni, nj, nk, nl, nm int, c, d, f []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < nj && j < nl {
		f[i*NL+j] = 0 // cuda:126
		for k := 0; k < nm; k++ {
			f[i*NL+j] += c[i*NM+k] * d[k*NL+j] // cuda:130
		}
	}
}

func Mm3Kernel3(t *simt.Thread, ni, nj, nk, nl, nm int, e, f, g []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < ni && j < nl {
		g[i*NL+j] = 0 // cuda:143
		for k := 0; k < nj; k++ {
			g[i*NL+j] += e[i*NJ+k] * f[k*NL+j] // cuda:147
		}
	}
}

func Run() error {
	n := NI * NJ
	a, b, c, d := simt.Malloc[float32](n), simt.Malloc[float32](n), simt.Malloc[float32](n), simt.Malloc[float32](n)
	e, f, g := simt.Malloc[float32](n), simt.Malloc[float32](n), simt.Malloc[float32](n)
	block := simt.Dim3{X: 32, Y: 8}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: NJ / 32, Y: NI / 8}, Block: block},
		func(t *simt.Thread) { Mm3Kernel1(t, NI, NJ, NK, NL, NM, a, b, e) }); err != nil {
		return err
	}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: NL / 32, Y: NJ / 8}, Block: block},
		func(t *simt.Thread) { Mm3Kernel2(t, NI, NJ, NK, NL, NM, c, d, f) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: NL / 32, Y: NI / 8}, Block: block},
		func(t *simt.Thread) { Mm3Kernel3(t, NI, NJ, NK, NL, NM, e, f, g) })
}
