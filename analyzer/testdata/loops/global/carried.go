// Package global holds kernels whose global indices advance with loops in
// the ways published kernels write them (issue 11, constructs 1-3), for
// the coalescing check with -verbose.
package global

import "github.com/smemlint/smemlint/simt"

const dim = 256

// carried advances a row offset in the body, as Rodinia lud_perimeter
// does (before: "not evaluated: the index depends on data read from
// memory").
//
//smemlint:launch block=16
func carried(t *simt.Thread, m []float32) {
	tx := t.ThreadIdx.X
	off := 3 * dim
	for i := 0; i < 16; i++ {
		_ = m[off+tx] // want `note: global load m\[off\+tx\]: 2 sectors per request \(ideal 2\); block 16`
		off += dim
	}
}

// carriedStep advances by a multiple of a loop whose variable steps by 2.
//
//smemlint:launch block=32
func carriedStep(t *simt.Thread, m []float32) {
	tx := t.ThreadIdx.X
	off := 0
	for i := 0; i < 64; i += 2 {
		_ = m[off+tx*2] // want `global load m\[off\+tx\*2\]: 8 sectors per request \(ideal 4\): lanes are 8 bytes apart`
		off += 2 * dim
	}
}

// twoTogether advances two indices together from block-dependent starts,
// as the CUDA SDK matrixMul does; the grid is unknown, and the condition
// bounds the iteration count whatever the block (before: "not evaluated:
// the index depends on data read from memory").
//
//smemlint:launch block=16x16
func twoTogether(t *simt.Thread, a, b []float32) {
	const wA, wB = 1024, 512
	bx, by := t.BlockIdx.X, t.BlockIdx.Y
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	aBegin := wA * 16 * by
	aEnd := aBegin + wA - 1
	bBegin := 16 * bx
	for a0, b0 := aBegin, bBegin; a0 <= aEnd; a0, b0 = a0+16, b0+16*wB {
		_ = a[a0+wA*ty+tx] // want `note: global load a\[a0\+wA\*ty\+tx\]: 4 sectors per request \(ideal 4\); block 16×16`
		_ = b[b0+wB*ty+tx] // want `note: global load b\[b0\+wB\*ty\+tx\]: 4 sectors per request \(ideal 4\); block 16×16`
	}
}

// innerOnly reads in an inner loop through the outer variable alone: the
// inner loop runs 3, 2, 1 and 0 times for i0 = 8, 4, 2, 1, so i0 = 1 makes
// no request (before: its figure, 4 sectors, was counted, and no per-block
// total was given).
//
//smemlint:launch block=32
func innerOnly(t *simt.Thread, g []float32) {
	for i0 := 8; i0 > 0; i0 >>= 1 {
		for i1 := i0 / 2; i1 > 0; i1 >>= 1 {
			_ = g[t.ThreadIdx.X*i0] // want `global load g\[t.ThreadIdx.X\*i0\]: 32 sectors per request \(ideal 4\).*per block: 6 requests, 136 sectors; mean 22.67 sectors per request`
		}
	}
}

// halvingAdvance advances off by 3 in a loop whose variable halves: off
// takes 0, 3, 6, computed iteration by iteration (before this was fixed,
// the advance was taken as 0 and the figure as 4 sectors).
//
//smemlint:launch block=32
func halvingAdvance(t *simt.Thread, g []float32) {
	off := 0
	for d := 4; d > 0; d >>= 1 {
		_ = g[off+t.ThreadIdx.X] // want `note: global load g\[off\+t.ThreadIdx.X\]: 5 sectors per request \(ideal 4\).*per block: 3 requests, 14 sectors; mean 4.67 sectors per request`
		off += 3
	}
}
