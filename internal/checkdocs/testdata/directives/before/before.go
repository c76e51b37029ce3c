package before

import "github.com/smemlint/smemlint/simt"

// Strided reads every other word of a shared array, a known two-way bank
// conflict, and means to say so.
//
//smemlint:launch block=32
func Strided(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	//smemlint:ignore bankconflict
	out[t.ThreadIdx.X] = s[t.ThreadIdx.X*2]
}
