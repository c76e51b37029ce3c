package simt

import (
	"math/bits"
	"sync/atomic"
)

// threadState is where a kernel thread is in its life.
type threadState uint8

const (
	stUnstarted threadState = iota
	stRunning
	stRunnable // released from a wait, queued to run
	stWaiting  // parked at a barrier or warp collective
	stExited
)

// A block is one thread block of a group.
type block struct {
	g       *group
	idx     Dim3
	rank    int // linear index within the cluster
	threads []Thread
	warps   []warp
	exited  int

	barWait  int         // threads waiting at SyncThreads
	barSite  barrierSite // the barrier the first of them waits at
	barSplit bool        // some wait at another site: the barrier cannot complete

	shared arena
}

// A warp tracks its lanes for warp collectives.
type warp struct {
	present uint32 // lanes that exist: fewer in a partial last warp
	waiting uint32 // lanes parked in a collective
	exited  uint32
}

// A group is what runs cooperatively: one block, or the blocks of a
// cluster. Its state is touched only by the thread that runs, and handed
// from thread to thread through channel operations.
type group struct {
	l       *launch
	w       *worker
	index   int
	blocks  []block
	threads []Thread // all threads, block by block in rank order

	runq   []int32 // released threads, in release order (a ring)
	rqHead int
	rqLen  int
	next   int // the first thread not yet started
	live   int // threads started and not exited

	clWait  int // threads waiting at Cluster().Sync
	clPC    uintptr
	clSplit bool

	aborting  bool // the launch failed: unwind, start nothing
	abortScan int  // threads before it have been told to unwind

	handoff *Thread // the thread the worker is to run next; nil when done

	running atomic.Pointer[Thread] // the thread that may use the API now
}

// reset prepares the worker's group for group gi, reusing its slabs.
func (g *group) reset(w *worker, gi int) {
	l := w.l
	nt := l.groupThreads
	if cap(g.threads) < nt {
		g.threads = make([]Thread, nt)
		g.runq = make([]int32, nt)
		g.blocks = make([]block, l.groupBlocks)
	}
	clear(g.threads[:nt])
	*g = group{l: l, w: w, index: gi, blocks: g.blocks, threads: g.threads[:nt], runq: g.runq}
	cg := dimAt(gi, l.clusterGrid)
	nw := (l.blockThreads + WarpSize - 1) / WarpSize
	for r := range g.blocks {
		b := &g.blocks[r]
		rc := dimAt(r, l.cluster)
		warps, arena := b.warps, b.shared
		*b = block{g: g, rank: r, idx: Dim3{
			X: cg.X*l.cluster.X + rc.X, Y: cg.Y*l.cluster.Y + rc.Y, Z: cg.Z*l.cluster.Z + rc.Z,
		}}
		b.threads = g.threads[r*l.blockThreads : (r+1)*l.blockThreads]
		if cap(warps) < nw {
			warps = make([]warp, nw)
		}
		b.warps = warps[:nw]
		for i := range b.warps {
			b.warps[i] = warp{present: ^uint32(0)}
		}
		if rem := l.blockThreads % WarpSize; rem != 0 {
			b.warps[nw-1].present = 1<<rem - 1
		}
		b.shared.reset(&arena)
		for i := range b.threads {
			t := &b.threads[i]
			t.ThreadIdx, t.BlockIdx, t.BlockDim, t.GridDim = dimAt(i, l.block), b.idx, l.block, l.grid
			t.g, t.b, t.linear = g, b, int32(i)
			t.cl.t = t
		}
	}
}

// enqueue marks the waiting thread u released.
func (g *group) enqueue(u *Thread) {
	u.state = stRunnable
	g.runq[(g.rqHead+g.rqLen)%len(g.runq)] = int32(u.b.rank*len(u.b.threads)) + u.linear
	g.rqLen++
}

// releaseAll releases the waiting threads ts, in thread order.
func (g *group) releaseAll(ts []Thread) {
	for i := range ts {
		g.enqueue(&ts[i])
	}
}

// pick chooses the thread to run next: the first released thread, else the
// next unstarted one, which it counts as live. An aborting group only
// resumes parked threads, one after another, so that they unwind. pick
// returns nil when no thread can run.
func (g *group) pick() *Thread {
	if g.aborting {
		for ; g.abortScan < g.next; g.abortScan++ {
			if u := &g.threads[g.abortScan]; u.state == stWaiting || u.state == stRunnable {
				g.abortScan++
				return u
			}
		}
		return nil
	}
	if g.rqLen > 0 {
		u := &g.threads[g.runq[g.rqHead]]
		g.rqHead = (g.rqHead + 1) % len(g.runq)
		g.rqLen--
		return u
	}
	if g.next < len(g.threads) {
		u := &g.threads[g.next]
		g.next++
		g.live++
		return u
	}
	return nil
}

// checkAbort reports whether the group must unwind because it or an
// earlier group failed.
func (g *group) checkAbort() bool {
	if !g.aborting && g.l.stopped(g.index) {
		g.aborting = true
	}
	return g.aborting
}

// fail records an error of this group and makes the group unwind. Errors
// met while unwinding are consequences and are dropped.
func (g *group) fail(err *LaunchError) {
	if g.aborting {
		return
	}
	g.aborting = true
	g.l.fail(err, g.index)
}

// park blocks the running thread t, which has just registered at a barrier
// or collective (and may have released it), until t runs again.
func (g *group) park(t *Thread) {
	if g.checkAbort() {
		panic(errAbort)
	}
	u := g.pick()
	switch {
	case u == t:
		t.state = stRunning
		return
	case u == nil:
		g.fail(g.deadlock())
		panic(errAbort)
	}
	g.handoff = u
	t.c.park()
	if g.aborting {
		panic(errAbort)
	}
}

// exit retires thread t, which ran on carrier c, and chooses the next
// thread to run. A thread not yet started runs on c itself, so that a
// kernel without barriers runs a whole block on one goroutine with no
// switch at all. exit returns the thread c runs next, or nil when c has
// become idle and goes back to the worker.
func (g *group) exit(c *carrier, t *Thread) *Thread {
	g.retire(t)
	for {
		g.checkAbort()
		u := g.pick()
		switch {
		case u != nil && u.state == stUnstarted && !c.dead:
			u.state, u.c = stRunning, c
			g.running.Store(u)
			return u
		case u != nil || g.live == 0:
			g.handoff = u
			if !c.dead {
				c.w.free = append(c.w.free, c)
			}
			return nil
		}
		g.fail(g.deadlock())
	}
}

// retire marks t exited and reports what its exit makes impossible: lanes
// waiting for it in a collective, and blocks of its cluster it mapped
// without a Cluster().Sync() since.
func (g *group) retire(t *Thread) {
	t.state = stExited
	g.live--
	b := t.b
	b.exited++
	lane := uint32(t.linear) % WarpSize
	w := &b.warps[t.linear/WarpSize]
	w.exited |= 1 << lane
	if g.aborting {
		return
	}
	base := int(t.linear) - int(lane)
	for m := w.waiting; m != 0; m &= m - 1 {
		o := &b.threads[base+bits.TrailingZeros32(m)]
		if o.mask&(1<<lane) != 0 {
			g.fail(g.laneExited(t, o))
			return
		}
	}
	if t.mapPC != 0 {
		g.fail(g.mappedExit(t))
	}
}

// recovered turns the way thread t left its kernel abnormally into the
// launch's error: r is the panic value, nil for runtime.Goexit.
func (g *group) recovered(c *carrier, t *Thread, r any) {
	switch r {
	case errAbort:
		return
	case nil:
		// The goroutine ends after this deferred call whatever we do.
		c.dead = true
		g.fail(t.errorHere(KindMisuse, "kernel thread called runtime.Goexit (t.FailNow or t.SkipNow of a test inside a kernel?)", nil))
		return
	}
	g.fail(t.faultError(r))
}
