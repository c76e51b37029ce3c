package global

import "github.com/smemlint/smemlint/simt"

// stencil reads its neighbours inside an edge guard over a grid of 32×128
// blocks: the blocks at the grid's edges turn lanes off, the others do
// not. Every block of the grid is counted, the edges by themselves and
// the blocks between them as one class each (before: the grid was too
// large to enumerate, every other block row was sampled, and neither the
// mean nor the requests per block were stated).
//
//smemlint:launch block=32x8 grid=32x128
func stencil(t *simt.Thread, a, b []float32) {
	const n = 1024
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i > 0 && i < n-1 && j > 0 && j < n-1 {
		b[i*n+j] = a[(i-1)*n+(j-1)] + a[i*n+j] // want `note: global load a\[\(i-1\)\*n\+\(j-1\)\]: 5 sectors per request \(ideal 4\).*; block 32×8; per block: 7.98 requests, 39.67 sectors; mean 4.97 sectors per request` `note: global load a\[i\*n\+j\]: 4 sectors per request \(ideal 4\); block 32×8; per block: 7.98 requests, 31.94 sectors$` `note: global store b\[i\*n\+j\]: 4 sectors per request \(ideal 4\); block 32×8; per block: 7.98 requests, 31.94 sectors$`
	}
}

// blockRows reads row 16*by+ty+1 of a vector in each of 4096 blocks of
// 16×16 threads: a warp holds rows ty and ty+1, which share a sector but
// for ty+1 = 7 and 15. The block index moves the warp by 64 bytes, so
// that its values are not alignments to choose the most favourable of:
// each block makes its own requests (before: "2 sectors", with neither
// mean nor total, as if the block's offset were unknown).
//
//smemlint:launch block=16x16 grid=1x4096
func blockRows(t *simt.Thread, ly []float32) {
	_ = ly[16*t.BlockIdx.Y+t.ThreadIdx.Y+1] // want `global load ly\[16\*t.BlockIdx.Y\+t.ThreadIdx.Y\+1\]: 2 sectors per request \(ideal 1\).*; per block: 8 requests, 10 sectors; mean 1.25 sectors per request`
}

// overlapped tiles a vector with blocks that overlap by 40 elements
// (Rodinia's pathfinder: 216 of each 256 threads compute), and guards
// with an or and a clamp: comparisons under or, not and min of the
// block index are decided for all but the edge blocks alike, which
// groups the 4096 blocks into classes as for a plain comparison (before:
// every other block was sampled, and neither mean nor totals stated).
// The figures are those of a count over every block and warp.
//
//smemlint:launch block=256 grid=4096
func overlapped(t *simt.Thread, a []float32) {
	const n = 800000
	x := 216*t.BlockIdx.X - 20 + t.ThreadIdx.X
	if x >= max(0, 5-t.BlockIdx.X) && (x < n || t.ThreadIdx.X < 8) {
		_ = a[x] // want `note: global load a\[x\]: 5 sectors per request \(ideal 4\).*; block 256; per block: 7.33 requests, 36.36 sectors; mean 4.96 sectors per request$`
	}
}

// clamped reads a left neighbour clamped at the first column a block
// may read (pathfinder's w): the block index enters the address through
// a max, which picks the same operand for every thread of every block
// but the first, so the blocks still fall into classes (before: every
// other block was sampled, and neither mean nor totals stated). The
// figures are those of a count over every block and warp.
//
//smemlint:launch block=256 grid=4096
func clamped(t *simt.Thread, a []float32) {
	lo := max(0, 20-216*t.BlockIdx.X)
	w := max(t.ThreadIdx.X-1, lo)
	_ = a[216*t.BlockIdx.X+w] // want `note: global load a\[216\*t.BlockIdx.X\+w\]: 5 sectors per request \(ideal 4\).*; block 256; per block: 8 requests, 39 sectors; mean 4.87 sectors per request$`
}
