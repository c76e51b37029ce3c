package shared

import "github.com/smemlint/smemlint/simt"

// countDown counts an unsigned i down from 3 while i < 4: i = 3, 2, 1, 0,
// and the loop leaves when i wraps around to 2^64-1. Strides 4, 3, 2, 1:
// 4, 1, 2 and 1 wavefronts (before: the iterations past 0 were unknown,
// and the figure a bound of 32).
//
//smemlint:launch block=32
func countDown(t *simt.Thread) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := uint(3); i < 4; i-- {
		s[tid*int(i+1)] = 1 // want `shared store s\[tid\*int\(i\+1\)\]: 4-way bank conflict \(4 wavefronts, ideal 1\): lanes 0, 8, 16, 24 all hit bank 0; block 32; worst at i = 3; per block: 4 requests, 8 wavefronts`
	}
}

// byteWraps steps a uint8 from 254 until it is 2: 254, 255, 0, 1.
//
//smemlint:launch block=32
func byteWraps(t *simt.Thread) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := uint8(254); i != 2; i++ {
		s[tid*(int(i)%4+1)] = 1 // want `shared store s\[tid\*\(int\(i\)%4\+1\)\]: 4-way bank conflict \(4 wavefronts, ideal 1\).*worst at i = 255; per block: 4 requests, 8 wavefronts`
	}
}

// fromThread counts each thread's unsigned i down from its index: thread
// tid runs tid+1 iterations and leaves when i wraps around; the lanes that
// have left make no request.
//
//smemlint:launch block=32
func fromThread(t *simt.Thread) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := uint(tid); i < 64; i-- {
		s[int(i)*2] = 1 // want `shared store s\[int\(i\)\*2\]: 2-way bank conflict \(2 wavefronts, ideal 1\)`
	}
}

// wrapsUnknown: a uint32 counted down to a parameter. Where i wraps to
// 2^32-1 it may still be below n: the iterations are not followed, and the
// figure is not given.
//
//smemlint:launch block=32
func wrapsUnknown(t *simt.Thread, n uint32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := uint32(tid); i < n; i-- {
		s[int(i)*2] = 1 // want `note: shared store s\[int\(i\)\*2\] not evaluated: the index depends on i, an unsigned loop counter that may wrap around below zero, which smemlint does not follow`
	}
}

// toZero counts an unsigned i down while i > 0: it stops at 1 and never
// wraps, whatever n, and its accesses are evaluated as any loop's.
//
//smemlint:launch block=32
func toZero(t *simt.Thread, n uint) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	for i := n; i > 0; i-- {
		s[(int(i)%8)*32+tid] = 1 // want `note: shared store s\[\(int\(i\)%8\)\*32\+tid\]: 1 wavefront per request \(ideal 1\); block 32`
	}
}
