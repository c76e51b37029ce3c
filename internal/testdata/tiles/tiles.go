// Package tiles holds the kernels the end-to-end tests of SARIF, the
// language server and explain run smemlint on: a conflicting transpose
// with a padding fix, a suppressed conflict and an uncoalesced store.
package tiles

import "github.com/smemlint/smemlint/simt"

// Transpose reads its tile by column: a 32-way bank conflict.
//
//smemlint:launch block=32x32
func Transpose(t *simt.Thread, out, in []float32) {
	tile := simt.Shared[[32][32]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = in[ty*32+tx]
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty]
}

// Strided conflicts on purpose, and says so.
//
//smemlint:launch block=32
func Strided(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	//smemlint:ignore bankconflict two-way conflict measured and accepted
	out[tid] = s[tid*2]
}

// Column stores a column of a row-major matrix: one sector per lane.
//
//smemlint:launch block=32
func Column(t *simt.Thread, out []float32) {
	out[t.ThreadIdx.X*1024] = 1
}
