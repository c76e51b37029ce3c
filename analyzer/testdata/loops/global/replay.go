package global

import "github.com/smemlint/smemlint/simt"

// Slices a loop or a branch re-slices: each figure below is the
// simulator's (smemlint simcheck on these kernels, launched with the
// shapes their directives give). Before: "not evaluated: the index
// depends on the offset of a, which a loop re-slices by amounts smemlint
// does not follow" and "… which branches re-slice differently".

// advanced reads after a loop that halves its own variable and advances a
// by 32 elements in each of its 3 iterations (d = 4, 2, 1).
//
//smemlint:launch block=32
func advanced(t *simt.Thread, a []float32, out []float32) {
	tx := t.ThreadIdx.X
	for d := 4; d > 0; d >>= 1 {
		a = a[32:]
	}
	out[tx] = a[2*tx] // want `note: global store out\[tx\]: 4 sectors per request \(ideal 4\); block 32; per block: 1 request, 4 sectors$` `global load a\[2\*tx\]: 8 sectors per request \(ideal 4\): lanes are 8 bytes apart \(a stride of 2 elements\); block 32; per block: 1 request, 8 sectors$`
}

// tail skips a's first 4 elements in every block but the first: those
// blocks' warps start 16 bytes into a sector.
//
//smemlint:launch block=32 grid=4
func tail(t *simt.Thread, a []float32, out []float32) {
	tx := t.ThreadIdx.X
	if t.BlockIdx.X > 0 {
		a = a[4:]
	}
	out[32*t.BlockIdx.X+tx] = a[tx] // want `note: global store out\[32\*t\.BlockIdx\.X\+tx\]: 4 sectors per request \(ideal 4\); block 32; per block: 1 request, 4 sectors$` `note: global load a\[tx\]: 5 sectors per request \(ideal 4\): consecutive lanes, but the warp starts 16 bytes into a 32-byte sector; block 32; per block: 1 request, 4.75 sectors; mean 4.75 sectors per request$`
}

// tripsPerLane advances a by 32 elements in each of the tx%4 iterations
// lane tx runs: the lanes read from 4 different 128-byte lines.
//
//smemlint:launch block=32
func tripsPerLane(t *simt.Thread, a []float32, out []float32) {
	tx := t.ThreadIdx.X
	for i := 0; i < tx%4; i++ {
		a = a[32:]
	}
	out[tx] = a[tx] // want `note: global store out\[tx\]: 4 sectors per request \(ideal 4\); block 32; per block: 1 request, 4 sectors$` `global load a\[tx\]: 16 sectors per request \(ideal 4\): the 32 lanes touch 16 sectors in 4 128-byte lines; block 32; per block: 1 request, 16 sectors$`
}
