package smemrace

import "github.com/smemlint/smemlint/simt"

// okTree is the sequential tree: a barrier after every step.
//
//smemlint:launch block=256
func okTree(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = float32(tid)
	t.SyncThreads()
	for k := 128; k > 0; k /= 2 {
		if tid < k {
			s[tid] += s[tid+k]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}

// okTranspose reads the tile after the barrier.
//
//smemlint:launch block=32x32
func okTranspose(t *simt.Thread, out, in []float32) {
	tile := simt.Shared[[32][33]float32](t)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = in[ty*32+tx]
	t.SyncThreads()
	out[ty*32+tx] = tile[tx][ty]
}

// okZero clears a buffer with a block-stride loop: no two threads share a
// word.
//
//smemlint:launch block=256
func okZero(t *simt.Thread, out []int32, n int) {
	s := simt.DynamicShared[int32](t)
	for i := t.ThreadIdx.X; i < n; i += t.BlockDim.X {
		s[i] = 0
	}
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[t.ThreadIdx.X]
}

// okAtomics: atomics on one word never race with each other.
//
//smemlint:launch block=128
func okAtomics(t *simt.Thread, out []int32) {
	s := simt.Shared[[8]int32](t)
	simt.AtomicAdd(t, &s[t.ThreadIdx.X%8], 1)
	t.SyncThreads()
	out[t.ThreadIdx.X] = s[t.ThreadIdx.X%8]
}

// okWarpSynced orders two lanes' accesses with SyncWarp.
//
//smemlint:launch block=64
func okWarpSynced(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	if tid < 32 {
		s[tid] = float32(tid)
		t.SyncWarp(0xffffffff)
		out[tid] = s[tid^1]
	}
}

// okDataBins: the bin is data, never guessed.
//
//smemlint:launch block=256
func okDataBins(t *simt.Thread, in []int32) {
	s := simt.Shared[[64]int32](t)
	s[in[t.ThreadIdx.X]%64] = 1
}
