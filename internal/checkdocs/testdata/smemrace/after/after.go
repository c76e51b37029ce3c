// Put a barrier between the store and the loads of other threads, so that
// every thread's store is done before any thread reads. When the buffer is
// written again in a loop, a second barrier (or a second buffer) keeps the
// next store from overwriting what a slower thread still has to read.
package after

import "github.com/smemlint/smemlint/simt"

// Shift stores each thread's value in shared memory, waits for the block,
// and reads its right neighbour's.
//
//smemlint:launch block=256
func Shift(t *simt.Thread, out, in []float32) {
	s := simt.Shared[[257]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[tid]
	t.SyncThreads()
	out[tid] = s[tid+1]
}
