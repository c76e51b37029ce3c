package cluster

import "github.com/smemlint/smemlint/simt"

// okHist is seed 004's histogram: a cluster barrier first and last.
//
//smemlint:launch block=256 grid=4 cluster=2 shared=1024
func okHist(t *simt.Thread, bins, input []int32, binsPerBlock int) {
	smem := simt.DynamicShared[int32](t)
	cluster := t.Cluster()
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		smem[i] = 0
	}
	cluster.Sync()
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(input); i += t.BlockDim.X * t.GridDim.X {
		bin := int(input[i])
		dst := simt.MapSharedRankSlice(t, smem, bin/binsPerBlock)
		simt.AtomicAdd(t, &dst[bin%binsPerBlock], 1)
	}
	cluster.Sync()
	lbins := bins[cluster.BlockRank()*binsPerBlock:]
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		simt.AtomicAdd(t, &lbins[i], smem[i])
	}
}

// okOwnRank maps the block's own shared memory after the first barrier:
// no other block is involved.
//
//smemlint:launch block=64 grid=4 cluster=2
func okOwnRank(t *simt.Thread) {
	s := simt.Shared[[64]int32](t)
	c := t.Cluster()
	c.Sync()
	own := simt.MapSharedRank(t, s, c.BlockRank())
	own[t.ThreadIdx.X] = 1
}

// okExchange writes to the neighbour between two barriers, inside a
// device function.
//
//smemlint:launch block=64 grid=4 cluster=2
func okExchange(t *simt.Thread) {
	c := t.Cluster()
	c.Sync()
	exchange(t)
	c.Sync()
}

func exchange(t *simt.Thread) {
	s := simt.Shared[[64]int32](t)
	peer := simt.MapSharedRank(t, s, t.Cluster().BlockRank()^1)
	peer[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
}
