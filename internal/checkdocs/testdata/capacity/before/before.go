package before

import "github.com/smemlint/smemlint/simt"

// Stage keeps 16 Ki floats (64 KB) per block in static shared memory.
//
//smemlint:launch block=256
func Stage(t *simt.Thread, out, in []float32) {
	buf := simt.Shared[[16 * 1024]float32](t)
	for i := t.ThreadIdx.X; i < len(buf); i += t.BlockDim.X {
		buf[i] = in[i]
	}
	t.SyncThreads()
	out[t.ThreadIdx.X] = buf[t.ThreadIdx.X]
}
