// Move the barrier out of the branch, so that every thread of the block
// reaches it; keep only the work under the condition. A condition every
// thread of the block evaluates alike (on the block index, a parameter, a
// value read after a barrier) may enclose a barrier.
package after

import "github.com/smemlint/smemlint/simt"

// Fold adds the upper half of s to the lower half, then waits for the
// whole block.
//
//smemlint:launch block=1024
func Fold(t *simt.Thread, s []float32) {
	tid := t.ThreadIdx.X
	if tid < 512 {
		s[tid] += s[tid+512]
	}
	t.SyncThreads()
}
