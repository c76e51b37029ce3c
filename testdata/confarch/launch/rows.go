// Package rows is the kernel of the configuration-file tests with no
// launch in sight: the [launch] section of the smemlint.conf beside it
// gives its block.
package rows

import "github.com/smemlint/smemlint/simt"

// Rows stores a 64-wide tile by rows and reads it by columns. With a 16×16
// block a warp spans two rows of the tile, 64 words apart: the store is a
// 2-way conflict, the load 16-way.
func Rows(t *simt.Thread, out []float32) {
	tile := simt.Shared[[64][64]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = float32(tx)
	t.SyncThreads()
	out[ty*64+tx] = tile[tx][ty]
}
