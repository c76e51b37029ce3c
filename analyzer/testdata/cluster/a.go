// Package cluster holds cases for the cluster check.
package cluster

import "github.com/smemlint/smemlint/simt"

// noFinalSync is the histogram of seed 004 without its final
// cluster.sync().
//
//smemlint:launch block=256 grid=4 cluster=2 shared=1024
func noFinalSync(t *simt.Thread, bins, input []int32, binsPerBlock int) {
	smem := simt.DynamicShared[int32](t)
	cluster := t.Cluster()
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		smem[i] = 0
	}
	cluster.Sync()
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(input); i += t.BlockDim.X * t.GridDim.X {
		bin := int(input[i])
		dst := simt.MapSharedRankSlice(t, smem, bin/binsPerBlock)
		simt.AtomicAdd(t, &dst[bin%binsPerBlock], 1) // want `distributed shared memory of another block used here \(dst\[bin % binsPerBlock\]\) and no Cluster\(\)\.Sync\(\) follows before the block exits: that block may exit while it is still accessed; cluster of 2, block 256`
	}
	t.SyncThreads()
	for i := t.ThreadIdx.X; i < binsPerBlock; i += t.BlockDim.X {
		simt.AtomicAdd(t, &bins[i], smem[i])
	}
}

//smemlint:launch block=64 grid=4 cluster=2
func mapBeforeSync(t *simt.Thread) {
	s := simt.Shared[[64]int32](t)
	c := t.Cluster()
	peer := simt.MapSharedRank(t, s, c.BlockRank()^1) // want `MapSharedRank maps distributed shared memory before the first Cluster\(\)\.Sync\(\): the other blocks of the cluster may not have started; cluster of 2, block 64`
	c.Sync()
	peer[t.ThreadIdx.X] = 1
	c.Sync()
}

//smemlint:launch block=64 grid=4 cluster=2
func conditionalFirstSync(t *simt.Thread, n int) {
	s := simt.Shared[[64]int32](t)
	c := t.Cluster()
	if n > 0 {
		c.Sync()
	}
	peer := simt.MapSharedRank(t, s, c.BlockRank()^1) // want `MapSharedRank maps distributed shared memory before the first Cluster\(\)\.Sync\(\) on the path where n > 0 fails \(a\.go:42\): the other blocks of the cluster may not have started; cluster of 2, block 64`
	peer[t.ThreadIdx.X] = 1
	c.Sync()
}

//smemlint:launch block=64 grid=4 cluster=2
func returnBeforeFinalSync(t *simt.Thread, n int) {
	s := simt.Shared[[64]int32](t)
	c := t.Cluster()
	c.Sync()
	peer := simt.MapSharedRank(t, s, c.BlockRank()^1)
	peer[t.ThreadIdx.X] = 1 // want `distributed shared memory of another block used here \(peer\[t\.ThreadIdx\.X\]\) and no Cluster\(\)\.Sync\(\) follows on the path through the return at a\.go:58 before the block exits: that block may exit while it is still accessed; cluster of 2, block 64`
	if n > 5 {
		return
	}
	c.Sync()
}

//smemlint:launch block=64 grid=4 cluster=2
func accessAfterLastSync(t *simt.Thread) {
	s := simt.Shared[[64]int32](t)
	c := t.Cluster()
	c.Sync()
	peer := simt.MapSharedRank(t, s, c.BlockRank()^1)
	c.Sync()
	peer[t.ThreadIdx.X] = 1 // want `distributed shared memory of another block used here \(peer\[t\.ThreadIdx\.X\]\) and no Cluster\(\)\.Sync\(\) follows before the block exits: that block may exit while it is still accessed; cluster of 2, block 64`
}
