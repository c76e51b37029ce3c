// Package globalraceverbose holds, for the globalrace check under
// -verbose, races that depend on data: noted as not checked, never
// reported as found, never passed over in silence.
package globalraceverbose

import "github.com/smemlint/smemlint/simt"

// dataGuard: the lanes with a[i] != i store p[0]. With a[i] == i for every
// i none does: a race for some data only.
//
//smemlint:launch block=8
func dataGuard(t *simt.Thread, a []int32, p []float32) {
	i := t.ThreadIdx.X
	if int(a[i]) != i {
		p[0] = float32(i) // want `note: global p\[0\] not checked for races: whether a thread makes the access depends on data read from memory; where the data lets both in, thread 1 writes p\[0\] \(a\.go:15\) and thread 0 writes p\[0\] \(a\.go:15\) race on byte 0 of p; block 8`
	}
}

// dataOffset: with offset 0 everywhere each thread has its own element;
// with offset -1 at thread 1, threads 0 and 1 share y[0].
//
//smemlint:launch block=256 grid=4
func dataOffset(t *simt.Thread, offsets []int32, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	offset := int(offsets[i])
	y[i+offset] += 1 // want `note: global y\[i\+offset\] not checked for races against y\[i\+offset\] \(a\.go:26\): the index depends on data read from memory, so whether two threads touch the same bytes is decided at run time; block 256`
}

// counterSlot: thread 13 writes slot 12, the others the distinct slots the
// counter hands out: a race only if the counter's start lets it reach 12.
//
//smemlint:launch block=64 grid=12
func counterSlot(t *simt.Thread, counter []uint32, out []float32) {
	gid := t.BlockIdx.X*64 + t.ThreadIdx.X
	slot := uint32(12)
	if gid != 13 {
		slot = simt.AtomicAdd(t, &counter[0], 1)
	}
	out[slot] = float32(gid) // want `note: global out\[slot\] not checked for races: the index depends on the old value an atomic returns, so whether two threads touch the same bytes is decided at run time; block 64`
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
