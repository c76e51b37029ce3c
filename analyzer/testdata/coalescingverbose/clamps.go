package coalescingverbose

import "github.com/smemlint/smemlint/simt"

// An index clamped by an if (Rodinia pathfinder, hotspot) is a min or a
// max, and is evaluated. Before, these said "not evaluated: the index
// depends on data read from memory".

//smemlint:launch block=256 grid=4
func clamped(t *simt.Thread, out, in []float32) {
	const n = 1000
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	w := i - 1
	if w < 0 {
		w = 0
	}
	e := i + 1
	if e > n-1 {
		e = n - 1
	}
	out[i] = in[w] + in[e] // want `note: global store out\[i\]: 4 sectors` `note: global load in\[w\]: 5 sectors per request \(ideal 4\)` `note: global load in\[e\]: 5 sectors per request \(ideal 4\)`
}

// The bounds themselves set in branches from the block index, as
// hotspot's validYmin := 0; if blkY < 0 { validYmin = -blkY }. Per block
// is one block's, not the sum over the 4 block rows enumerated (before:
// "per block: 32 requests, 120 sectors").
//
//smemlint:launch block=16x16 grid=4x4
func tile(t *simt.Thread, out, in []float32) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	blkY := 14*t.BlockIdx.Y - 1
	lo := 0
	if blkY < 0 {
		lo = -blkY
	}
	n := max(ty-1, lo)
	out[(t.BlockIdx.Y*16+ty)*64+t.BlockIdx.X*16+tx] = in[n*64+tx] // want `note: global store` `note: global load in\[n\*64\+tx\]: 4 sectors per request \(ideal 4\); block 16×16; per block: 8 requests, 30 sectors; mean 3.75 sectors per request$`
}
