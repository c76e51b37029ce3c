package before

import "github.com/smemlint/smemlint/simt"

// Shift stores each thread's value in shared memory and reads its right
// neighbour's, with nothing to say the neighbour has written it yet.
//
//smemlint:launch block=256
func Shift(t *simt.Thread, out, in []float32) {
	s := simt.Shared[[257]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[tid]
	out[tid] = s[tid+1]
}
