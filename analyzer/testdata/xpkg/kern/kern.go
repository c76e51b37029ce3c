// Package kern holds kernels that another package launches.
package kern

import "github.com/smemlint/smemlint/simt"

// Transpose is launched by package host with a 32×32 block.
func Transpose(t *simt.Thread, out, in []float32, n int) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	x, y := t.BlockIdx.X*32+tx, t.BlockIdx.Y*32+ty
	tile[ty][tx] = in[y*n+x]
	t.SyncThreads()
	x, y = t.BlockIdx.Y*32+tx, t.BlockIdx.X*32+ty
	out[y*n+x] = tile[tx][ty]
}

// Scale is a device function other packages' kernels call.
func Scale(t *simt.Thread, v []float32, stride int) {
	v[t.ThreadIdx.X*stride] *= 2
}
