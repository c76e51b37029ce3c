// Package globalraceverbose holds, for the globalrace check under
// -verbose, races that depend on data: found where the data is input the
// kernel cannot see ("may race, depending on data"), noted as not checked
// where the data comes from the kernel itself (an atomic's old value), and
// races that need a row pitch narrower than its rows (noted, not
// reported).
package globalraceverbose

import "github.com/smemlint/smemlint/simt"

// dataGuard: the lanes with a[i] != i store p[0]. With a[i] == i for every
// i none does: a race for some data, in two warps (warpsync's testdata
// has the one-warp launch).
//
//smemlint:launch block=64
func dataGuard(t *simt.Thread, a []int32, p []float32) {
	i := t.ThreadIdx.X
	if int(a[i]) != i {
		p[0] = float32(i) // want `may race, depending on data: thread 32 writes p\[0\] \(a\.go:19\) and thread 0 writes p\[0\] \(a\.go:19\) touch byte 0 of p when int\(a\[i\]\) != i \(a\.go:18\) lets both in \(values smemlint cannot see\); block 64`
	}
}

// flagGuard: every thread that sees a negative value stores 1 to one
// flag: whichever stores last, the flag holds 1. A benign same-value write
// (the flag idiom), noted, not found.
//
//smemlint:launch block=64
func flagGuard(t *simt.Thread, in []int32, found []int32) {
	if in[t.ThreadIdx.X] < 0 {
		found[0] = 1 // want `note: global found\[0\] not checked for races: whether a thread makes the access depends on data read from memory; .*`
	}
}

// dataOffset: with offset 0 everywhere each thread has its own element;
// with offset -256 at thread 0 of block 1, it shares y[0] with thread 0
// of block 0.
//
//smemlint:launch block=256 grid=4
func dataOffset(t *simt.Thread, offsets []int32, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	offset := int(offsets[i])
	y[i+offset] += 1 // want `may race, depending on data: thread 0 of block 0 reads y\[i\+offset\] \(a\.go:42\) and thread 0 of block 1 writes y\[i\+offset\] \(a\.go:42\) touch byte 0 of y when data read from memory in the index is 0 at thread 0 of block 0 and -256 at thread 0 of block 1 \(values smemlint cannot see\); block 256`
}

// permutationScatter: out[perm[i]] stores through an index array, which
// is race-free when perm is a permutation, as such arrays are written: the
// scatter idiom is noted, not found.
//
//smemlint:launch block=256 grid=4
func permutationScatter(t *simt.Thread, perm []int32, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[perm[i]] = 1 // want `note: global out\[perm\[i\]\] not checked for races: the index depends on data read from memory, .*`
}

// counterSlot: thread 13 writes slot 12, the others the distinct slots the
// counter hands out: a race where the counter hands out 12 (from 0 it
// does, from 1000 it does not).
//
//smemlint:launch block=64 grid=12
func counterSlot(t *simt.Thread, counter []uint32, out []float32) {
	gid := t.BlockIdx.X*64 + t.ThreadIdx.X
	slot := uint32(12)
	if gid != 13 {
		slot = simt.AtomicAdd(t, &counter[0], 1)
	}
	out[slot] = float32(gid) // want `may race, depending on data: thread 13 of block 0 writes out\[slot\] \(a\.go:66\) and thread 0 of block 1 writes out\[slot\] \(a\.go:66\) touch byte 48 of out when the old value an atomic returns in the index is 12 at thread 0 of block 1 \(values smemlint cannot see\); block 64`
}

// counterSlots: every thread takes its slot from one counter of the grid:
// distinct slots whatever the counter's start, so no race. The slot is
// the kernel's own data, and the site is noted.
//
//smemlint:launch block=64 grid=12
func counterSlots(t *simt.Thread, counter []uint32, out []float32) {
	slot := simt.AtomicAdd(t, &counter[0], 1)
	out[slot] = 1 // want `note: global out\[slot\] not checked for races: the index depends on the old value an atomic returns, .*`
}

// blockCounterSlots: each block takes slots from its own counter in shared
// memory, so two blocks whose counters start at one value write one slot.
//
//smemlint:launch block=64 grid=12
func blockCounterSlots(t *simt.Thread, out []float32) {
	counter := simt.Shared[uint32](t)
	slot := simt.AtomicAdd(t, counter, 1)
	out[slot] = 1 // want `may race, depending on data: thread 0 of block 0 writes out\[slot\] \(a\.go:\d+\) and thread 0 of block 1 writes out\[slot\] \(a\.go:\d+\) touch byte 0 of out when the old value an atomic returns in the index is 0 at thread 0 of block 0 and 0 at thread 0 of block 1 \(values smemlint cannot see\); block 64`
}

// decidedDespiteData: whatever in holds, each thread stores only its own
// element: no race, and nothing to note.
//
//smemlint:launch block=256 grid=4
func decidedDespiteData(t *simt.Thread, in []int32, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if in[i] > 0 {
		y[i] = 0
	}
}

// transposeOut is a transpose's store with a row pitch n: with n = 1 the
// rows overlap and two blocks write one element; with n as wide as the
// rows the launch covers (n = 1024 here) none do.
//
//smemlint:launch block=32x8 grid=32x32
func transposeOut(t *simt.Thread, out []float32, n int) {
	x, y := t.BlockIdx.Y*32+t.ThreadIdx.X, t.BlockIdx.X*32+t.ThreadIdx.Y
	for j := 0; j < 32; j += 8 {
		out[(y+j)*n+x] = 1 // want `note: race only with a row pitch narrower than its rows, not reported: global-memory race on out between blocks: .*, with n = 1, j = 0 and 0; block 32×8\. No race is found with n = 1048576: the parameter multiplies an index of the threads \(a row pitch\), and below the width of the rows it separates, rows overlap, which a launch whose grid fits the rows does not do`
	}
}

// dataExclusive: thread 0 writes p[0] where in[0] > 5, the others read it
// where in[0] < 3. in[0] is one value for all of them, and none lets both
// in: no race for any data, and nothing to note.
//
//smemlint:launch block=64
func dataExclusive(t *simt.Thread, in []int32, p, out []float32) {
	i := t.ThreadIdx.X
	if in[0] > 5 {
		if i == 0 {
			p[0] = 1
		}
	}
	if in[0] < 3 {
		out[i] = p[0]
	}
}

// dataNegated: one condition on data, as a flag and its negation.
//
//smemlint:launch block=64
func dataNegated(t *simt.Thread, in []int32, p, out []float32) {
	i := t.ThreadIdx.X
	f := in[0] > 5
	if f {
		if i == 0 {
			p[0] = 1
		}
	}
	if !f {
		out[i] = p[0]
	}
}

// dataCompatible: in[0] > 5 and in[0] > 7 both hold for in[0] = 8: a race
// for some data.
//
//smemlint:launch block=64
func dataCompatible(t *simt.Thread, in []int32, p, out []float32) {
	i := t.ThreadIdx.X
	if in[0] > 5 {
		if i == 0 {
			p[0] = 1
		}
	}
	if in[0] > 7 {
		out[i] = p[0] // want `may race, depending on data: thread 0 writes p\[0\] \(a\.go:\d+\) and thread 32 reads p\[0\] \(a\.go:\d+\) touch byte 0 of p when in\[0\] > 5 \(a\.go:\d+\) and in\[0\] > 7 \(a\.go:\d+\) lets both in \(values smemlint cannot see\); block 64`
	}
}
