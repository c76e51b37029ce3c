package shared

import "github.com/smemlint/smemlint/simt"

// chosenByData: each lane chooses between a and b by its own datum. The
// warp's store is one request over the addresses the lanes chose, which
// the data decides: bounded over every choice, and a[tid] and b[tid] are
// in one bank that no other lane reaches: one wavefront, whichever.
//
//smemlint:launch block=32
func chosenByData(t *simt.Thread, in []int32) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if in[tid] > 0 {
		q = b[:]
	}
	q[tid] = 1 // want `note: shared store q\[tid\]: 1 wavefront per request \(ideal 1\) whichever address each lane takes: the lanes of a warp choose between shared arrays by data read from memory`
}

// chosenDivided: the lanes choose by parity, at an index divided by a
// parameter: the choice of address is not one arithmetic expression.
//
//smemlint:launch block=32
func chosenDivided(t *simt.Thread, n int) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if tid%2 == 0 {
		q = b[:]
	}
	q[tid/n] = 1 // want `note: shared store q\[tid/n\] not evaluated: the lanes of a warp choose between shared arrays, and smemlint cannot write the address each lane takes as arithmetic`
}
