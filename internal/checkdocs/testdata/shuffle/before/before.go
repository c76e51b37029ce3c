package before

import "github.com/smemlint/smemlint/simt"

// HalfSum adds up the values of the first 16 lanes of each warp; only
// those lanes shuffle, but the mask names all 32.
//
//smemlint:launch block=64
func HalfSum(t *simt.Thread, out, in []float32) {
	v := in[t.ThreadIdx.X]
	if t.LaneID() < 16 {
		for d := 8; d > 0; d /= 2 {
			v += simt.ShflDownSync(t, 0xffffffff, v, d)
		}
	}
	out[t.ThreadIdx.X] = v
}
