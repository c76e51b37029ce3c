// Pad the innermost dimension by one element. Element [tx][ty] of a
// [32][33] tile is word 33·tx + ty, in bank (tx + ty) mod 32: a different
// bank for every lane of the warp, one wavefront per request. Where the
// extra column costs too much shared memory, swizzle instead: store
// tile[ty][tx^ty] and read tile[tx][ty^tx], which keeps [32][32].
package after

import "github.com/smemlint/smemlint/simt"

// Transpose writes the transpose of a 32×32 block of in to out through a
// padded tile.
//
//smemlint:launch block=32x32
func Transpose(t *simt.Thread, out, in []float32) {
	tile := simt.Shared[[32][33]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = in[ty*32+tx]
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty]
}
