package shared

import "github.com/smemlint/smemlint/simt"

// swapBuffers ping-pongs between two shared tiles, swapping the slices
// after each step (src, dst = dst, src): which tile an access uses
// alternates with the iterations, which smemlint does not follow. Each
// access through the swapped slices in the loop says so (before: they
// were dropped without a word, in the loop and after it). After the loop,
// whose 4 iterations every thread runs, src is a again (simcheck agrees:
// 1 wavefront).
//
//smemlint:launch block=64
func swapBuffers(t *simt.Thread, g []float32) {
	tx := t.ThreadIdx.X
	a := simt.Shared[[64]float32](t)
	b := simt.Shared[[64]float32](t)
	src, dst := a[:], b[:]
	for i := 0; i < 4; i++ {
		dst[tx] = src[(tx+1)%64] // want `note: shared store dst\[tx\] not evaluated: the index depends on which memory a slice or pointer that a loop reassigns refers to \(double buffers swapped by a, b = b, a\)` `note: shared load src\[\(tx\+1\)%64\] not evaluated: the index depends on which memory a slice or pointer that a loop reassigns refers to`
		t.SyncThreads()
		src, dst = dst, src
	}
	g[tx] = src[tx] // want `note: shared load src\[tx\]: 1 wavefront per request \(ideal 1\); block 64; per block: 2 requests, 2 wavefronts`
}
