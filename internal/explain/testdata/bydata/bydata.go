package bydata

import "github.com/smemlint/smemlint/simt"

// Halves stores through a slice each lane chooses by its datum: lanes 2k
// and 2k+1 reach bank k in a[k] and b[k].
//
//smemlint:launch block=32
func Halves(t *simt.Thread, in []int32) {
	a := simt.Shared[[32]float32](t)
	b := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	q := a[:]
	if in[tid] > 0 {
		q = b[:]
	}
	q[tid/2] = 1
}
