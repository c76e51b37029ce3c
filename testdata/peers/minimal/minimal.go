// Package minimal holds small kernels written for this project, one per
// class of defect that issue #12 names, with their verdicts.
package minimal

import "github.com/smemlint/smemlint/simt"

// peer: minimal: issue #12, item 3 (lanes 0 and 7 of warp 0 write a[7] in two statements)
// verdict: race warpsync
//
//smemlint:launch block=32
func writeWriteSameWarp(t *simt.Thread, out []float32) {
	a := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	a[tid] = float32(tid)
	if tid == 0 {
		a[7] = 0
	}
	t.SyncThreads()
	out[tid] = a[tid]
}

// peer: minimal: the race-free form of writeWriteSameWarp
// verdict: pass
//
//smemlint:launch block=32
func writeWriteSynced(t *simt.Thread, out []float32) {
	a := simt.Shared[[32]float32](t)
	tid := t.ThreadIdx.X
	a[tid] = float32(tid)
	t.SyncThreads()
	if tid == 0 {
		a[7] = 0
	}
	t.SyncThreads()
	out[tid] = a[tid]
}
