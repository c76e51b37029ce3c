// Package fdtd2d ports PolyBench/GPU's fdtd2d kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/stencils/fdtd-2d/fdtd2d.cu
// lines 125-199 (the first launches, t = 0). Each access names its CUDA line.
package fdtd2d

import "github.com/smemlint/smemlint/simt"

const TMAX, NX, NY = 500, 512, 512

func FdtdStep1Kernel(t *simt.Thread, nx, ny int, fict, ex, ey, hz []float32, tt int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < nx && j < ny {
		if i == 0 {
			ey[i*NY+j] = fict[tt] // cuda:134
		} else {
			ey[i*NY+j] = ey[i*NY+j] - 0.5*(hz[i*NY+j]-hz[(i-1)*NY+j]) // cuda:138
		}
	}
}

func FdtdStep2Kernel(t *simt.Thread, nx, ny int, ex, ey, hz []float32, tt int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < nx && j < ny && j > 0 {
		ex[i*NY+j] = ex[i*NY+j] - 0.5*(hz[i*NY+j]-hz[i*NY+(j-1)]) // cuda:152
	}
}

func FdtdStep3Kernel(t *simt.Thread, nx, ny int, ex, ey, hz []float32, tt int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < nx-1 && j < ny-1 {
		hz[i*NY+j] = hz[i*NY+j] - 0.7*(ex[i*NY+(j+1)]-ex[i*NY+j]+ey[(i+1)*NY+j]-ey[i*NY+j]) // cuda:164
	}
}

func Run() error {
	fict := simt.Malloc[float32](TMAX)
	ex, ey, hz := simt.Malloc[float32](NX*(NY+1)), simt.Malloc[float32]((NX+1)*NY), simt.Malloc[float32](NX*NY)
	cfg := simt.Config{Grid: simt.Dim3{X: NY / 32, Y: NX / 8}, Block: simt.Dim3{X: 32, Y: 8}}
	if err := simt.Launch(cfg, func(t *simt.Thread) { FdtdStep1Kernel(t, NX, NY, fict, ex, ey, hz, 0) }); err != nil {
		return err
	}
	if err := simt.Launch(cfg, func(t *simt.Thread) { FdtdStep2Kernel(t, NX, NY, ex, ey, hz, 0) }); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { FdtdStep3Kernel(t, NX, NY, ex, ey, hz, 0) })
}
