// Package tile is the kernel of the configuration-file tests, with no
// smemlint.conf above it: smemlint predicts for sm_90 (4-byte banks).
package tile

import "github.com/smemlint/smemlint/simt"

// Transpose reads its tile by columns: 32 lanes, one bank on sm_90.
func Transpose(t *simt.Thread, out, in []float32, n int) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	x, y := t.BlockIdx.X*32+tx, t.BlockIdx.Y*32+ty
	tile[ty][tx] = in[y*n+x]
	t.SyncThreads()
	x, y = t.BlockIdx.Y*32+tx, t.BlockIdx.X*32+ty
	out[y*n+x] = tile[tx][ty]
}

// Run launches Transpose on an n×n matrix.
func Run(out, in []float32) error {
	const n = 256
	cfg := simt.Config{Grid: simt.Dim3{X: n / 32, Y: n / 32}, Block: simt.Dim3{X: 32, Y: 32}}
	return simt.Launch(cfg, func(t *simt.Thread) { Transpose(t, out, in, n) })
}
