// Package tied holds kernels whose races turn on nested loops whose inner
// bounds depend on the outer loop's value (stride := size/2).
package tied

import "github.com/smemlint/smemlint/simt"

// tiedClean copies the first stride elements size places on: a lane
// writes s[tx+size] with tx < stride <= size/2, never an element another
// lane reads in the same step (before: the race search tried size = 2
// with stride = 32, which the loops never make, and reported a hazard).
//
//smemlint:launch block=64
func tiedClean(t *simt.Thread, g []float32) {
	s := simt.Shared[[128]float32](t)
	tx := t.ThreadIdx.X
	s[tx] = g[tx]
	t.SyncThreads()
	for size := 2; size <= 64; size <<= 1 {
		for stride := size / 2; stride > 0; stride >>= 1 {
			if tx < stride {
				s[tx+size] = s[tx]
			}
			t.SyncThreads()
		}
	}
}

// tiedRacy shifts by one: lane 0 writes s[1], which lane 1 reads, as soon
// as stride reaches 2 (size = 4): the loops make that combination, and the
// hazard is still found.
//
//smemlint:launch block=64
func tiedRacy(t *simt.Thread, g []float32) {
	s := simt.Shared[[128]float32](t)
	tx := t.ThreadIdx.X
	s[tx] = g[tx]
	t.SyncThreads()
	for size := 2; size <= 64; size <<= 1 {
		for stride := size / 2; stride > 0; stride >>= 1 {
			if tx < stride {
				s[tx+1] = s[tx] // want `warp-synchronous hazard: lane 0 writes s\[tx\+1\] .* over the value lane 1 read`
			}
			t.SyncThreads()
		}
	}
}
