package simt

import (
	"cmp"
	"reflect"
	"slices"

	"github.com/smemlint/smemlint/model"
)

// Request formation in traced runs (for simcheck).
//
// A request is one execution of one access site by the lanes of one warp
// that take part. SIMT hardware issues a warp's k-th execution of a site
// for all the lanes that reach it together, so the lanes' k-th records of
// a site form one request: lanes that skip the site are absent from it,
// and lanes that leave a loop early are absent from its later requests.
// Counting starts again after every barrier (no request spans one) and,
// for the lanes of a warp, after every SyncWarp. Within those epochs the
// order in which the scheduler runs threads does not matter, so requests
// form without running warps in lockstep, and kernels compute what they
// compute in plain runs.
//
// A value that is not one access of 1, 2, 4, 8 or 16 aligned bytes (a
// 12-byte struct, a [4]float32 at an address that is not a multiple of
// 16) is accessed part by part (model.SplitAccess, which the analyzer uses
// too): each part forms requests of its own, and so does the whole access
// that the lanes at an aligned address make.
//
// The lanes of one execution may also disagree on the memory space (a
// pointer chosen by the thread: shared for some lanes, global for others)
// or on the width (lanes at an aligned address make the whole access,
// the others its first part). The hardware resolves each lane's generic
// address to its window on its own, and serves shared and global memory
// by different units (banks, sectors), so such an execution is priced as
// one request per space and width, each of the lanes that made it; each
// of them is counted as split (TraceSite.Split), never dropped.

// Memory spaces of traced accesses.
const (
	spaceShared uint8 = iota
	spaceGlobal
	spaceRemote // shared memory of another block of the cluster
)

var spaceNames = [...]string{"shared", "global", "remote"}

// workerTrace is one worker's part of a traced launch: the pending
// requests of the group it runs, and what it measured so far.
type workerTrace struct {
	lt     *launchTrace
	arch   *model.Arch
	blocks []blockTrace // the running group's blocks, by rank
	stats  *traceStats  // the running group's measurements
	done   []groupStats // the measurements of the groups it ran
	free   []*pendReq
	// discard drops pending requests instead of pricing them.
	discard bool
	threads []threadTrace // the loop state of the group's threads
	loops   [][]int32     // the loops around each site
}

func newWorkerTrace(lt *launchTrace) *workerTrace {
	return &workerTrace{lt: lt, arch: lt.l.arch, stats: newTraceStats(), loops: lt.loops}
}

// blockTrace is the pending state of one block.
type blockTrace struct {
	used   bool
	epoch  int32 // the barrier epoch of the pending requests
	warps  []warpTrace
	shadow shadow
}

// warpTrace holds the pending requests of one warp, by site.
type warpTrace struct {
	sites   []*siteTrace // by site number; nil where the warp made no access
	touched []int32      // the site numbers with state
}

type siteTrace struct {
	parts []partTrace // one per part of the accessed value; usually one
}

// partTrace forms the requests of one part of one site in one warp.
type partTrace struct {
	epoch int32           // the warp's SyncWarp epoch of the pending requests
	iter  [WarpSize]int64 // each lane's loop iteration at its last execution (traceloop.go)
	count [WarpSize]int32 // each lane's executions in that iteration
	pend  map[pendKey]*pendReq
}

// pendKey says which request an execution belongs to: the iteration of
// the loops around the site, and the execution's number within it.
type pendKey struct {
	iter int64
	k    int32
}

// pendReq is a request still open to lanes.
type pendReq struct {
	req   model.Request
	site  int32
	op    uint8
	space uint8
	// split: the lanes of the execution disagreed on the space or the
	// width, and this is the request of those in one space of one width.
	split bool
	next  *pendReq // the execution's request in another space or of another width
}

// access records one traced access of the running thread t.
func (w *workerTrace) access(t *Thread, site int32, p uintptr, typ reflect.Type, op uint8) {
	if site < 0 {
		return
	}
	space, addr := w.locate(t, p)
	if size := int64(typ.Size()); op == opAtomic || model.WholeAt(addr, size) {
		w.record(t, site, 0, space, addr, int(size), op)
		return
	}
	offset := func(a, by int64, _ model.Layout) int64 { return a + by }
	model.SplitAccess(model.ReflectLayout{T: typ}, addr, model.WholenessAt, offset, func(a, n int64, part int, _ []model.Choice[int64]) {
		w.record(t, site, part, space, a, int(n), op)
	})
}

// locate returns the space of the Go address p and the address the
// hardware would see: the arena offset for shared memory, the address
// itself for global memory.
func (w *workerTrace) locate(t *Thread, p uintptr) (space uint8, addr int64) {
	if off, ok := t.b.sharedOffset(p); ok {
		return spaceShared, off
	}
	for i := range t.g.blocks {
		if b := &t.g.blocks[i]; b != t.b {
			if off, ok := b.sharedOffset(p); ok {
				return spaceRemote, off
			}
		}
	}
	return spaceGlobal, int64(p)
}

// record adds lane t's access to the request it belongs to, prices the
// request when every lane of the warp is in it, and watches shared memory
// for races.
func (w *workerTrace) record(t *Thread, site int32, part int, space uint8, addr int64, size int, op uint8) {
	bt := w.block(t)
	if epoch := t.barriers + int32(t.csyncs); epoch != bt.epoch {
		w.flushBlock(bt, t.b)
		bt.epoch = epoch
	}
	wi, lane := int(t.linear)/WarpSize, int(t.linear)%WarpSize
	wt := &bt.warps[wi]
	pt := wt.part(site, part)
	if pt.epoch != t.warpSyncs {
		w.flushPart(pt, t.b, wi)
		pt.epoch = t.warpSyncs
	}
	iter := w.iteration(t, site)
	if iter != pt.iter[lane] {
		pt.iter[lane], pt.count[lane] = iter, 0
	}
	key := pendKey{iter, pt.count[lane]}
	pt.count[lane]++
	if pt.pend == nil {
		pt.pend = map[pendKey]*pendReq{}
	}
	head := pt.pend[key]
	r := head
	for r != nil && (r.space != space || r.req.Size != size) {
		r = r.next
	}
	if r == nil {
		r = w.newReq()
		r.site, r.op, r.space = site, op, space
		r.req.Size, r.req.Load = size, op == opLoad
		if head == nil {
			pt.pend[key] = r
			head = r
		} else {
			r.next, head.next = head.next, r
			for x := head; x != nil; x = x.next {
				x.split = true
			}
		}
	}
	r.req.Addr[lane] = addr
	r.req.On |= 1 << lane
	if lanesOf(head) == t.b.warps[wi].present {
		w.priceAll(head, t.b, wi)
		delete(pt.pend, key)
	}
	if space == spaceShared {
		w.race(t, bt, site, key, addr, size, op)
	}
}

// block returns the trace state of t's block, set up on first use.
func (w *workerTrace) block(t *Thread) *blockTrace {
	if len(w.blocks) < len(t.g.blocks) {
		w.blocks = append(w.blocks, make([]blockTrace, len(t.g.blocks)-len(w.blocks))...)
	}
	bt := &w.blocks[t.b.rank]
	if !bt.used {
		bt.used = true
		bt.epoch = t.barriers + int32(t.csyncs)
		if cap(bt.warps) < len(t.b.warps) {
			bt.warps = make([]warpTrace, len(t.b.warps))
		}
		bt.warps = bt.warps[:len(t.b.warps)]
		bt.shadow.reset()
	}
	return bt
}

// part returns the request state of one part of a site.
func (wt *warpTrace) part(site int32, part int) *partTrace {
	for int(site) >= len(wt.sites) {
		wt.sites = append(wt.sites, nil)
	}
	st := wt.sites[site]
	if st == nil {
		st = &siteTrace{}
		wt.sites[site] = st
	}
	if len(st.parts) == 0 {
		wt.touched = append(wt.touched, site)
	}
	for part >= len(st.parts) {
		if len(st.parts) < cap(st.parts) {
			st.parts = st.parts[:len(st.parts)+1] // reuse its map
		} else {
			st.parts = append(st.parts, partTrace{})
		}
	}
	return &st.parts[part]
}

// flushPart prices the pending requests of a part and starts it afresh.
func (w *workerTrace) flushPart(pt *partTrace, b *block, warp int) {
	if len(pt.pend) > 0 {
		// In the order of execution, so that the worst request kept
		// is the same every run.
		keys := make([]pendKey, 0, len(pt.pend))
		for k := range pt.pend {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b pendKey) int { return cmp.Or(cmp.Compare(a.k, b.k), cmp.Compare(a.iter, b.iter)) })
		for _, k := range keys {
			w.priceAll(pt.pend[k], b, warp)
		}
		clear(pt.pend)
	}
	pt.iter, pt.count = [WarpSize]int64{}, [WarpSize]int32{}
}

// flushBlock prices every pending request of a block: its epoch is over.
func (w *workerTrace) flushBlock(bt *blockTrace, b *block) {
	for wi := range bt.warps {
		wt := &bt.warps[wi]
		for _, site := range wt.touched {
			st := wt.sites[site]
			for i := range st.parts {
				w.flushPart(&st.parts[i], b, wi)
			}
			st.parts = st.parts[:0]
		}
		wt.touched = wt.touched[:0]
	}
}

// groupDone prices what the group left pending and makes the worker's
// state ready for its next group. A group that failed, or stopped because
// another did, left requests that lanes never completed: they are
// dropped, not priced as requests of fewer lanes.
func (w *workerTrace) groupDone(g *group) {
	if w == nil {
		return
	}
	w.discard = g.aborting
	for i := range w.blocks {
		bt := &w.blocks[i]
		if bt.used && i < len(g.blocks) {
			w.flushBlock(bt, &g.blocks[i])
		}
		bt.used = false
	}
	w.discard = false
	w.resetThreads()
	w.done = append(w.done, groupStats{g.index, w.stats})
	w.stats = newTraceStats()
}

// groupStats are the measurements of one group.
type groupStats struct {
	group int
	stats *traceStats
}

func (w *workerTrace) newReq() *pendReq {
	if n := len(w.free); n > 0 {
		r := w.free[n-1]
		w.free = w.free[:n-1]
		return r
	}
	return &pendReq{}
}

// lanesOf returns the lanes in the requests of one execution.
func lanesOf(r *pendReq) uint32 {
	on := r.req.On
	for r = r.next; r != nil; r = r.next {
		on |= r.req.On
	}
	return on
}

// priceAll prices the requests of one execution: one, or one per space
// and width where its lanes disagreed.
func (w *workerTrace) priceAll(r *pendReq, b *block, warp int) {
	for r != nil {
		next := r.next
		w.price(r, b, warp)
		r = next
	}
}

// price measures a complete request and returns it to the free list.
func (w *workerTrace) price(r *pendReq, b *block, warp int) {
	if !w.discard {
		figure, ideal := price(w.arch, &r.req, r.space != spaceGlobal)
		w.stats.add(r, b.idx, warp, figure, ideal)
	}
	*r = pendReq{}
	w.free = append(w.free, r)
}
