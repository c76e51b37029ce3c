// Package covariance ports PolyBench/GPU's covariance kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/datamining/covariance/covariance.cu
// lines 122-202. Each access names its CUDA line.
package covariance

import "github.com/smemlint/smemlint/simt"

const M, N = 512, 512

const floatN = 3214212.01

func MeanKernel(t *simt.Thread, m, n int, mean, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j < m {
		mean[j] = 0.0 // cuda:128
		for i := 0; i < n; i++ {
			mean[j] += data[i*M+j] // cuda:133
		}
		mean[j] /= floatN // cuda:135
	}
}

func ReduceKernel(t *simt.Thread, m, n int, mean, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < n && j < m {
		data[i*M+j] -= mean[j] // cuda:147
	}
}

func CovarKernel(t *simt.Thread, m, n int, symmat, data []float32) {
	j1 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j1 < m {
		for j2 := j1; j2 < m; j2++ {
			symmat[j1*M+j2] = 0.0 // cuda:161
			for i := 0; i < n; i++ {
				symmat[j1*M+j2] += data[i*M+j1] * data[i*M+j2] // cuda:164
			}
			symmat[j2*M+j1] = symmat[j1*M+j2] // cuda:166
		}
	}
}

// Run launches the three kernels as covarianceCuda does; grid2 divides
// both extents by the block's x (32), as the original does.
func Run() error {
	mean, data, symmat := simt.Malloc[float32](M), simt.Malloc[float32](M*N), simt.Malloc[float32](M*M)
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: M / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { MeanKernel(t, M, N, mean, data) }); err != nil {
		return err
	}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: M / 32, Y: N / 32}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { ReduceKernel(t, M, N, mean, data) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: M / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { CovarKernel(t, M, N, symmat, data) })
}
