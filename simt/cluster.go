package simt

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Cluster is the thread block cluster of a thread: cooperative_groups::
// this_cluster(). Without a cluster in the launch configuration every
// block is a cluster of one.
type Cluster struct{ t *Thread }

// Cluster returns the calling thread's cluster.
func (t *Thread) Cluster() *Cluster {
	t.enter("Cluster")
	return &t.cl
}

// BlockRank returns the rank of the thread's block in its cluster: its
// linear index x + y*Cx + z*Cx*Cy within the cluster.
func (c *Cluster) BlockRank() int {
	c.thread("BlockRank")
	return c.t.b.rank
}

// NumBlocks returns the number of blocks in the cluster.
func (c *Cluster) NumBlocks() int {
	return len(c.thread("NumBlocks").blocks)
}

func (c *Cluster) thread(op string) *group {
	if c == nil {
		panic(&apiPanic{"simt: Cluster()." + op + " called on a nil *Cluster"})
	}
	return c.t.enter("Cluster()." + op)
}

// Sync is cluster.sync(): it waits until every thread of every block of
// the cluster waits at this same call site. It also orders distributed
// shared memory: a block may touch another block's shared memory only
// after a Sync, and must Sync again before it exits.
func (c *Cluster) Sync() {
	g := c.thread("Sync")
	t := c.t
	g.l.noteName()
	var pcs [1]uintptr
	runtime.Callers(2, pcs[:]) // the call site
	pc := pcs[0]
	if g.clWait == 0 {
		g.clPC, g.clSplit = pc, false
	} else if pc != g.clPC {
		g.clSplit = true
	}
	g.clWait++
	t.wait, t.pc, t.state = waitCluster, pc, stWaiting
	if g.clWait == len(g.threads) && !g.clSplit {
		g.clWait = 0
		g.releaseAll(g.threads)
	}
	g.park(t)
	t.csyncs++
	t.mapPC = 0
}

// MapSharedRank is cluster.map_shared_rank for a Shared array: p points
// into the calling block's shared memory, and the result points to the
// same place in the shared memory of the block of rank rank.
func MapSharedRank[A any](t *Thread, p *A, rank int) *A {
	t.enter("MapSharedRank")
	return (*A)(t.mapShared("MapSharedRank", unsafe.Pointer(p), unsafe.Sizeof(*p), rank, callerPC(1)))
}

// MapSharedRankSlice is MapSharedRank for a slice of shared memory, such as
// one from DynamicShared: the result has the same length and capacity.
func MapSharedRankSlice[E any](t *Thread, s []E, rank int) []E {
	t.enter("MapSharedRankSlice")
	var e E
	p := t.mapShared("MapSharedRankSlice", unsafe.Pointer(unsafe.SliceData(s)),
		uintptr(cap(s))*unsafe.Sizeof(e), rank, callerPC(1))
	if p == nil {
		return s
	}
	return unsafe.Slice((*E)(p), cap(s))[:len(s)]
}

// mapShared translates the object of size bytes at p, in the calling
// block's shared memory, to block rank's copy of it.
func (t *Thread) mapShared(op string, p unsafe.Pointer, size uintptr, rank int, pc uintptr) unsafe.Pointer {
	g, b := t.g, t.b
	switch {
	case t.csyncs == 0:
		t.fail(KindCluster, "%s: distributed shared memory used before the cluster has synchronised: call Cluster().Sync() first", op)
	case rank < 0 || rank >= len(g.blocks):
		t.fail(KindCluster, "%s: block rank %d is out of range: the cluster has %d blocks", op, rank, len(g.blocks))
	}
	to := &g.blocks[rank]
	if to.exited == len(to.threads) {
		t.fail(KindCluster, "%s: block rank %d %s has exited; its shared memory is gone", op, rank, coord(to.idx))
	}
	if size == 0 && p == nil {
		return nil
	}
	r := b.shared.find(uintptr(p), size)
	if r == nil {
		t.fail(KindCluster, "%s: the %d bytes passed are not within the shared memory of block rank %d", op, size, b.rank)
	}
	q := to.shared.twin(r, t)
	if rank != b.rank {
		t.mapPC, t.mapRank = pc, rank
	}
	return unsafe.Add(q.ptr, uintptr(p)-uintptr(r.ptr))
}

// mappedExit is the error of thread t exiting after mapping another block's
// shared memory with no Cluster().Sync() since: the other block may exit
// while t's accesses are still in flight.
func (g *group) mappedExit(t *Thread) *LaunchError {
	msg := fmt.Sprintf("block rank %d thread %s mapped the shared memory of block rank %d at %s and exited "+
		"without a Cluster().Sync() after it: block %d may exit while it is still accessed",
		t.b.rank, coord(t.ThreadIdx), t.mapRank, sitePos(t.mapPC), t.mapRank)
	return t.errorAt(KindCluster, "", sitePos(t.mapPC), msg, nil)
}
