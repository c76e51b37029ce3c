package faial

import "github.com/smemlint/smemlint/simt"

// Faial's WGSL examples (examples/wgsl, verdicts in its test.ml): a
// workgroup is a block, workgroup_size the block shape,
// global_invocation_id the thread's index in the grid.

// peer: faial examples/wgsl/drf-array-array.wgsl (exit 0: id.y is 0, each thread its own element)
// verdict: race globalrace
//
// CUDA differs: with the 4 workgroups of this port, col%64 is the thread
// index in every block, so all four blocks write data[row][tx]; faial checks
// one workgroup and reports no race.
//
//smemlint:launch block=64 grid=4
func wgslArrayArray(t *simt.Thread, data [][64]float32) {
	col := t.BlockIdx.X*64 + t.ThreadIdx.X
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	data[row][col%64] = data[row][col%64] * 2
}

// peer: faial examples/wgsl/drf-array-vector-2.wgsl (exit 0: component x written, component y of the next element read)
// verdict: pass
//
//smemlint:launch block=64 grid=4
func wgslArrayVector2(t *simt.Thread, data [][3]float32) {
	i := t.BlockIdx.X*64 + t.ThreadIdx.X
	data[i][0] = data[i+1][1] * 2
}

// peer: faial examples/wgsl/drf-const.wgsl (exit 0: x = 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func wgslConst(t *simt.Thread, data []float32) {
	const x = 0
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	data[i] = data[i+x] * 2
}

// peer: faial examples/wgsl/drf-indirect-read.wgsl (exit 0: out[x] is read only where x == i)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func wgslIndirectRead(t *simt.Thread, data, out []int32) {
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	x := int(data[i])
	if x == i {
		out[i] = out[x] * 2
	}
}

// peer: faial examples/wgsl/drf-inline-ret.wgsl (exit 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func wgslInlineRet(t *simt.Thread, data []float32) {
	i := wgslTid(t.BlockIdx.X, t.ThreadIdx.X)
	data[i] = data[i] * 2
}

// wgslTid is the thread's index in the grid.
//
// device of: wgslInlineRet
func wgslTid(bid, tid int) int {
	return bid*256 + tid
}

// peer: faial examples/wgsl/drf-loop-break-if.wgsl (exit 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func wgslLoopBreakIf(t *simt.Thread, data []float32) {
	j := t.BlockIdx.X*256 + t.ThreadIdx.X
	a := 2
	for i := 0; i < 4; i++ {
		if i%2 == 0 {
			continue
		}
		a *= 2
		data[j] = data[j] * 2
	}
	_ = a
}

// peer: faial examples/wgsl/drf-loop-lt.wgsl (exit 0; y[0] = 0 by every thread is benign there, a race under CUDA)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func wgslLoopLt(t *simt.Thread, n int, y []float32) {
	if n <= 0 {
		return
	}
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	f := float32(0)
	y[0] = 0
	for j := 1; j < n; j++ {
		f += y[j]
	}
	y[i+n] = f
}

// peer: faial examples/wgsl/drf-loop-relminus.wgsl (exit 0: the loop runs while j != n-1; y[0] = 0 by every thread is benign there, a race under CUDA)
// verdict: race globalrace
//
//smemlint:launch block=256 grid=4
func wgslLoopRelMinus(t *simt.Thread, n int, y []float32) {
	if n <= 0 {
		return
	}
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	f := float32(0)
	y[0] = 0
	for j := 1; j-(n-1) != 0; j++ {
		f += y[j]
	}
	y[i+n] = f
}

// peer: faial examples/wgsl/drf-saxpy.wgsl (exit 0)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func wgslSaxpy(t *simt.Thread, data []float32) {
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	data[i] = data[i] * 2
}

// peer: faial examples/wgsl/drf-unary.wgsl (exit 0: only x == 0 goes on)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func wgslUnary(t *simt.Thread, data []float32, x int) {
	if x != 0 {
		return
	}
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	data[i+x] = data[i] * 2
}

// peer: faial examples/wgsl/drf-uniform-load.wgsl (exit 0: workgroupUniformLoad is a barrier, a load, a barrier)
// verdict: pass
//
//smemlint:launch block=256 grid=4
func wgslUniformLoad(t *simt.Thread, data []float32) {
	sh := simt.Shared[[256]float32](t)
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	t.SyncThreads()
	x := sh[0]
	t.SyncThreads()
	data[i] = data[i]*2 + x*0
}

// peer: faial examples/wgsl/racy-saxpy.wgsl (exit 1: data[i+1] written, data[i] read, workgroup of 32)
// verdict: race globalrace
//
// The racing pairs cross blocks too (lane 31 of block 0 writes data[32],
// lane 0 of block 1 reads it): one pair of sites, owned by globalrace.
//
//smemlint:launch block=32 grid=4
func wgslRacySaxpy(t *simt.Thread, data []float32) {
	i := t.BlockIdx.X*32 + t.ThreadIdx.X
	data[i+1] = data[i] * 2
}
