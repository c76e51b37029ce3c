package barrier

import "github.com/smemlint/smemlint/simt"

// okTree is the sequential reduction: the barrier is outside the branch.
//
//smemlint:launch block=1024
func okTree(t *simt.Thread, out []float32) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	for k := t.BlockDim.X / 2; k > 0; k /= 2 {
		if tid < k {
			s[tid] += s[tid+k]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}

// okUniformExit leaves whole blocks early.
//
//smemlint:launch block=256
func okUniformExit(t *simt.Thread, out []float32, n int) {
	if t.BlockIdx.X >= n {
		return
	}
	out[t.ThreadIdx.X] = 1
	t.SyncThreads()
}

// okUniformLoop has a trip count that depends on parameters only, and
// guarded loads inside.
//
//smemlint:launch block=256
func okUniformLoop(t *simt.Thread, out, in []float32, n int) {
	s := simt.Shared[[256]float32](t)
	for base := 0; base < n; base += t.BlockDim.X {
		if base+t.ThreadIdx.X < n {
			s[t.ThreadIdx.X] = in[base+t.ThreadIdx.X]
		}
		t.SyncThreads()
		if t.ThreadIdx.X == 0 {
			out[0] += s[0]
		}
		t.SyncThreads()
	}
}

// okFlag reads a shared flag that thread 0 wrote before a barrier: the
// condition is block-uniform.
//
//smemlint:launch block=128
func okFlag(t *simt.Thread, out []float32, counter []int32) {
	flag := simt.Shared[bool](t)
	if t.ThreadIdx.X == 0 {
		*flag = simt.AtomicAdd(t, &counter[0], 1) == int32(t.GridDim.X-1)
	}
	t.SyncThreads()
	if *flag {
		out[t.ThreadIdx.X] = 0
		t.SyncThreads()
	}
}

// okWarp syncs the lanes of whole warps: tid < 32 is warp-uniform in a
// block of 1024.
//
//smemlint:launch block=1024
func okWarp(t *simt.Thread, out []float32) {
	s := simt.Shared[[64]float32](t)
	tid := t.ThreadIdx.X
	if tid < 32 {
		v := s[tid] + s[tid+32]
		t.SyncWarp(0xffffffff)
		s[tid] = v
	}
}

// okWarpExit leaves by whole warps before a full-mask SyncWarp.
//
//smemlint:launch block=256
func okWarpExit(t *simt.Thread, out []float32, m int) {
	if (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)/32 >= m {
		return
	}
	t.SyncWarp(0xffffffff)
	out[t.ThreadIdx.X] = 1
}

// okHalfWarp names only the lanes that call it.
//
//smemlint:launch block=64
func okHalfWarp(t *simt.Thread, out []float32) {
	if t.ThreadIdx.X%32 < 16 {
		t.SyncWarp(0x0000ffff)
	}
}

// okCluster synchronises every block of the cluster.
//
//smemlint:launch block=64 grid=4 cluster=2
func okCluster(t *simt.Thread, out []float32, n int) {
	c := t.Cluster()
	c.Sync()
	if c.BlockRank() == 0 && t.ThreadIdx.X < n {
		out[t.ThreadIdx.X] = 1
	}
	c.Sync()
}

// okConstant prunes branches on the block size, as a template would.
//
//smemlint:launch block=512
func okConstant(t *simt.Thread, s []float32) {
	if t.BlockDim.X >= 1024 {
		if t.ThreadIdx.X < 512 {
			t.SyncThreads()
		}
	}
	t.SyncThreads()
}

// okBreakUniform leaves its loop on a uniform condition.
//
//smemlint:launch block=64
func okBreakUniform(t *simt.Thread, s []float32, n int) {
	for i := 0; i < 8; i++ {
		t.SyncThreads()
		if i == n {
			break
		}
	}
}

// okWarpBranches: the lanes of each branch meet in a SyncWarp with the
// same mask.
//
//smemlint:launch block=64
func okWarpBranches(t *simt.Thread, out []float32) {
	if t.ThreadIdx.X%32 < 16 {
		out[t.ThreadIdx.X] = 1
		t.SyncWarp(0xffffffff)
	} else {
		t.SyncWarp(0xffffffff)
		out[t.ThreadIdx.X] = 2
	}
}

// okHuge has an invalid shape: the launch fails; nothing is enumerated.
//
//smemlint:launch block=1024x1024
func okHuge(t *simt.Thread, s []float32) {
	if t.ThreadIdx.X < 5 {
		t.SyncThreads()
	}
}
