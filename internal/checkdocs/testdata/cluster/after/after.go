// End every path that touched another block's shared memory with
// Cluster().Sync(): no block of the cluster leaves, and releases its
// shared memory, before the others are done reading it. The first
// Cluster().Sync() likewise guarantees that the partner has started and
// written what is read.
package after

import "github.com/smemlint/smemlint/simt"

// Swap has each block of a two-block cluster read its partner's shared
// memory, and waits for the cluster before exiting.
//
//smemlint:launch block=128 grid=4 cluster=2
func Swap(t *simt.Thread, out []int32) {
	s := simt.Shared[[128]int32](t)
	c := t.Cluster()
	s[t.ThreadIdx.X] = int32(c.BlockRank())
	c.Sync()
	peer := simt.MapSharedRank(t, s, c.BlockRank()^1)
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = peer[t.ThreadIdx.X]
	c.Sync()
}
