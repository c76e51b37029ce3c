package matmul

import "github.com/smemlint/smemlint/simt"

// Host wrappers: copy a (m×k) and b (k×n) to global memory, launch on a
// grid of ceil(n/32) × ceil(m/32) blocks of 32×32 threads (the seed's
// sizing) and return c (m×n).

func toDevice(host []float32, n int) []float32 {
	d := simt.Malloc[float32](max(n, 1))
	copy(d, host)
	return d
}

func grid(m, n int) simt.Dim3 {
	return simt.Dim3{X: (n + Tile - 1) / Tile, Y: (m + Tile - 1) / Tile}
}

// RunMatmulKernel0 computes a × b with MatmulKernel0.
func RunMatmulKernel0(a, b []float32, m, k, n int) ([]float32, error) {
	da, db := toDevice(a, m*k), toDevice(b, k*n)
	c := simt.Malloc[float32](m * n)
	err := simt.Launch(simt.Config{Grid: grid(m, n), Block: simt.Dim3{X: 32, Y: 32}},
		func(t *simt.Thread) { MatmulKernel0(t, da, db, c, m, k, n) })
	return c, err
}

// RunMatmulKernel1 computes a × b with MatmulKernel1: it deadlocks unless
// m and n are multiples of 32, and needs k to be a multiple of 32 too.
func RunMatmulKernel1(a, b []float32, m, k, n int) ([]float32, error) {
	da, db := toDevice(a, m*k), toDevice(b, k*n)
	c := simt.Malloc[float32](m * n)
	err := simt.Launch(simt.Config{Grid: grid(m, n), Block: simt.Dim3{X: 32, Y: 32}},
		func(t *simt.Thread) { MatmulKernel1(t, da, db, c, m, k, n) })
	return c, err
}

// RunMatmulTiled computes a × b with MatmulTiled.
func RunMatmulTiled(a, b []float32, m, k, n int) ([]float32, error) {
	da, db := toDevice(a, m*k), toDevice(b, k*n)
	c := simt.Malloc[float32](m * n)
	err := simt.Launch(simt.Config{Grid: grid(m, n), Block: simt.Dim3{X: Tile, Y: Tile}},
		func(t *simt.Thread) { MatmulTiled(t, da, db, c, m, k, n) })
	return c, err
}
