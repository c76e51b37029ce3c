// Package globalrace holds cases for the globalrace check.
package globalrace // want `note: 2 races of this package only with a row pitch narrower than its rows; -verbose lists them with the reason`

import "github.com/smemlint/smemlint/simt"

// shiftAcrossBarrier: the barrier orders the threads of one block, not the
// last thread of a block and the first of the next.
//
//smemlint:launch block=256 grid=64
func shiftAcrossBarrier(t *simt.Thread, p []int32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p[g] = int32(g)
	t.SyncThreads()
	p[g+1] = int32(g) // want `global-memory race on p between blocks: thread 0 of block 1 writes p\[g\] \(a\.go:12\) and thread 255 of block 0 writes p\[g\+1\] \(a\.go:14\), byte 1024 of p, and no barrier orders two blocks; block 256`
}

// localIndexOnly: every block writes the same 256 elements.
//
//smemlint:launch block=256 grid=8
func localIndexOnly(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = int32(t.BlockIdx.X) // want `global-memory race on p between blocks: thread 0 of block 0 writes p\[t\.ThreadIdx\.X\] \(a\.go:21\) and thread 0 of block 1 writes p\[t\.ThreadIdx\.X\] \(a\.go:21\), byte 0 of p, and no barrier orders two blocks; block 256`
}

// neighbourInPlace reads the next block's element that the next block
// updates in place.
//
//smemlint:launch block=128 grid=128
func neighbourInPlace(t *simt.Thread, a []int32) {
	a[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] += a[(t.BlockIdx.X+1)*t.BlockDim.X+t.ThreadIdx.X] // want `global-memory race on a between blocks: thread 0 of block 0 reads a\[\(t\.BlockIdx\.X\+1\)\*t\.BlockDim\.X\+t\.ThreadIdx\.X\] \(a\.go:29\) and thread 0 of block 1 writes a\[t\.BlockIdx\.X\*t\.BlockDim\.X\+t\.ThreadIdx\.X\] \(a\.go:29\), byte 512 of a, and no barrier orders two blocks; block 128`
}

// flagBetweenWarps: every thread of the block stores the flag, with no
// barrier; one warp alone would be warpsync's.
//
//smemlint:launch block=64
func flagBetweenWarps(t *simt.Thread, p []int32, n int) {
	p[0] = int32(t.ThreadIdx.X) // want `global-memory race on p between warps: thread 32 writes p\[0\] \(a\.go:37\) and thread 0 writes p\[0\] \(a\.go:37\), byte 0 of p \(warps 1 and 0\), with no barrier between; block 64`
}

// neighbourBetweenWarps reads the element the next warp writes, with no
// barrier between.
//
//smemlint:launch block=128
func neighbourBetweenWarps(t *simt.Thread, a []float32) {
	tid := t.ThreadIdx.X
	v := a[tid+1]
	a[tid] = v // want `global-memory race on a between warps: thread 31 reads a\[tid\+1\] \(a\.go:46\) and thread 32 writes a\[tid\] \(a\.go:47\), byte 128 of a \(warps 0 and 1\), with no barrier between; block 128`
}

// loopAcrossBlocks: instances in any iterations race between blocks.
//
//smemlint:launch block=32 grid=4
func loopAcrossBlocks(t *simt.Thread, y []float32, n int) {
	for j := 0; j < 4; j++ {
		y[t.ThreadIdx.X+32*j] = float32(j) // want `global-memory race on y between blocks: thread 0 of block 0 writes y\[t\.ThreadIdx\.X\+32\*j\] \(a\.go:55\) and thread 0 of block 1 writes y\[t\.ThreadIdx\.X\+32\*j\] \(a\.go:55\), byte 0 of y, in iterations of for j := 0; j < 4; j\+\+ \(a\.go:54\), and no barrier orders two blocks, with j = 0 and 0; block 32`
	}
}

// flagSetInBranch: odd threads also store the next thread's element, under
// a bool set in a branch.
//
//smemlint:launch block=256 grid=4
func flagSetInBranch(t *simt.Thread, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	flag := false
	if i%2 == 1 {
		flag = true
	}
	y[i] = x[i]
	if flag {
		y[i+1] = x[i] // want `global-memory race on y between blocks: thread 0 of block 1 writes y\[i\] \(a\.go:69\) and thread 255 of block 0 writes y\[i\+1\] \(a\.go:71\), byte 1024 of y, and no barrier orders two blocks; block 256`
	}
}

// parameterOffset races only for x = 185 (thread 15 writes a[15+x],
// thread 200 writes a[200]): a value no list of candidates holds, found by
// solving the two addresses for x.
//
//smemlint:launch block=512
func parameterOffset(t *simt.Thread, a []float32, x int) {
	if t.ThreadIdx.X == 15 {
		a[t.ThreadIdx.X+x] = 1
	}
	if t.ThreadIdx.X == 200 {
		a[t.ThreadIdx.X] = 2 // want `global-memory race on a between warps: thread 15 writes a\[t\.ThreadIdx\.X\+x\] \(a\.go:82\) and thread 200 writes a\[t\.ThreadIdx\.X\] \(a\.go:85\), byte 800 of a \(warps 0 and 6\), with no barrier between, with x = 185; block 512`
	}
}

// zeros is constant memory (CUDA's __constant__ int zeros[64] = {}):
// nothing in the package writes it, so every element is 0.
var zeros [64]int32

// constantTableGuard: every thread reads 0 from zeros, so every thread
// stores p[0].
//
//smemlint:launch block=8 grid=8
func constantTableGuard(t *simt.Thread, p []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + 1
	if zeros[i%64] == 0 {
		p[0] = float32(i) // want `global-memory race on p between blocks: thread 0 of block 0 writes p\[0\] \(a\.go:100\) and thread 0 of block 1 writes p\[0\] \(a\.go:100\), byte 0 of p, and no barrier orders two blocks; block 8`
	}
}

// rowPitchNeighbour also writes the element 16 to the right, which the
// next block's thread writes: a race for any width, found with a wide one.
// Its first store races with itself only for rows narrower than 16: one of
// the two races the package clause counts.
//
//smemlint:launch block=16x16 grid=2x1
func rowPitchNeighbour(t *simt.Thread, out []float32, width int) {
	x := t.BlockIdx.X*16 + t.ThreadIdx.X
	y := t.BlockIdx.Y*16 + t.ThreadIdx.Y
	out[y*width+x] = 0
	out[y*width+x+16] = 1 // want `global-memory race on out between blocks: thread \(0,0\) of block 1 writes out\[y\*width\+x\] \(a\.go:113\) and thread \(0,0\) of block 0 writes out\[y\*width\+x\+16\] \(a\.go:114\), byte 64 of out, and no barrier orders two blocks, with width = 1048576; block 16×16`
}
