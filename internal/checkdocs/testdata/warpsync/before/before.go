package before

import "github.com/smemlint/smemlint/simt"

// WarpSum adds the 32 values of a warp in shared memory, relying on the
// lanes running in lockstep.
//
//smemlint:launch block=32
func WarpSum(t *simt.Thread, out, in []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[tid]
	s[tid+32] = 0
	t.SyncWarp(0xffffffff)
	for d := 16; d > 0; d /= 2 {
		v := s[tid] + s[tid+d]
		s[tid] = v
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}
