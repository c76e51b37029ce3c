// Declare at most 48 KB statically: here, stage half as much per block and
// launch twice as many blocks. A kernel that needs more takes the buffer as
// dynamic shared memory, simt.DynamicShared[float32](t) with the size in
// Config.SharedBytes, which may reach the profile's opt-in maximum (227 KB
// per block on sm_90); with -verbose, capacity says how many blocks then
// fit on one multiprocessor.
package after

import "github.com/smemlint/smemlint/simt"

// Stage keeps 8 Ki floats (32 KB) per block in static shared memory.
//
//smemlint:launch block=256
func Stage(t *simt.Thread, out, in []float32) {
	buf := simt.Shared[[8 * 1024]float32](t)
	for i := t.ThreadIdx.X; i < len(buf); i += t.BlockDim.X {
		buf[i] = in[i]
	}
	t.SyncThreads()
	out[t.ThreadIdx.X] = buf[t.ThreadIdx.X]
}
