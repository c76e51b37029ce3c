// Package forms holds kernels that use every form of access simcheck
// rewrites, for simcheck's end-to-end test: run traced, they must compute
// what they compute plainly, and every prediction must agree.
package forms

import "github.com/smemlint/smemlint/simt"

type pair struct{ A, B float32 }

// Forms loads, stores, updates, swaps and reads fields and through
// pointers; the tests check the values it leaves.
//
//smemlint:launch block=64
func Forms(t *simt.Thread, g []float32, p *float32) {
	s := simt.Shared[[128]float32](t)
	v := simt.Shared[[64]pair](t)
	tid := t.ThreadIdx.X
	s[tid] = float32(tid)
	s[tid+64] = 1
	v[tid].A = 2
	t.SyncThreads()
	s[tid] += s[tid+64]
	s[tid+64]++
	v[tid].B = v[tid].A * s[tid+64]
	t.SyncThreads()
	if tid < 32 {
		s[tid], s[tid+64] = s[tid+64], s[tid]
	}
	t.SyncThreads()
	for i := 0; i < 2; i++ {
		g[tid*2+i] = s[tid] + v[tid].B*float32(i)
	}
	if tid == 0 {
		*p = s[0]
	}
}

// Tree is a shared-memory tree reduction; its last warp is
// warp-synchronous without SyncWarp.
//
//smemlint:launch block=128
func Tree(t *simt.Thread, in, out []float32) {
	s := simt.Shared[[128]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[t.BlockIdx.X*128+tid]
	t.SyncThreads()
	for st := 64; st > 32; st >>= 1 {
		if tid < st {
			s[tid] += s[tid+st]
		}
		t.SyncThreads()
	}
	if tid < 32 {
		for st := 32; st > 0; st >>= 1 {
			s[tid] += s[tid+st]
		}
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}

// Racy reads a neighbour's element with no barrier between the store
// and the load.
//
//smemlint:launch block=64
func Racy(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = 1
	out[tid] = s[(tid+32)%64]
}

// Pick reads through a pointer that even lanes aim at shared memory and
// odd lanes at global memory: one execution of the load is a shared
// request of the even lanes and a global request of the odd ones.
//
//smemlint:launch block=32
func Pick(t *simt.Thread, g, out []float32) {
	s := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = float32(-tid)
	t.SyncThreads()
	p := &g[tid]
	if tid%2 == 0 {
		p = &s[tid]
	}
	out[tid] = *p
}

// Halves stores through a slice each lane chooses by its parity: the even
// lanes write b[tid/2], the odd ones a[tid/2]. The warp's store is one
// request over both arrays, whose words b[k] and a[k] share a bank.
//
//smemlint:launch block=32
func Halves(t *simt.Thread, out []float32) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if tid%2 == 0 {
		q = b[:]
	}
	q[tid/2] = float32(tid)
	t.SyncThreads()
	out[tid] = a[tid%16] - b[tid%16]
}

// CountDown counts an unsigned i down while i < 4: 3, 2, 1, 0, and the
// loop leaves where i wraps around. Byte steps a uint8 from 254 until it
// is 2: 254, 255, 0, 1. FromThread counts each thread's i down from its
// index. Each iteration's stride, and so its figure, depends on i; every
// store writes 1, so the words written do not depend on the lanes' order.
//
//smemlint:launch block=32
func CountDown(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := uint(3); i < 4; i-- {
		s[tid*int(i+1)] = 1
	}
	t.SyncThreads()
	out[tid] = s[tid]
}

//smemlint:launch block=32
func Byte(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := uint8(254); i != 2; i++ {
		s[tid*(int(i)%4+1)] = 1
	}
	t.SyncThreads()
	out[tid] = s[tid]
}

//smemlint:launch block=32
func FromThread(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := uint(tid); i < 64; i-- {
		s[int(i)*2] = 1
	}
	t.SyncThreads()
	out[tid] = s[tid]
}

// Exclusive: thread 0 writes s[0] where in[0] > 5, the other threads read
// it where in[0] < 3; no value of in[0] lets both in, and no run races.
// Compatible reads where in[0] > 7: in[0] = 8 lets both in, and the run
// with that value races (threads 0 and 32, no barrier between).
//
//smemlint:launch block=64
func Exclusive(t *simt.Thread, in []int32, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	if in[0] > 5 {
		if tid == 0 {
			s[0] = 1
		}
	}
	if in[0] < 3 {
		out[tid] = s[0]
	}
}

//smemlint:launch block=64
func Compatible(t *simt.Thread, in []int32, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	if in[0] > 5 {
		if tid == 0 {
			s[0] = 1
		}
	}
	if in[0] > 7 {
		out[tid] = s[0]
	}
}

// Unsigned indexes by uint32(tid) - 1, which wraps around to 2^32-1 at
// thread 0: its store goes to s[63], where thread 63 stores too (a race
// across warps), and the lanes of warp 0 store to s[63], s[0..30]: one
// wavefront.
//
//smemlint:launch block=64
func Unsigned(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	j := uint32(tid) - 1
	s[j%64] = 1
	if tid == 63 {
		s[63] = 1
	}
	t.SyncThreads()
	out[tid] = s[tid]
}

// Above: uint(tid) - 1 is 2^64-1 at thread 0, at least 64, so thread 0
// stores s[0] there, as thread 32 does (a race across warps); below 64
// the others store s[tid].
//
//smemlint:launch block=64
func Above(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	j := uint(tid) - 1
	if j >= 64 {
		s[0] = 1
	} else {
		s[j+1] = 1
	}
	if tid == 32 {
		s[0] = 1
	}
	t.SyncThreads()
	out[tid] = s[tid]
}

// ByData stores through a slice each lane chooses by its datum: lane n
// writes a[n] or b[n+1], which is in the bank of a[n+1], as in[n]
// decides. The analyzer bounds the store over every choice (lanes n and
// n-1 can reach bank n in two words); the runs measure two choices (the
// odd lanes in b: two wavefronts; every lane in a: one).
//
//smemlint:launch block=32
func ByData(t *simt.Thread, in []int32, out []float32) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[33]float32](t)
	tid := t.ThreadIdx.X
	a[tid], b[tid+1] = 0, 0
	t.SyncThreads()
	q := a[:]
	if in[tid] > 0 {
		q = b[1:]
	}
	q[tid] = float32(tid)
	t.SyncThreads()
	out[tid] = a[tid] - b[tid+1]
}
