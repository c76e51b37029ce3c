package warpsync

import "github.com/smemlint/smemlint/simt"

// okSynced separates every step with SyncWarp: the form that is correct
// under independent thread scheduling.
//
//smemlint:launch block=1024
func okSynced(t *simt.Thread, out []float32) {
	cache := simt.Shared[[1024]float32](t)
	tx := t.ThreadIdx.X
	if tx < 32 {
		v := cache[tx] + cache[tx+32]
		for offset := 16; offset >= 1; offset /= 2 {
			t.SyncWarp(0xffffffff)
			cache[tx] = v
			t.SyncWarp(0xffffffff)
			v += cache[tx+offset]
		}
		if tx == 0 {
			out[t.BlockIdx.X] = v
		}
	}
}

// okShuffle reduces the warp in registers.
//
//smemlint:launch block=1024
func okShuffle(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	if tid < 32 {
		v := s[tid] + s[tid+32]
		for offset := 16; offset >= 1; offset /= 2 {
			v += simt.ShflXorSync(t, 0xffffffff, v, offset)
		}
		if tid == 0 {
			out[t.BlockIdx.X] = v
		}
	}
}

// okOwnWord: each lane touches only its own word.
//
//smemlint:launch block=256
func okOwnWord(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = 1
	s[tid] += 2
	out[tid] = s[tid]
}

// okOtherWarp: lane i of warp 0 reads a word of warp 1 after a barrier;
// within a warp no lane reads another's word.
//
//smemlint:launch block=64
func okOtherWarp(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = float32(tid)
	t.SyncThreads()
	if tid < 32 {
		out[tid] = s[tid+32]
	}
}

// globalFlag: every lane stores the same word of global memory, twice; a
// flag, left out within a warp (the same value from each lane).
//
//smemlint:launch block=32
func globalFlag(t *simt.Thread, done []int32) {
	done[0] = 0
	done[0] = 1
}
