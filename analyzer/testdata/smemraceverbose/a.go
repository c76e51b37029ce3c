// Package smemraceverbose holds, for the smemrace check under -verbose,
// shared-memory races that depend on data: found where the data is input
// the kernel cannot see, noted where the index is the data alone (a
// scatter through an index array) or depends on a value smemlint does
// not track.
package smemraceverbose

import "github.com/smemlint/smemlint/simt"

// dataBins: two threads whose in[] values agree modulo 64 store one word.
//
//smemlint:launch block=256
func dataBins(t *simt.Thread, in []int32) {
	s := simt.Shared[[64]int32](t)
	s[in[t.ThreadIdx.X]%64] = 1 // want `note: shared s\[in\[t\.ThreadIdx\.X\]%64\] not checked for races: the index depends on data read from memory, so whether two threads touch the same bytes is decided at run time; block 256`
}

// guardedNeighbour: a thread whose flag is set reads its neighbour's word,
// which the neighbour writes in the same interval: where both flags are
// set, threads 31 and 32 race across warps (smemrace's, though threads 0
// and 1 race within one).
//
//smemlint:launch block=128
func guardedNeighbour(t *simt.Thread, flags []int32, out []float32) {
	s := simt.Shared[[129]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = 1
	if flags[tid] != 0 {
		out[tid] = s[tid+1] // want `may race, depending on data: thread 32 writes s\[tid\] \(a\.go:27\) and thread 31 reads s\[tid\+1\] \(a\.go:29\) touch byte 128 of s when flags\[tid\] != 0 \(a\.go:28\) lets both in \(values smemlint cannot see\); block 128`
	}
}

// lastOfChoice: thread 0 stores the last element of the slice a branch
// chose, b[127] or a[63]; the other threads store b[0..63]. Which element
// is last depends on the choice, so the store is noted, not priced with
// the first choice's length (a[63] would be b[63] and race with thread 63).
//
//smemlint:launch block=64
func lastOfChoice(t *simt.Thread, c int) {
	a := simt.Shared[[64]int32](t)
	b := simt.Shared[[128]int32](t)
	tid := t.ThreadIdx.X
	s := a[:]
	if c != 0 {
		s = b[:]
	}
	b[tid] = 1
	if tid == 0 {
		s[len(s)-1] = 2 // want `note: shared s\[len\(s\)-1\] not checked for races: the index depends on the length of a slice that branches chose among slices of different lengths, so whether two threads touch the same bytes is decided at run time; block 64`
	}
}

// sharedExclusive: thread 0 writes s[0] where in[0] > 5, the others read
// it where in[0] < 3: in[0] is one value, which never lets both in.
//
//smemlint:launch block=64
func sharedExclusive(t *simt.Thread, in []int32, out []float32) {
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

// sharedExclusiveMixed: the writer's condition also reads in[tid], which
// differs between threads; in[0] still excludes the reader.
//
//smemlint:launch block=64
func sharedExclusiveMixed(t *simt.Thread, in []int32, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	if in[0] > 5 && in[tid] > 0 {
		if tid == 0 {
			s[0] = 1
		}
	}
	if in[0] < 3 {
		out[tid] = s[0]
	}
}

// sharedCompatible: in[0] = 8 lets both in.
//
//smemlint:launch block=64
func sharedCompatible(t *simt.Thread, in []int32, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	if in[0] > 5 {
		if tid == 0 {
			s[0] = 1
		}
	}
	if in[0] > 7 {
		out[tid] = s[0] // want `shared-memory race on s between warps: thread 0 writes s\[0\] \(a\.go:\d+\) and thread 32 reads s\[0\] \(a\.go:\d+\)`
	}
}

// sharedStoredInput: thread 63 stores in[0] between the two conditions,
// so the second may read another value than the first (thread 63 may run
// ahead of thread 0): 6, then 0, lets both in.
//
//smemlint:launch block=64
func sharedStoredInput(t *simt.Thread, in []int32, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	if in[0] > 5 {
		if tid == 0 {
			s[0] = 1
		}
	}
	if tid == 63 {
		in[0] = 0
	}
	if in[0] < 3 {
		out[tid] = s[0] // want `shared-memory race on s between warps: thread 0 writes s\[0\] \(a\.go:\d+\) and thread 32 reads s\[0\] \(a\.go:\d+\)`
	}
}

// unsignedQuotient: (uint(tid) - 1) / 2 is (2^64-1)/2 at thread 0, not
// the 0 that -1/2 gives: not followed, and noted.
//
//smemlint:launch block=64
func unsignedQuotient(t *simt.Thread) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	j := uint(tid) - 1
	s[(j/2)%64] = 1 // want `note: shared s\[\(j/2\)%64\] not checked for races: the index depends on unsigned arithmetic on a value that may wrap around below zero, which smemlint does not follow, so whether two threads touch the same bytes is decided at run time; block 64`
}
