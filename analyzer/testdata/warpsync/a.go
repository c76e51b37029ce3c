// Package warpsync holds cases for the warpsync check.
package warpsync

import "github.com/smemlint/smemlint/simt"

// volatileWarp is the unrolled last warp of a reduction, written for
// lockstep warps.
//
//smemlint:launch block=1024
func volatileWarp(t *simt.Thread, in, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[tid]
	t.SyncThreads()
	for k := 512; k > 32; k /= 2 {
		if tid < k {
			s[tid] += s[tid+k]
		}
		t.SyncThreads()
	}
	if tid < 32 {
		s[tid] += s[tid+32]
		s[tid] += s[tid+16] // want `warp-synchronous hazard: lane 0 reads s\[tid\+16\] \(a\.go:23\) written by lane 16 at a\.go:22 with no SyncWarp between; block 1024 \(the first of a chain of 2 steps; the others are related locations\)`
		s[tid] += s[tid+8]  // step 2 of the chain above: a related location
		if tid == 0 {
			out[t.BlockIdx.X] = s[0]
		}
	}
}

// readThenWrite overwrites a word another lane read in the statement
// before.
//
//smemlint:launch block=64
func readThenWrite(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	v := s[tid^1]
	s[tid] = v // want `warp-synchronous hazard: lane 0 writes s\[tid\] \(a\.go:39\) over the value lane 1 read at a\.go:38 with no SyncWarp between; block 64`
	out[tid] = v
}

// halfWarp exchanges values between the lower 16 lanes of each warp; the
// fix names only them.
//
//smemlint:launch block=64
func halfWarp(t *simt.Thread, out []float64) {
	s := simt.Shared[[64]float64](t)
	tx := t.ThreadIdx.X
	if tx%32 < 16 {
		s[tx] = float64(tx)
		s[tx] += s[tx+8] // want `warp-synchronous hazard: lane 0 reads s\[tx\+8\] \(a\.go:52\) written by lane 8 at a\.go:51 with no SyncWarp between; block 64`
		out[tx] = s[tx]
	}
}

// globalWarp is the volatile idiom in global memory.
//
//smemlint:launch block=256
func globalWarp(t *simt.Thread, cache []float32) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	cache[tid] = 1
	if tid%32 < 16 {
		cache[tid] += cache[tid+16] // want `warp-synchronous hazard: lane 0 reads cache\[tid\+16\] \(a\.go:64\) written by lane 16 at a\.go:62 with no SyncWarp between, with BlockIdx\.X = 0; block 256`
	}
}

// carried synchronises within the iteration but not across the back edge:
// lane 0's store of the next iteration may overwrite the word before lane
// 1 has read it.
//
//smemlint:launch block=32
func carried(t *simt.Thread, out []float32) {
	s := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	v := float32(tid)
	for i := 0; i < 4; i++ {
		s[tid] = v // want `warp-synchronous hazard: lane 1 writes s\[tid\] \(a\.go:78\) over the value lane 0 read at a\.go:80 in an earlier iteration of for i := 0; i < 4; i\+\+ \(a\.go:77\) with no SyncWarp between, with i = 0 and 1; block 32`
		t.SyncWarp(0xffffffff)
		v = s[tid^1]
	}
	out[tid] = v
}

// writeWrite stores twice to one word from two lanes of one warp in two
// statements: lane 7's a[tid] and lane 0's a[7] land in either order.
//
//smemlint:launch block=32
func writeWrite(t *simt.Thread, out []float32) {
	a := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	a[tid] = float32(tid)
	if tid == 0 {
		a[7] = 0 // want `warp-synchronous hazard: lane 0 writes a\[7\] \(a\.go:94\) over the value lane 7 wrote at a\.go:92 with no SyncWarp between; block 32`
	}
	t.SyncThreads()
	out[tid] = a[tid]
}

// writeWriteLoop is writeWrite inside a loop whose barriers come after
// both stores.
//
//smemlint:launch block=32
func writeWriteLoop(t *simt.Thread, out []float32, n int) {
	a := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	for i := 0; i < n; i++ {
		a[tid] = float32(i)
		if tid == 0 {
			a[7] = 0 // want `warp-synchronous hazard: lane 0 writes a\[7\] \(a\.go:110\) over the value lane 7 wrote at a\.go:108 with no SyncWarp between; block 32`
		}
		t.SyncThreads()
		out[tid] += a[tid]
		t.SyncThreads()
	}
}

// globalWriteWrite: lanes 0..2 store their own element of a, which every
// lane stored a moment before, in global memory with no SyncWarp between.
//
//smemlint:launch block=32
func globalWriteWrite(t *simt.Thread, a []int32) {
	a[0] = 1
	a[1] = 1
	a[2] = 1
	a[t.ThreadIdx.X] = 0 // want `warp-synchronous hazard: lane 2 writes a\[t\.ThreadIdx\.X\] \(a\.go:126\) over the value lane 0 wrote at a\.go:125 with no SyncWarp between; block 32`
}

// globalChain is the volatile last warp in global memory. Each step from
// the +16 one on races with itself (lane 0 loads cache[16], which lane 16
// stores in the same statement): the fix splits every step, in global
// memory as in shared memory.
//
//smemlint:launch block=64
func globalChain(t *simt.Thread, cache []float32) {
	tid := t.ThreadIdx.X
	if tid < 32 {
		cache[tid] += cache[tid+32]
		cache[tid] += cache[tid+16] // want `warp-synchronous hazard: lane 0 reads cache\[tid\+16\] \(a\.go:139\) written by lane 16 at a\.go:138 with no SyncWarp between; block 64 \(the first of a chain of 3 steps; the others are related locations\)`
		cache[tid] += cache[tid+8]  // step 2 of the chain above
		cache[tid] += cache[tid+4]  // step 3 of the chain above
	}
}

// lastWarp is a device function with the volatile idiom, called twice
// below: the fix must order both calls, the second one made under a
// condition on data.
func lastWarp(t *simt.Thread, s []float32) {
	tid := t.ThreadIdx.X
	if tid < 32 {
		s[tid] += s[tid+32]
		s[tid] += s[tid+16] // want `warp-synchronous hazard: lane 0 reads s\[tid\+16\] \(a\.go:152\) written by lane 16 at a\.go:151 with no SyncWarp between; block 64 \(the first of a chain of 2 steps; the others are related locations\)`
		s[tid] += s[tid+8]  // step 2 of the chain above
	}
}

//smemlint:launch block=64
func twiceCalled(t *simt.Thread, flag []int32, out []float32) {
	s := simt.Shared[[64]float32](t)
	s[t.ThreadIdx.X] = 1
	t.SyncThreads()
	lastWarp(t, s[:])
	t.SyncThreads()
	if flag[0] != 0 {
		lastWarp(t, s[:])
	}
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[0]
}
