// Package jacobi2d ports PolyBench/GPU's jacobi2D kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/stencils/jacobi-2d-imper/jacobi2D.cu
// lines 70-147. Each access names its CUDA line.
package jacobi2d

import "github.com/smemlint/smemlint/simt"

const N = 256

func RunJacobiCUDAKernel1(t *simt.Thread, n int, a, b []float32) {
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= 1 && i < n-1 && j >= 1 && j < n-1 {
		b[i*N+j] = 0.2 * (a[i*N+j] + a[i*N+(j-1)] + a[i*N+(1+j)] + a[(1+i)*N+j] + a[(i-1)*N+j]) // cuda:77
	}
}

func RunJacobiCUDAKernel2(t *simt.Thread, n int, a, b []float32) {
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= 1 && i < n-1 && j >= 1 && j < n-1 {
		a[i*N+j] = b[i*N+j] // cuda:89
	}
}

func Run() error {
	a, b := simt.Malloc[float32](N*N), simt.Malloc[float32](N*N)
	cfg := simt.Config{Grid: simt.Dim3{X: N / 32, Y: N / 8}, Block: simt.Dim3{X: 32, Y: 8}}
	if err := simt.Launch(cfg, func(t *simt.Thread) { RunJacobiCUDAKernel1(t, N, a, b) }); err != nil {
		return err
	}
	return simt.Launch(cfg, func(t *simt.Thread) { RunJacobiCUDAKernel2(t, N, a, b) })
}
