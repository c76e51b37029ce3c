package smemrace // want `note: 1 statement of this package not checked for races, which depend on data; -verbose lists them with the reason`

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

// okPingPong reads one buffer while it fills the other, with a barrier
// per step.
//
//smemlint:launch block=256
func okPingPong(t *simt.Thread, out, in []float32, n int) {
	s := simt.Shared[[512]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = in[tid]
	t.SyncThreads()
	sum := float32(0)
	for i := 0; i < n; i++ {
		cur := i % 2
		sum += s[cur*256+(tid+1)%256]
		s[(1-cur)*256+tid] = sum
		t.SyncThreads()
	}
	out[tid] = sum
}

// okStencil loads a tile with its halo, then reads neighbours.
//
//smemlint:launch block=128
func okStencil(t *simt.Thread, out, in []float32) {
	s := simt.Shared[[130]float32](t)
	tid := t.ThreadIdx.X
	g := t.BlockIdx.X*t.BlockDim.X + tid + 1
	s[tid+1] = in[g]
	if tid == 0 {
		s[0] = in[g-1]
	}
	if tid == t.BlockDim.X-1 {
		s[tid+2] = in[g+1]
	}
	t.SyncThreads()
	out[g] = s[tid] + s[tid+1] + s[tid+2]
}

// okScan is a Hillis-Steele scan: read, barrier, write, barrier.
//
//smemlint:launch block=256
func okScan(t *simt.Thread, out []float32) {
	s := simt.Shared[[256]float32](t)
	tid := t.ThreadIdx.X
	s[tid] = out[tid]
	t.SyncThreads()
	for off := 1; off < t.BlockDim.X; off *= 2 {
		v := s[tid]
		if tid >= off {
			v += s[tid-off]
		}
		t.SyncThreads()
		s[tid] = v
		t.SyncThreads()
	}
	out[tid] = s[tid]
}

// okWarpRows gives each warp a padded row of its own and orders its lanes
// with SyncWarp.
//
//smemlint:launch block=256
func okWarpRows(t *simt.Thread, out []float32) {
	s := simt.Shared[[8 * 33]float32](t)
	tid := t.ThreadIdx.X
	row, lane := tid/32, tid%32
	s[row*33+lane] = float32(tid)
	t.SyncWarp(0xffffffff)
	out[tid] = s[row*33+(lane+1)%32]
}

// pointerChosenOwn: whichever array a branch chooses, each thread stores
// its own element.
//
//smemlint:launch block=256
func pointerChosenOwn(t *simt.Thread, c int) {
	a := simt.Shared[[256]int32](t)
	b := simt.Shared[[256]int32](t)
	tid := t.ThreadIdx.X
	p := &a[tid]
	if c != 0 {
		p = &b[tid]
	}
	*p = int32(tid)
}

// unsignedBelow: thread 0's j, 2^64-1, is not below 64: it stores nothing
// under j < 64, and thread 32 alone stores s[0] (before: -1 < 64 let
// thread 0 store s[(j+1)%64], s[0], a race).
//
//smemlint:launch block=64
func unsignedBelow(t *simt.Thread) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	j := uint(tid) - 1
	if j < 64 {
		s[(j+1)%64] = 1
	}
	if tid == 32 {
		s[0] = 2
	}
}
