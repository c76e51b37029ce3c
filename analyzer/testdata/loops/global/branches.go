package global

import "github.com/smemlint/smemlint/simt"

// reslicedInBranch re-slices in one branch only: the slice keeps its
// array, and the access after says truly why it has no figure (before: the
// access was dropped without a word).
//
//smemlint:launch block=32
func reslicedInBranch(t *simt.Thread, g0 []float64, p0 int) {
	if p0 > 3 {
		g0 = g0[8:]
	}
	g0[t.ThreadIdx.X] = 0 // want `note: global store g0\[t.ThreadIdx.X\] not evaluated: the index depends on the offset of g0, which branches re-slice differently`
}

// reslicedBeforeReturn re-slices in a loop that threads may leave early:
// after it the offset is unknown, and said to be.
//
//smemlint:launch block=32
func reslicedBeforeReturn(t *simt.Thread, g0 []float64, p0 int) {
	for i := 0; i < 4; i++ {
		if i == p0 {
			return
		}
		g0 = g0[8:]
	}
	g0[t.ThreadIdx.X] = 0 // want `note: global store g0\[t.ThreadIdx.X\] not evaluated: the index depends on the offset of g0, which a loop re-slices by amounts smemlint does not follow`
}
