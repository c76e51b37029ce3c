// Package correlation ports PolyBench/GPU's correlation kernels (MINI_DATASET, float) to the
// simt API. Source: github.com/cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/datamining/correlation/correlation.cu
// lines 146-263. Each access names its CUDA line.
package correlation

import "github.com/smemlint/smemlint/simt"

const M, N = 512, 512

const floatN, eps = 3214212.01, 0.005

func MeanKernel(t *simt.Thread, m, n int, mean, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j < m {
		mean[j] = 0.0 // cuda:152
		for i := 0; i < n; i++ {
			mean[j] += data[i*M+j] // cuda:157
		}
		mean[j] /= floatN // cuda:160
	}
}

func StdKernel(t *simt.Thread, m, n int, mean, std, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j < m {
		std[j] = 0.0 // cuda:171
		for i := 0; i < n; i++ {
			std[j] += (data[i*M+j] - mean[j]) * (data[i*M+j] - mean[j]) // cuda:176
		}
		std[j] /= floatN        // cuda:178
		std[j] = sqrt32(std[j]) // cuda:179
		if std[j] <= eps {      // cuda:180
			std[j] = 1.0 // cuda:182
		}
	}
}

func ReduceKernel(t *simt.Thread, m, n int, mean, std, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < n && j < m {
		data[i*M+j] -= mean[j]                 // cuda:195
		data[i*M+j] /= sqrt32(floatN) * std[j] // cuda:196
	}
}

func CorrKernel(t *simt.Thread, m, n int, symmat, data []float32) {
	j1 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j1 < m-1 {
		symmat[j1*M+j1] = 1.0 // cuda:208
		for j2 := j1 + 1; j2 < m; j2++ {
			symmat[j1*M+j2] = 0.0 // cuda:212
			for i := 0; i < n; i++ {
				symmat[j1*M+j2] += data[i*M+j1] * data[i*M+j2] // cuda:216
			}
			symmat[j2*M+j1] = symmat[j1*M+j2] // cuda:218
		}
	}
}

func sqrt32(x float32) float32 {
	// Newton's iterations: the kernels need a float square root, and the
	// simt API has none.
	if x <= 0 {
		return 0
	}
	r := x
	for range 30 {
		r = (r + x/r) / 2
	}
	return r
}

func Run() error {
	mean, std := simt.Malloc[float32](M), simt.Malloc[float32](M)
	data, symmat := simt.Malloc[float32](M*N), simt.Malloc[float32](M*M)
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: M / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { MeanKernel(t, M, N, mean, data) }); err != nil {
		return err
	}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: M / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { StdKernel(t, M, N, mean, std, data) }); err != nil {
		return err
	}
	if err := simt.Launch(simt.Config{Grid: simt.Dim3{X: M / 32, Y: N / 8}, Block: simt.Dim3{X: 32, Y: 8}},
		func(t *simt.Thread) { ReduceKernel(t, M, N, mean, std, data) }); err != nil {
		return err
	}
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: M / 256, Y: 1}, Block: simt.Dim3{X: 256, Y: 1}},
		func(t *simt.Thread) { CorrKernel(t, M, N, symmat, data) })
}
