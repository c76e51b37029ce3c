package globalrace // want `note: 1 statement of this package not checked for races, which depend on data; -verbose lists them with the reason`

import "github.com/smemlint/smemlint/simt"

// saxpy touches one element per thread of the grid.
//
//smemlint:launch block=256 grid=64
func saxpy(t *simt.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// perBlockResult: thread 0 of each block writes the block's own element.
//
//smemlint:launch block=256 grid=64
func perBlockResult(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	s[t.ThreadIdx.X] = 1
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}

// barrierBetweenWarps: a barrier orders the warps of the block.
//
//smemlint:launch block=128
func barrierBetweenWarps(t *simt.Thread, a []float32) {
	tid := t.ThreadIdx.X
	v := a[tid+1]
	t.SyncThreads()
	a[tid] = v
}

// lastBlockReset: the block that counted last resets the counter; which
// block that is, is decided at run time (a condition on data).
//
//smemlint:launch block=256 grid=64
func lastBlockReset(t *simt.Thread, count []int32) {
	last := simt.Shared[bool](t)
	if t.ThreadIdx.X == 0 {
		*last = simt.AtomicAdd(t, &count[0], 1) == int32(t.GridDim.X-1)
	}
	t.SyncThreads()
	if *last {
		count[0] = 0
	}
}

// oneBlock: without a grid the launch is taken to be one block.
//
//smemlint:launch block=32
func oneBlock(t *simt.Thread, p []int32) {
	p[t.ThreadIdx.X] = int32(t.BlockIdx.X)
}

// atomicsOnly never race.
//
//smemlint:launch block=256 grid=64
func atomicsOnly(t *simt.Thread, count []int32) {
	simt.AtomicAdd(t, &count[0], 1)
}

// parameterOffsetOdd: 15+2x is odd, never 200, whatever x is.
//
//smemlint:launch block=512
func parameterOffsetOdd(t *simt.Thread, a []float32, x int) {
	if t.ThreadIdx.X == 15 {
		a[t.ThreadIdx.X+2*x] = 1
	}
	if t.ThreadIdx.X == 200 {
		a[t.ThreadIdx.X] = 2
	}
}

// ones is constant memory: nothing in the package writes it.
var ones = [4]int32{1, 1, 1, 1}

// constantTableSkip: ones[i%4] is never 0, so no thread stores p[0].
//
//smemlint:launch block=8 grid=8
func constantTableSkip(t *simt.Thread, p []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if ones[i%4] == 0 {
		p[0] = float32(i)
	}
}

// rowPitch writes one element per thread of a width-pitched matrix. With
// width < 16 the rows overlap and threads of two rows write one element;
// with the rows at least as wide as the launch's x extent (width =
// gridDim.x*16 in a launch that fits the matrix) no two threads meet.
// That race is the launch's mismatch with width: a note under -verbose,
// counted in the package's summary line, not a finding.
//
//smemlint:launch block=16x16 grid=8x8
func rowPitch(t *simt.Thread, out, in []float32, width int) {
	x := t.BlockIdx.X*16 + t.ThreadIdx.X
	y := t.BlockIdx.Y*16 + t.ThreadIdx.Y
	out[y*width+x] = in[y*width+x]
}
