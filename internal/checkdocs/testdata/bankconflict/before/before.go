package before

import "github.com/smemlint/smemlint/simt"

// Transpose writes the transpose of a 32×32 block of in to out through a
// tile in shared memory: stored by row, read by column.
//
//smemlint:launch block=32x32
func Transpose(t *simt.Thread, out, in []float32) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = in[ty*32+tx]
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty]
}
