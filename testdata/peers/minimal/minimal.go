// Package minimal holds small kernels written for this project, one per
// class of defect that issue #12 names, with their verdicts.
package minimal

import "github.com/smemlint/smemlint/simt"

// peer: minimal: issue #12, item 3 (lanes 0 and 7 of warp 0 write a[7] in two statements)
// verdict: race warpsync
//
//smemlint:launch block=32
func writeWriteSameWarp(t *simt.Thread, out []float32) {
	a := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	a[tid] = float32(tid)
	if tid == 0 {
		a[7] = 0
	}
	t.SyncThreads()
	out[tid] = a[tid]
}

// peer: minimal: the race-free form of writeWriteSameWarp
// verdict: pass
//
//smemlint:launch block=32
func writeWriteSynced(t *simt.Thread, out []float32) {
	a := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	a[tid] = float32(tid)
	t.SyncThreads()
	if tid == 0 {
		a[7] = 0
	}
	t.SyncThreads()
	out[tid] = a[tid]
}

// peer: minimal: issue #12, item 3 (the write-write of writeWriteSameWarp inside a loop)
// verdict: race warpsync
//
//smemlint:launch block=32
func writeWriteSameWarpLoop(t *simt.Thread, out []float32, n int) {
	a := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	for i := 0; i < n; i++ {
		a[tid] = float32(i)
		if tid == 0 {
			a[7] = 0
		}
		t.SyncThreads()
		out[tid] += a[tid]
		t.SyncThreads()
	}
}

// peer: minimal: issue #12, item 3 (loop-carried race across a barrier: the write of one iteration and the read of the next share a barrier interval)
// verdict: race smemrace
//
//smemlint:launch block=256
func loopCarriedScan(t *simt.Thread, a []float32, n int) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = a[tid]
	t.SyncThreads()
	var tmp float32
	for i := 1; i < n; i *= 2 {
		if i <= tid {
			tmp = s[tid-i]
		}
		t.SyncThreads()
		if i <= tid {
			s[tid] += tmp
		}
	}
	t.SyncThreads()
	a[tid] = s[tid]
}

// peer: minimal: the race-free form of loopCarriedScan, a barrier closing each step
// verdict: pass
//
//smemlint:launch block=256
func loopCarriedScanFixed(t *simt.Thread, a []float32, n int) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = a[tid]
	t.SyncThreads()
	var tmp float32
	for i := 1; i < n; i *= 2 {
		if i <= tid {
			tmp = s[tid-i]
		}
		t.SyncThreads()
		if i <= tid {
			s[tid] += tmp
		}
		t.SyncThreads()
	}
	a[tid] = s[tid]
}

// peer: minimal: issue #12, item 3 (the visible pair, threads 8 and 9, is in one warp, but thread 8's write also races with the reads of every other warp)
// verdict: race smemrace
//
//smemlint:launch block=128
func crossWarpBehindSameWarp(t *simt.Thread, out []float32) {
	a := simt.Shared[[128]float32](t)
	tid := t.ThreadIdx.X
	v := a[8]
	if tid == 8 {
		a[tid] = 1
	}
	out[tid] = v
}

// peer: minimal: issue #12, item 2 (the unrolled last warp, one chain: one finding)
// verdict: race warpsync
//
//smemlint:launch block=64
func lastWarpChain(t *simt.Thread, in, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[tid]
	t.SyncThreads()
	if tid < 32 {
		s[tid] += s[tid+32]
		s[tid] += s[tid+16]
		s[tid] += s[tid+8]
		s[tid] += s[tid+4]
		s[tid] += s[tid+2]
		s[tid] += s[tid+1]
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}

// peer: minimal: the fixed last warp, reduced in registers
// verdict: pass
//
//smemlint:launch block=64
func lastWarpShuffle(t *simt.Thread, in, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[tid]
	t.SyncThreads()
	if tid < 32 {
		v := s[tid] + s[tid+32]
		for k := 16; k > 0; k /= 2 {
			v += simt.ShflDownSync(t, 0xffffffff, v, k)
		}
		if tid == 0 {
			out[t.BlockIdx.X] = v
		}
	}
}

// peer: minimal: a read and another lane's write in one statement, shared memory, one warp
// verdict: race warpsync
//
//smemlint:launch block=32
func sameStatementShared(t *simt.Thread, out []float32) {
	s := simt.Shared[[33]float32](t)
	tid := t.ThreadIdx.X
	s[tid] += s[tid+1]
	t.SyncThreads()
	out[tid] = s[tid]
}

// peer: minimal: a read and another lane's write in one statement, global memory, one warp
// verdict: race warpsync
//
//smemlint:launch block=32
func sameStatementGlobal(t *simt.Thread, g []float32) {
	tid := t.ThreadIdx.X
	g[tid] += g[tid+1]
}

// peer: minimal: a write-write race in one loop iteration only (i == 1) that a sampled loop domain can miss
// verdict: race smemrace
//
//smemlint:launch block=64
func oneIteration(t *simt.Thread) {
	a := simt.Shared[[64]int32](t)
	for i := 0; i < 100; i++ {
		if i == 1 {
			a[0] = int32(t.ThreadIdx.X)
		}
	}
}

// peer: minimal: the address is chosen in a branch on a parameter; both choices race
// verdict: race smemrace
//
//smemlint:launch block=64
func pointerInBranch(t *simt.Thread, c int) {
	a := simt.Shared[[64]int32](t)
	b := simt.Shared[[64]int32](t)
	p := &a[0]
	if c != 0 {
		p = &b[0]
	}
	*p = int32(t.ThreadIdx.X)
}

// peer: minimal: a loop variable used only in a condition; one writer per iteration and a barrier between iterations
// verdict: pass
//
//smemlint:launch block=64
func conditionOnlyLoopVar(t *simt.Thread, out []int32) {
	a := simt.Shared[[1]int32](t)
	for k := 0; k < 4; k++ {
		if t.ThreadIdx.X == k {
			a[0] += int32(k)
		}
		t.SyncThreads()
	}
	out[t.ThreadIdx.X] = a[0]
}

// peer: minimal: a loop with a != bound that runs no iteration for n = 1, so nothing it reads is written
// verdict: pass
func notEqualBound(t *simt.Thread, n int, y []float32) {
	f := float32(0)
	for j := 1; j != n; j++ {
		f += y[j]
	}
	y[t.ThreadIdx.X+n] = f
}

// runNotEqualBound launches notEqualBound with n = 1.
func runNotEqualBound(y []float32) error {
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 64}}, func(t *simt.Thread) { notEqualBound(t, 1, y) })
}

// peer: minimal: SyncWarp with the full mask reached by half the lanes
// verdict: divergence
//
//smemlint:launch block=64
func syncWarpHalf(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = float32(tid)
	if tid%32 < 16 {
		t.SyncWarp(0xffffffff)
	}
	out[tid] = s[tid]
}

// peer: minimal: a tree reduction with a barrier after every step
// verdict: pass
//
//smemlint:launch block=256
func treeReduction(t *simt.Thread, in, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[t.BlockIdx.X*256+tid]
	t.SyncThreads()
	for k := 128; k > 0; k /= 2 {
		if tid < k {
			s[tid] += s[tid+k]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}
