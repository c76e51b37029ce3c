// Package smemrace holds cases for the smemrace check.
package smemrace

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=64
func sameWord(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	s[0] = float32(t.ThreadIdx.X) // want `shared-memory race on s between warps: thread 32 writes s\[0\] \(a\.go:9\) and thread 0 writes s\[0\] \(a\.go:9\), byte 0 of s \(warps 1 and 0\), with no barrier between; block 64`
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[0]
}

//smemlint:launch block=64
func missingBarrier(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = float32(tid)
	out[tid] = s[(tid+32)%64] // want `shared-memory race on s between warps: thread 32 writes s\[tid\] \(a\.go:18\) and thread 0 reads s\[\(tid\+32\)%64\] \(a\.go:19\), byte 128 of s \(warps 1 and 0\), with no barrier between; block 64`
}

//smemlint:launch block=256
func loopWithoutBarrier(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for k := 128; k > 0; k /= 2 {
		if tid < k {
			s[tid] += s[tid+k] // want `shared-memory race on s between warps: thread 0 reads s\[tid\+k\] \(a\.go:28\) and thread 64 writes s\[tid\] \(a\.go:28\), byte 256 of s \(warps 0 and 2\), in different iterations of for k := 128; k > 0; k /= 2 \(a\.go:26\), with no barrier between, with k = 128 and 64; block 256`
		}
	}
	out[tid] = s[0] // want `shared-memory race on s between warps: thread 0 writes s\[tid\] \(a\.go:28\) and thread 32 reads s\[0\] \(a\.go:31\), byte 0 of s \(warps 0 and 1\), with no barrier between; block 256`
}

//smemlint:launch block=128
func atomicAndPlain(t *simt.Thread, out []int32) {
	s := simt.Shared[[4]int32](t)
	if t.ThreadIdx.X == 0 {
		s[0] = 0
	}
	simt.AtomicAdd(t, &s[0], 1) // want `shared-memory race on s between warps: thread 0 writes s\[0\] \(a\.go:38\) and thread 32 updates s\[0\] \(a\.go:40\), byte 0 of s \(warps 0 and 1\), with no barrier between; block 128`
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[0]
}

//smemlint:launch block=32x32
func transposeNoBarrier(t *simt.Thread, out, in []float32) {
	tile := simt.Shared[[32][33]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = in[ty*32+tx]
	out[ty*32+tx] = tile[tx][ty] // want `shared-memory race on tile between warps: thread \(0,1\) writes tile\[ty\]\[tx\] \(a\.go:49\) and thread \(1,0\) reads tile\[tx\]\[ty\] \(a\.go:50\), byte 132 of tile \(warps 1 and 0\), with no barrier between; block 32×32`
}

//smemlint:launch block=1024
func lastWarpStep(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	if tid < 32 {
		s[tid] += s[tid+16] // every racing pair lies in one warp: warpsync's, not this check's
	}
	t.SyncThreads()
	out[tid] = s[tid]
}

// singleBuffer overwrites, in the next step, words other threads may
// still be reading: the barrier orders the write before the read, not the
// read before the next write.
//
//smemlint:launch block=256
func singleBuffer(t *simt.Thread, out, in []float32, n int) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	sum := float32(0)
	for i := 0; i < n; i++ {
		s[tid] = in[i*256+tid]
		t.SyncThreads()
		sum += s[(tid+1)%256] // want `shared-memory race on s between warps: thread 32 writes s\[tid\] \(a\.go:74\) and thread 31 reads s\[\(tid\+1\)%256\] \(a\.go:76\), byte 128 of s \(warps 1 and 0\), in different iterations of for i := 0; i < n; i\+\+ \(a\.go:73\), with no barrier between; block 256`
	}
	out[tid] = sum
}

// crossWarpBehindSameWarp: every thread reads a[8] and thread 8 writes it;
// the nearest pair (threads 0 and 8) is in one warp, but threads of other
// warps read it too, so only a barrier orders them: this check's, once.
//
//smemlint:launch block=128
func crossWarpBehindSameWarp(t *simt.Thread, out []float32) {
	a := simt.Shared[[128]float32](t)
	tid := t.ThreadIdx.X
	v := a[8]
	if tid == 8 {
		a[tid] = 1 // want `shared-memory race on a between warps`
	}
	out[tid] = v
}

// oneIteration: only iteration 1 of a loop of 100 stores, one value that
// a sample of the loop's values would skip.
//
//smemlint:launch block=64
func oneIteration(t *simt.Thread) {
	a := simt.Shared[[64]int32](t)
	for i := 0; i < 100; i++ {
		if i == 1 {
			a[0] = int32(t.ThreadIdx.X) // want `shared-memory race on a between warps: thread 32 writes a\[0\] \(a\.go:104\) and thread 0 writes a\[0\] \(a\.go:104\), byte 0 of a \(warps 1 and 0\), with no barrier between; block 64`
		}
	}
}

// loopCarriedAcrossBarrier: the store of one iteration and the load of
// the next share a barrier interval (the back edge has no barrier).
//
//smemlint:launch block=256
func loopCarriedAcrossBarrier(t *simt.Thread, out []float32, n int) {
	a := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	a[tid] = 1
	t.SyncThreads()
	var tmp float32
	for i := 1; i < n; i *= 2 {
		if i <= tid {
			tmp = a[tid-i]
		}
		t.SyncThreads()
		if i <= tid {
			a[tid] += tmp // want `shared-memory race on a between warps: thread 32 reads a\[tid-i\] \(a\.go:121\) and thread 30 writes a\[tid\] \(a\.go:125\), byte 120 of a \(warps 1 and 0\), in different iterations of for i := 1; i < n; i \*= 2 \(a\.go:119\), with no barrier between, with i = 1 and 2; block 256`
		}
	}
	t.SyncThreads()
	out[tid] = a[tid]
}

// pointerChosen: the word is chosen in a branch on a parameter; with
// c == 0 every thread's atomic on a[12] races with thread 12's plain
// store to a[tid], so both choices are evaluated, each under its branch.
//
//smemlint:launch block=1024
func pointerChosen(t *simt.Thread, c int) {
	a := simt.Shared[[1024]int32](t)
	b := simt.Shared[[1024]int32](t)
	tid := t.ThreadIdx.X
	p := &a[12]
	if c != 0 {
		p = &b[3]
	}
	a[tid] = simt.AtomicAdd(t, p, 1) // want `shared-memory race on a between warps: thread 32 updates p \(a\.go:145\) and thread 12 writes a\[tid\] \(a\.go:145\), byte 48 of a \(warps 1 and 0\), with no barrier between, with c = 0; block 1024`
}

// sliceChosenInElse: the slice written is chosen by an if/else on the
// thread index; the lower half stores a[64], the upper half b[0]: both
// choices race, and the statement is reported once.
//
//smemlint:launch block=128
func sliceChosenInElse(t *simt.Thread) {
	a := simt.Shared[[128]int32](t)
	b := simt.Shared[[128]int32](t)
	tid := t.ThreadIdx.X
	var s []int32
	if tid < 64 {
		s = a[64:]
	} else {
		s = b[:]
	}
	s[0] = int32(tid) // want `shared-memory race on a between warps: thread 32 writes s\[0\] \(a\.go:163\) and thread 0 writes s\[0\] \(a\.go:163\), byte 256 of a \(warps 1 and 0\), with no barrier between; block 128`
}

// unsignedIndex: uint32(tid) - 1 wraps around to 2^32-1 at thread 0, whose
// store goes to s[63], as thread 63's second store does (before: s[-1],
// and no race).
//
//smemlint:launch block=64
func unsignedIndex(t *simt.Thread) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	j := uint32(tid) - 1
	s[j%64] = 1
	if tid == 63 {
		s[63] = 2 // want `shared-memory race on s between warps: thread 0 writes s\[j%64\] \(a\.go:\d+\) and thread 63 writes s\[63\] \(a\.go:\d+\), byte 252 of s \(warps 0 and 1\), with no barrier between; block 64`
	}
}

// unsignedIndex64: the same with uint, 64 bits: the analysis holds
// 2^64-1 as -1, whose bits % 64 are 63 (-1 & 63).
//
//smemlint:launch block=64
func unsignedIndex64(t *simt.Thread) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	j := uint(tid) - 1
	s[j%64] = 1
	if tid == 63 {
		s[63] = 2 // want `shared-memory race on s between warps: thread 0 writes s\[j%64\] \(a\.go:\d+\) and thread 63 writes s\[63\] \(a\.go:\d+\), byte 252 of s \(warps 0 and 1\), with no barrier between; block 64`
	}
}

// unsignedCompare: uint(tid) - 1 is 2^64-1 at thread 0, above 64: thread 0
// stores s[0] under j >= 64, as thread 32 does (before: -1 >= 64 was
// false, and no race).
//
//smemlint:launch block=64
func unsignedCompare(t *simt.Thread) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	j := uint(tid) - 1
	if j >= 64 {
		s[0] = 1
	}
	if tid == 32 {
		s[0] = 2 // want `shared-memory race on s between warps: thread 0 writes s\[0\] \(a\.go:\d+\) and thread 32 writes s\[0\] \(a\.go:\d+\), byte 0 of s \(warps 0 and 1\), with no barrier between; block 64`
	}
}
