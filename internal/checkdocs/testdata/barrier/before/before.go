package before

import "github.com/smemlint/smemlint/simt"

// Fold adds the upper half of s to the lower half; the barrier inside the
// branch waits for threads that never come.
//
//smemlint:launch block=1024
func Fold(t *simt.Thread, s []float32) {
	tid := t.ThreadIdx.X
	if tid < 512 {
		s[tid] += s[tid+512]
		t.SyncThreads()
	}
}
