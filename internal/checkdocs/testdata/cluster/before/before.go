package before

import "github.com/smemlint/smemlint/simt"

// Swap has each block of a two-block cluster read its partner's shared
// memory, then exit: the partner may already be gone.
//
//smemlint:launch block=128 grid=4 cluster=2
func Swap(t *simt.Thread, out []int32) {
	s := simt.Shared[[128]int32](t)
	c := t.Cluster()
	s[t.ThreadIdx.X] = int32(c.BlockRank())
	c.Sync()
	peer := simt.MapSharedRank(t, s, c.BlockRank()^1)
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = peer[t.ThreadIdx.X]
}
